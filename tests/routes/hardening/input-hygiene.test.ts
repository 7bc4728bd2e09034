/**
 * Input hygiene, through the route modules as a browser or a hand-made request
 * reaches them, against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): broken
 * bodies do not wipe a bio, invalid UTF-8 in multipart is refused, members cannot report their
 * own content, and the last admin cannot delete their own account.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountRoute from "../../../app/routes/account";
import * as accountDeleteConfirm from "../../../app/routes/account-delete-confirm";
import * as apiBio from "../../../app/routes/api-bio";
import * as apiReport from "../../../app/routes/api-report";
import { errors, moderation as m, privacy as pv } from "../../../domain/i18n/sv";
import { CLIENT_IP_HEADER } from "../../../server/http/client-ip";
import { profiles, reports, user } from "../../../server/db/schema";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { servicesContext } from "../../../server/platform/services";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie, type RouteHandler } from "../../../server/testing/route-call";

let forum: TestForum;
let anna: TestMember;
let annaCookie: string;
let categoryId: string;

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Anna_Bio" });
  annaCookie = await sessionCookie(forum, anna);
  categoryId = (await listCategories(forum.services.db))[0]!.id;
});
afterAll(() => forum.close());

/** POSTs a raw body with the given content type to a route action, as a hand-made request would. */
async function postRaw(handler: RouteHandler, url: string, body: BodyInit, contentType: string, cookie: string) {
  const request = new Request(`http://localhost:3000${url}`, {
    method: "POST",
    headers: { "content-type": contentType, cookie, origin: "http://localhost:3000", [CLIENT_IP_HEADER]: "203.0.113.9" },
    body,
  });
  const context = new RouterContextProvider();
  context.set(servicesContext, forum.services);
  try {
    return (await handler({ request, context, params: {} })) as Response;
  } catch (thrown) {
    // readForm's refusals are thrown `data()` answers.
    const d = thrown as { type?: string; data?: unknown; init?: { status?: number } };
    if (d?.type === "DataWithResponseInit") return Response.json(d.data, { status: d.init?.status ?? 500 });
    throw thrown;
  }
}

async function storedBio(id: string): Promise<string | null> {
  const [row] = await forum.services.db.select({ bio: profiles.bio }).from(profiles).where(eq(profiles.id, id));
  return row!.bio;
}

describe("POST /api/bio with a body it cannot read", () => {
  beforeAll(async () => {
    const saved = await callRoute(forum, apiBio.action, { url: "/api/bio", form: { bio: "Långsiktig investerare." }, cookie: annaCookie });
    expect(saved.status).toBe(200);
  });

  it("refuses malformed JSON, JSON and a broken multipart body with 400 and keeps the bio", async () => {
    const cases: Array<[string, string]> = [
      ['{"bio": ', "application/json"],
      ['{"bio": "Ny text"}', "application/json"],
      ["--gräns\r\nContent-Disposition: form-data; name=\"bio\"\r\n\r\nhalv", "multipart/form-data; boundary=gräns"],
      ["bio=x", "multipart/form-data"],
      ["", "application/x-www-form-urlencoded"],
    ];
    for (const [body, type] of cases) {
      const res = await postRaw(apiBio.action, "/api/bio", body, type, annaCookie);
      expect(res.status, `${type}: ${body}`).toBe(400);
      expect(await res.json()).toMatchObject({ ok: false, error: errors.badRequest });
      expect(await storedBio(anna.id)).toBe("Långsiktig investerare.");
    }
  });

  it("refuses a multipart field that is not UTF-8 like a URL-encoded one, and keeps the bio", async () => {
    const head = new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="bio"\r\n\r\nTrasig ');
    const tail = new TextEncoder().encode("\r\n--b--\r\n");
    const body = new Uint8Array([...head, 0xff, 0xfe, 0xc3, ...tail]);
    const res = await postRaw(apiBio.action, "/api/bio", body, "multipart/form-data; boundary=b", annaCookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: errors.invalidText });
    expect(await storedBio(anna.id)).toBe("Långsiktig investerare.");

    const urlEncoded = await postRaw(apiBio.action, "/api/bio", "bio=Trasig%FF", "application/x-www-form-urlencoded", annaCookie);
    expect(urlEncoded.status).toBe(400);
    expect(await storedBio(anna.id)).toBe("Långsiktig investerare.");
  });

  it("still saves a multipart bio that is valid UTF-8, a typed U+FFFD included, and `bio=` empties it", async () => {
    const multipart = new FormData();
    multipart.set("bio", "Utdelning \uFFFD och Åsa");
    const saved = await callRoute(forum, apiBio.action, { url: "/api/bio", multipart, cookie: annaCookie });
    expect(saved.status).toBe(200);
    expect(await storedBio(anna.id)).toBe("Utdelning \uFFFD och Åsa");
    const invisible = await callRoute(forum, apiBio.action, { url: "/api/bio", form: { bio: "\u200B\u2800" }, cookie: annaCookie });
    expect(invisible.status).toBe(200);
    expect(await storedBio(anna.id)).toBeNull();
  });
});

