/**
 * The storage quota of post images (docs/decisions/008-uploads.md "Post images: storage quota")
 * through `POST /api/uploads/post` on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) and real sharp, with the real numbers (no limit multiplier): the bytes of the
 * last 24 hours, a new account's first-day limits, the total, two parallel uploads at the edge,
 * and the largest stored size after re-encoding. A refusal stores nothing and deletes nothing.
 *
 * Earlier usage is written as `post_images` rows directly (their sizes are what the quota sums),
 * so the tests need not upload megabytes.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads as up } from "../../../domain/i18n/sv";
import {
  parsePostImageUrl,
  POST_IMAGE_DAY_QUOTA_BYTES,
  POST_IMAGE_DAY_QUOTA_MB,
  POST_IMAGE_FIRST_DAY_MAX_UPLOADS,
  POST_IMAGE_FIRST_DAY_QUOTA_BYTES,
  POST_IMAGE_FIRST_DAY_QUOTA_MB,
  POST_IMAGE_MAX_SIDE,
  POST_IMAGE_STORED_MAX_BYTES,
  POST_IMAGE_TOTAL_QUOTA_BYTES,
  POST_IMAGE_TOTAL_QUOTA_MB,
} from "../../../domain/uploads";
import * as apiPostImages from "../../../app/routes/api-post-images";
import { loader as serveUpload } from "../../../app/routes/uploads";
import { postImages, user } from "../../../server/db/schema";
import { servicesContext } from "../../../server/platform/services";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";
import { processPostImage, UploadError } from "../../../server/uploads/images";
import { storePostImage } from "../../../server/uploads/post-images";

let forum: TestForum;
const db = () => forum.services.db;
const DAY_MS = 24 * 60 * 60 * 1000;
let ipCounter = 0;

beforeAll(async () => {
  forum = await createTestForum();
}, 60_000);
afterAll(async () => forum?.close());

/** A member whose account is `ageDays` old, with a session cookie. */
async function member(ageDays: number, role?: "admin"): Promise<TestMember & { cookie: string }> {
  const m = await createMember(forum, { role });
  if (ageDays > 0) await db().update(user).set({ createdAt: new Date(Date.now() - ageDays * DAY_MS) }).where(eq(user.id, m.id));
  return { ...m, cookie: await sessionCookie(forum, m) };
}

/** Earlier usage: a `post_images` row of `bytes` (no file; the quota only sums the rows). */
async function usage(ownerId: string, bytes: number, createdAt = new Date()): Promise<string> {
  const key = `posts/${randomBytes(16).toString("base64url")}-10x10.webp`;
  await db().insert(postImages).values({ key, ownerId, width: 10, height: 10, bytes, createdAt });
  return key;
}

function png(width = 160, height = 90, colour = "#0f766e"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function fileForm(bytes: Buffer, type = "image/png"): FormData {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), "graf.png");
  return form;
}

/** Each upload from its own address, so only the per-member rules count. */
const upload = (cookie: string, bytes: Buffer, type?: string) =>
  callRoute(forum, apiPostImages.action, { url: "/api/uploads/post", multipart: fileForm(bytes, type), cookie, ip: `198.51.100.${(ipCounter++ % 250) + 1}` });

async function serve(key: string): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(servicesContext, forum.services);
  const request = new Request(`http://localhost:3000/uploads/${key}`);
  return (await serveUpload({ request, url: new URL(request.url), pattern: "/uploads/*", context, params: { "*": key } } as never)) as Response;
}

const rowsOf = async (ownerId: string) => db().select().from(postImages).where(eq(postImages.ownerId, ownerId));
const storedFiles = () => {
  const dir = path.join(forum.services.config.dataDir, "uploads", "posts");
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".webp")).length : 0;
};

