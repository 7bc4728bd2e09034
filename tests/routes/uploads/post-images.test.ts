/**
 * Images in posts (chart screenshots) on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) and real sharp: the upload endpoint `POST /api/uploads/post` (answers,
 * refusals, the per-member upload limit), how the stored image is served, the 10-images-per-post
 * rule of the thread and comment writes, and the orphan sweep.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abuseLimits as al, postImages as pi, uploads as up } from "../../../domain/i18n/sv";
import { MAX_POST_IMAGE_BYTES, MAX_POST_IMAGE_MB, MAX_POST_IMAGES, parsePostImageUrl } from "../../../domain/uploads";
import * as apiPostImages from "../../../app/routes/api-post-images";
import * as newThread from "../../../app/routes/new-thread";
import * as threadRoute from "../../../app/routes/thread";
import { loader as serveUpload } from "../../../app/routes/uploads";
import { comments, postImages, threads, user } from "../../../server/db/schema";
import { createComment, createThread, deleteThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { blockUser } from "../../../server/moderation/blocks";
import { servicesContext } from "../../../server/platform/services";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";
import { POST_IMAGE_GRACE_MS, storePostImage, sweepOrphanPostImages } from "../../../server/uploads/post-images";

let forum: TestForum;
let categoryId: string;
let member: TestMember;
let cookie: string;
const db = () => forum.services.db;
const asActor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
/** Where the local storage keeps a key. */
const fileOf = (key: string) => path.join(forum.services.config.dataDir, "uploads", key);

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  categoryId = (await listCategories(db()))[0]!.id;
  member = await createMember(forum, { nickname: "Bildskribent" });
  cookie = await sessionCookie(forum, member);
}, 60_000);
afterAll(async () => forum?.close());