describe("reporting one's own content", () => {
  it("answers 403 'Du kan inte anmäla ditt eget innehåll.' for one's own thread and comment, stores nothing", async () => {
    const author = { id: anna.id, role: "member" as const, nickname: anna.nickname };
    const thread = await createThread(forum.services.db, author, { categoryId, title: "Min egen tråd", body: "Text" });
    const comment = await createComment(forum.services.db, author, thread.id, { body: "Min egen kommentar" });
    for (const [targetType, targetId] of [
      ["thread", thread.id],
      ["comment", comment.id],
    ] as const) {
      const res = await callRoute(forum, apiReport.action, {
        url: "/api/report",
        form: { targetType, targetId, reason: "spam" },
        cookie: annaCookie,
      });
      expect(res.status, targetType).toBe(403);
      expect(res.body).toMatchObject({ ok: false, error: m.cannotReportOwn });
      expect(await forum.services.db.select().from(reports).where(eq(reports.targetId, targetId))).toHaveLength(0);
    }
    // Someone else may report it.
    const bertil = await createMember(forum);
    const other = await callRoute(forum, apiReport.action, {
      url: "/api/report",
      form: { targetType: "thread", targetId: thread.id, reason: "spam" },
      cookie: await sessionCookie(forum, bertil),
    });
    expect(other.status).toBe(200);
  });
});

describe("the last admin deleting their own account", () => {
  async function exists(id: string): Promise<boolean> {
    return (await forum.services.db.select({ id: user.id }).from(user).where(eq(user.id, id))).length === 1;
  }

  it("is refused with 409 while they are the only admin, by password and by mailed link; allowed once there is another", async () => {
    await forum.services.db.update(profiles).set({ roleId: "member" }).where(eq(profiles.roleId, "admin"));
    const only = await createMember(forum, { role: "admin" });
    const cookie = await sessionCookie(forum, only);
    const refused = await callRoute(forum, accountRoute.action, {
      url: "/forum/konto",
      form: { intent: "delete", password: only.password },
      cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, error: pv.lastAdminCannotDelete });
    expect(await exists(only.id)).toBe(true);

    const sent = await callRoute(forum, accountRoute.action, { url: "/forum/konto", form: { intent: "send-link" }, cookie });
    expect(sent.status).toBe(200);
    const token = forum.mails.at(-1)!.text.match(/radera\?token=([A-Za-z0-9_-]{43})/)![1]!;
    const byLink = await callRoute(forum, accountDeleteConfirm.action, { url: "/forum/konto/radera", form: { token }, cookie });
    expect(byLink.status).toBe(409);
    expect(byLink.body).toMatchObject({ error: pv.lastAdminCannotDelete });
    expect(await exists(only.id)).toBe(true);

    // With a second admin the same link (still valid) deletes the account.
    await createMember(forum, { role: "admin" });
    const deleted = await callRoute(forum, accountDeleteConfirm.action, { url: "/forum/konto/radera", form: { token }, cookie });
    expect(deleted.status).toBe(302);
    expect(await exists(only.id)).toBe(false);
  });
});