describe("post images: storage quota", () => {
  it(`over ${POST_IMAGE_DAY_QUOTA_MB} MB in 24 hours: 429 with the Swedish message and Retry-After; earlier images stay and are served; the window rolls`, async () => {
    const m = await member(3);
    const first = await upload(m.cookie, await png());
    expect(first.status).toBe(200);
    const firstKey = parsePostImageUrl(first.body.url)!.key;
    const filler = await usage(m.id, POST_IMAGE_DAY_QUOTA_BYTES - 100);
    const files = storedFiles();

    const refused = await upload(m.cookie, await png(200, 100, "#b91c1c"));
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    // The first upload leaves the window first: in about 24 hours.
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expect(refused.body).toEqual({ ok: false, error: up.postImageDayQuota(POST_IMAGE_DAY_QUOTA_MB, wait) });
    expect(storedFiles()).toBe(files);

    // Nothing already written is lost: the earlier image's row and file are there and served.
    expect((await rowsOf(m.id)).map((r) => r.key).sort()).toEqual([firstKey, filler].sort());
    const served = await serve(firstKey);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    // A day later the filler has left the window and the member uploads again.
    await db().update(postImages).set({ createdAt: new Date(Date.now() - DAY_MS - 60_000) }).where(eq(postImages.key, filler));
    expect((await upload(m.cookie, await png(200, 100, "#b91c1c"))).status).toBe(200);
  }, 30_000);

  it(`an account younger than a day: at most ${POST_IMAGE_FIRST_DAY_MAX_UPLOADS} images and ${POST_IMAGE_FIRST_DAY_QUOTA_MB} MB; an older account with the same usage is not refused`, async () => {
    const young = await member(0);
    const old = await member(2);
    for (const m of [young, old]) {
      for (let i = 0; i < POST_IMAGE_FIRST_DAY_MAX_UPLOADS; i++) await usage(m.id, 2_000);
    }
    const refused = await upload(young.cookie, await png());
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    // Until the account is a day old.
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expect(refused.body).toEqual({
      ok: false,
      error: up.postImageFirstDay(POST_IMAGE_FIRST_DAY_MAX_UPLOADS, POST_IMAGE_FIRST_DAY_QUOTA_MB, wait),
    });
    expect(await rowsOf(young.id)).toHaveLength(POST_IMAGE_FIRST_DAY_MAX_UPLOADS);
    expect((await upload(old.cookie, await png())).status).toBe(200);

    // Bytes: a new account near its first-day bytes is refused, an older one is not.
    const youngBytes = await member(0);
    const oldBytes = await member(2);
    for (const m of [youngBytes, oldBytes]) await usage(m.id, POST_IMAGE_FIRST_DAY_QUOTA_BYTES - 100);
    const refusedBytes = await upload(youngBytes.cookie, await png());
    expect(refusedBytes.status).toBe(429);
    expect(refusedBytes.body.error).toBe(
      up.postImageFirstDay(POST_IMAGE_FIRST_DAY_MAX_UPLOADS, POST_IMAGE_FIRST_DAY_QUOTA_MB, Number(refusedBytes.headers.get("retry-after"))),
    );
    expect((await upload(oldBytes.cookie, await png())).status).toBe(200);

    // Staff are exempt from the first-day limits (the first admin of a new forum posts at once).
    const admin = await member(0, "admin");
    for (let i = 0; i < POST_IMAGE_FIRST_DAY_MAX_UPLOADS; i++) await usage(admin.id, 2_000);
    expect((await upload(admin.cookie, await png())).status).toBe(200);
  }, 30_000);

  it(`over ${POST_IMAGE_TOTAL_QUOTA_MB} MB stored in total: 413 with the Swedish message, no Retry-After; the old images stay`, async () => {
    const m = await member(400);
    const old = await usage(m.id, POST_IMAGE_TOTAL_QUOTA_BYTES - 100, new Date(Date.now() - 300 * DAY_MS));
    const files = storedFiles();
    const refused = await upload(m.cookie, await png());
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ ok: false, error: up.postImageTotalQuota(POST_IMAGE_TOTAL_QUOTA_MB) });
    expect(refused.headers.get("retry-after")).toBeNull();
    expect((await rowsOf(m.id)).map((r) => r.key)).toEqual([old]);
    expect(storedFiles()).toBe(files);
  });

  it("two parallel uploads at the edge of the 24-hour quota: one is stored, the other refused and its file deleted", async () => {
    const m = await member(3);
    const image = await png(300, 200, "#1e3a8a");
    const size = (await processPostImage(image)).webp.length;
    // Room for one image and a half: both pass the check before decoding, only one fits.
    await usage(m.id, POST_IMAGE_DAY_QUOTA_BYTES - size - Math.floor(size / 2));
    const files = storedFiles();
    const answers = await Promise.all([upload(m.cookie, image), upload(m.cookie, image)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error).toBe(up.postImageDayQuota(POST_IMAGE_DAY_QUOTA_MB, Number(refused.headers.get("retry-after"))));
    expect(await rowsOf(m.id)).toHaveLength(2);
    expect(storedFiles()).toBe(files + 1);
  }, 30_000);

  it(`an image over ${POST_IMAGE_STORED_MAX_BYTES} bytes after re-encoding is stored at lower quality and size; one that never fits is 413 and nothing is stored`, async () => {
    const m = await member(3);
    // Photo noise: 2,400×1,600 is about 1.6 MB as WebP at the normal quality and full size.
    const [w, h] = [2400, 1600];
    const noise = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const answer = await upload(m.cookie, noise, "image/jpeg");
    expect(answer.status).toBe(200);
    expect(answer.body.width).toBeLessThan(POST_IMAGE_MAX_SIDE);
    expect(answer.body.width / answer.body.height).toBeCloseTo(w / h, 1);
    const ref = parsePostImageUrl(answer.body.url)!;
    const [row] = await db().select().from(postImages).where(eq(postImages.key, ref.key));
    expect(row!.bytes).toBeLessThanOrEqual(POST_IMAGE_STORED_MAX_BYTES);
    const served = await serve(ref.key);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(row!.bytes);

    // With a stored maximum no encoding reaches, the upload is refused and nothing is kept.
    const rows = (await rowsOf(m.id)).length;
    const files = storedFiles();
    const maxStoredBytes = 2_000;
    const small = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    const error = await storePostImage(forum.services, m.id, small, { maxStoredBytes }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).uploadStatus).toBe(413);
    expect((error as UploadError).message).toBe(up.postImageTooDetailed(maxStoredBytes / (1024 * 1024)));
    expect(await rowsOf(m.id)).toHaveLength(rows);
    expect(storedFiles()).toBe(files);
  }, 60_000);
});