function png(width = 320, height = 240, colour = "#1d4ed8"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function fileForm(bytes: Buffer | Uint8Array, name = "graf.png", type = "image/png"): FormData {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const upload = (form: FormData, as: { cookie?: string; ip?: string } = { cookie }) =>
  callRoute(forum, apiPostImages.action, { url: "/api/uploads/post", multipart: form, ...as });

async function serve(key: string): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(servicesContext, forum.services);
  const request = new Request(`http://localhost:3000/uploads/${key}`);
  return (await serveUpload({ request, url: new URL(request.url), pattern: "/uploads/*", context, params: { "*": key } } as never)) as Response;
}

describe("POST /api/uploads/post", () => {
  it("stores a capped WebP, records it, answers URL, size and Markdown; /uploads serves it with long cache and nosniff", async () => {
    const answer = await upload(fileForm(await png(4000, 1000)));
    expect(answer.status).toBe(200);
    const { ok, url, width, height, markdown } = answer.body;
    expect(ok).toBe(true);
    expect([width, height]).toEqual([2000, 500]);
    expect(markdown).toBe(`![${pi.altText}](${url})`);
    const ref = parsePostImageUrl(url);
    expect(ref).toEqual({ key: expect.stringMatching(/^posts\/.+-2000x500\.webp$/), width: 2000, height: 500 });
    const [row] = await db().select().from(postImages).where(eq(postImages.key, ref!.key));
    expect(row).toMatchObject({ ownerId: member.id, width: 2000, height: 500 });

    const served = await serve(ref!.key);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 2000, 500, undefined]);
  });

  it("a visitor gets 401, a blocked member 403, and nothing is stored", async () => {
    const before = (await db().select().from(postImages)).length;
    const visitor = await upload(fileForm(await png()), {});
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ ok: false, error: up.loginRequired });
    const blocked = await createMember(forum, { nickname: "BlockeradBild" });
    const admin = await createMember(forum, { nickname: "BildAdmin", role: "admin" });
    await blockUser(db(), asActor(admin), blocked.id);
    const refused = await upload(fileForm(await png()), { cookie: await sessionCookie(forum, blocked) });
    expect(refused.status).toBe(403);
    expect((await db().select().from(postImages)).length).toBe(before);
  });

  it("an SVG is 415 whatever its name, more than 8 MB is 413, no file is 400 — Swedish JSON, nothing stored", async () => {
    const before = (await db().select().from(postImages)).length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const svgAnswer = await upload(fileForm(svg, "graf.png", "image/png"));
    expect(svgAnswer.status).toBe(415);
    expect(svgAnswer.body).toEqual({ ok: false, error: up.unsupportedType });

    const big = Buffer.concat([await png(), Buffer.alloc(MAX_POST_IMAGE_BYTES)]);
    const bigAnswer = await upload(fileForm(big));
    expect(bigAnswer.status).toBe(413);
    expect(bigAnswer.body).toEqual({ ok: false, error: up.tooLarge(MAX_POST_IMAGE_MB) });

    const empty = await upload(new FormData());
    expect(empty.status).toBe(400);
    expect((await db().select().from(postImages)).length).toBe(before);
  });

  it("GET is 405", async () => {
    const answer = await callRoute(forum, apiPostImages.loader, { url: "/api/uploads/post", cookie });
    expect(answer.status).toBe(405);
  });

  it("the member's upload limit (shared with avatars): the 11th upload in 10 minutes is 429 with Retry-After", async () => {
    const limited = await createTestForum();
    try {
      const m = await createMember(limited, { nickname: "Gransbild" });
      // A day-old account, so the 11th is refused by the upload limit and not the first-day quota.
      await limited.services.db.update(user).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(user.id, m.id));
      const c = await sessionCookie(limited, m);
      const small = await png(40, 30);
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 11; i++) {
        last = await callRoute(limited, apiPostImages.action, { url: "/api/uploads/post", multipart: fileForm(small), cookie: c, ip: `198.51.100.${i + 1}` });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(last!.body).toEqual({ ok: false, error: al.upload(Number(last!.headers.get("retry-after"))) });
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe(`at most ${MAX_POST_IMAGES} images per post`, () => {
  const image = (i: number) => `![bild](/uploads/posts/${"A".repeat(21)}${String.fromCharCode(97 + i)}-100x100.webp)`;
  const bodyWith = (n: number) => Array.from({ length: n }, (_, i) => image(i)).join("\n");

  it("a new thread with 11 images is refused with the Swedish message and keeps the text; 10 pass", async () => {
    const refused = await callRoute(forum, newThread.action, {
      url: `/forum/ny-trad/${categoryId}`,
      params: { categoryId },
      form: { title: "Elva grafer", body: bodyWith(MAX_POST_IMAGES + 1), submitKey: crypto.randomUUID() },
      cookie,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(pi.tooManyImages(MAX_POST_IMAGES));
    expect(refused.body.values.body).toBe(bodyWith(MAX_POST_IMAGES + 1));
    expect(await db().select().from(threads).where(eq(threads.title, "Elva grafer"))).toHaveLength(0);

    const accepted = await callRoute(forum, newThread.action, {
      url: `/forum/ny-trad/${categoryId}`,
      params: { categoryId },
      form: { title: "Tio grafer", body: bodyWith(MAX_POST_IMAGES), submitKey: crypto.randomUUID() },
      cookie,
    });
    expect(accepted.status).toBe(302);
    const [row] = await db().select().from(threads).where(eq(threads.title, "Tio grafer"));
    expect(row!.bodyHtml.match(/<img /g)).toHaveLength(MAX_POST_IMAGES);
    expect(row!.bodyHtml).toContain('width="100" height="100" loading="lazy" decoding="async"');
  });

  it("a comment with 11 images is refused; the thread gets no comment", async () => {
    const { id: threadId } = await createThread(db(), asActor(member), { categoryId, title: "Kommentarsgrafer", body: "Text" });
    const refused = await callRoute(forum, threadRoute.action, {
      url: `/forum/kategori/${categoryId}/trad/${threadId}`,
      params: { categoryId, threadId },
      form: { intent: "comment", body: bodyWith(MAX_POST_IMAGES + 1), submitKey: `${crypto.randomUUID()}.top` },
      cookie,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(pi.tooManyImages(MAX_POST_IMAGES));
    expect(await db().select().from(comments).where(eq(comments.threadId, threadId))).toHaveLength(0);
  });
});

describe("orphan sweep", () => {
  it("deletes an old unreferenced image (row and file), keeps a referenced one and a fresh one; a deleted thread frees its image", async () => {
    const deps = { db: db(), config: forum.services.config };
    const orphan = await storePostImage(deps, member.id, await png(60, 40, "#f00"));
    const inThread = await storePostImage(deps, member.id, await png(60, 40, "#0f0"));
    const inComment = await storePostImage(deps, member.id, await png(60, 40, "#00f"));
    const fresh = await storePostImage(deps, member.id, await png(60, 40, "#ff0"));
    const thread = await createThread(db(), asActor(member), { categoryId, title: "Graf i tråd", body: `Se här:\n${inThread.markdown}` });
    await createComment(db(), asActor(member), thread.id, { body: `Och här: ${inComment.markdown}` });
    // All but the fresh one are older than the grace period.
    const old = new Date(Date.now() - POST_IMAGE_GRACE_MS - 60_000);
    for (const key of [orphan.key, inThread.key, inComment.key]) {
      await db().update(postImages).set({ createdAt: old }).where(eq(postImages.key, key));
    }
    for (const s of [orphan, inThread, inComment, fresh]) expect(existsSync(fileOf(s.key))).toBe(true);

    const swept = await sweepOrphanPostImages(deps);
    expect(swept).toEqual([orphan.key]);
    expect(existsSync(fileOf(orphan.key))).toBe(false);
    expect(await db().select().from(postImages).where(eq(postImages.key, orphan.key))).toHaveLength(0);
    for (const s of [inThread, inComment, fresh]) {
      expect(existsSync(fileOf(s.key)), s.key).toBe(true);
      expect(await db().select().from(postImages).where(eq(postImages.key, s.key))).toHaveLength(1);
    }
    expect((await serve(orphan.key)).status).toBe(404);

    // Deleting the thread deletes its comments: both images become orphans.
    await deleteThread(db(), asActor(member), thread.id);
    expect((await sweepOrphanPostImages(deps)).sort()).toEqual([inThread.key, inComment.key].sort());
    expect(existsSync(fileOf(inThread.key))).toBe(false);
    expect(existsSync(fileOf(inComment.key))).toBe(false);
    expect(existsSync(fileOf(fresh.key))).toBe(true);
  });
});
