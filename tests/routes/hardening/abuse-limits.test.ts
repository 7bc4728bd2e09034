/**
 * Abuse limits per action (README "Abuse limits"; docs/decisions/014): every
 * limit is driven through its route with a real session and client IP, and a burst over it gets
 * HTTP 429, `Retry-After` and the Swedish message, with the typed text kept. Windows are made to
 * pass by deleting the interval counters from `abuse_limits` (the "clock" of those limiters); the
 * first-day rules by setting `user.created_at`.
 */
import { eq, like, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auth as a, abuseLimits as al } from "../../../domain/i18n/sv";
import * as apiBio from "../../../app/routes/api-bio";
import * as apiEvents from "../../../app/routes/api-events";
import * as apiFollow from "../../../app/routes/api-follow";
import * as apiNotifications from "../../../app/routes/api-notifications";
import * as notificationsPage from "../../../app/routes/notifications";
import * as accountPage from "../../../app/routes/account";
import * as apiPresence from "../../../app/routes/api-presence";
import * as apiPreview from "../../../app/routes/api-preview";
import * as unsubscribe from "../../../app/routes/unsubscribe";
import * as apiTheme from "../../../app/routes/api-theme";
import * as authLogout from "../../../app/routes/auth-logout";
import * as authMagic from "../../../app/routes/auth-magic";
import * as authResetPassword from "../../../app/routes/auth-reset-password";
import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "../../../server/http/client-ip";
import { servicesContext } from "../../../server/platform/services";
import { unsubscribeToken } from "../../../server/admin/unsubscribe";
import * as apiMentions from "../../../app/routes/api-mentions";
import * as apiReport from "../../../app/routes/api-report";
import * as apiSearch from "../../../app/routes/api-search";
import * as apiUploads from "../../../app/routes/api-uploads";
import * as authSetPassword from "../../../app/routes/auth-set-password";
import * as newThread from "../../../app/routes/new-thread";
import * as searchPage from "../../../app/routes/search";
import * as threadRoute from "../../../app/routes/thread";
import { ACTION_LIMITS, createActionLimits } from "../../../server/abuse/action-limits";
import { parseConfig } from "../../../server/platform/config";
import { openDatabase } from "../../../server/db/client";
import { abuseLimits, comments, threads, user } from "../../../server/db/schema";
import { RateLimitedError } from "../../../server/platform/errors";
import { createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie, type RouteAnswer } from "../../../server/testing/route-call";
import { GENERIC_RENDER_HEADER, genericRenderSecret, personalContext } from "../../../server/cache/share-personal";
import { personalParts } from "../../../domain/personal";
import { GENERIC_VIEWER, type Viewer } from "../../../server/accounts/session";

let forum: TestForum;
let categoryId: string;
let ipCounter = 0;
/** A fresh client address per member, so per-IP counts of one test do not spill into another. */
const nextIp = () => `198.51.100.${++ipCounter}`;

interface Poster {
  member: TestMember;
  cookie: string;
  ip: string;
}

async function poster(options: { ageDays: number }): Promise<Poster> {
  const member = await createMember(forum);
  await forum.services.db
    .update(user)
    .set({ createdAt: new Date(Date.now() - options.ageDays * 86_400_000) })
    .where(eq(user.id, member.id));
  return { member, cookie: await sessionCookie(forum, member), ip: nextIp() };
}

/** Lets the interval window of a limit pass (its counters are the only state it has). */
async function letIntervalPass(name: "threadInterval" | "commentInterval") {
  await forum.services.db.delete(abuseLimits).where(like(abuseLimits.key, `act_${name}:%`));
}

const postThread = (p: Poster, title: string, body = `Innehåll för ${title}`) =>
  callRoute(forum, newThread.action, {
    url: `/forum/ny-trad/${categoryId}`,
    params: { categoryId },
    form: { title, body },
    cookie: p.cookie,
    ip: p.ip,
  });

const postComment = (p: Poster, threadId: string, body: string) =>
  callRoute(forum, threadRoute.action, {
    url: `/forum/kategori/${categoryId}/trad/${threadId}`,
    params: { categoryId, threadId },
    form: { intent: "comment", body },
    cookie: p.cookie,
    ip: p.ip,
  });

/** A 429 as the client sees it: status, Retry-After within (0, max], the message for that wait. */
function expectRefused(answer: RouteAnswer, maxWait: number, message: (s: number) => string) {
  expect(answer.status).toBe(429);
  const wait = Number(answer.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWait);
  expect(answer.body.error).toBe(message(wait));
}

let sharedThreadId: string;

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(forum.services.db))[0]!.id;
  const owner = await createMember(forum);
  sharedThreadId = (await createThread(forum.services.db, { ...owner, role: "member" }, { categoryId, title: "Tråd för kommentarer", body: "Kommentera gärna." })).id;
});
afterAll(() => forum.close());

describe("threads", () => {
  it("15 s between two threads: the second gets 429, Retry-After and the Swedish message, with the text kept", async () => {
    const p = await poster({ ageDays: 30 });
    expect((await postThread(p, "Första tråden")).status).toBe(302);
    const second = await postThread(p, "Andra tråden", "Det här vill jag inte skriva om.");
    expectRefused(second, 15, al.threadInterval);
    expect(second.body.error).toContain("15 sekunder");
    expect(second.body.values).toMatchObject({ title: "Andra tråden", body: "Det här vill jag inte skriva om." });
    const mine = await forum.services.db.select().from(threads).where(eq(threads.authorId, p.member.id));
    expect(mine.map((t) => t.title)).toEqual(["Första tråden"]);
    await letIntervalPass("threadInterval");
    expect((await postThread(p, "Andra tråden", "Det här vill jag inte skriva om.")).status).toBe(302);
  });

  it("an account younger than a day creates at most 3 threads; an older one is not held to that", async () => {
    const fresh = await poster({ ageDays: 0 });
    const old = await poster({ ageDays: 2 });
    for (let i = 1; i <= 3; i++) {
      expect((await postThread(fresh, `Ny medlem ${i}`)).status).toBe(302);
      expect((await postThread(old, `Van medlem ${i}`)).status).toBe(302);
      await letIntervalPass("threadInterval");
    }
    const fourth = await postThread(fresh, "Ny medlem 4");
    expectRefused(fourth, 86_400, al.threadFirstDay);
    expect(fourth.body.error).toMatch(/högst 3 trådar under sitt första dygn\. Försök igen om \d+ timmar\./);
    expect((await postThread(old, "Van medlem 4")).status).toBe(302);
  });

  it("identical text is refused for 5 minutes, with the seconds left", async () => {
    const p = await poster({ ageDays: 30 });
    expect((await postThread(p, "Rubrik ett", "Exakt samma text")).status).toBe(302);
    await letIntervalPass("threadInterval");
    const again = await postThread(p, "Rubrik två", "Exakt samma text");
    expectRefused(again, 300, al.identicalText);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(280);
    expect(again.body.values.title).toBe("Rubrik två");
  });
});

describe("comments and replies", () => {
  it("5 s between two comments: 429 with the text kept; a reply counts too", async () => {
    const p = await poster({ ageDays: 30 });
    expect((await postComment(p, sharedThreadId, "Första kommentaren")).status).toBe(200);
    const second = await postComment(p, sharedThreadId, "Andra kommentaren");
    expectRefused(second, 5, al.commentInterval);
    expect(second.body.values).toEqual({ body: "Andra kommentaren" });
    await letIntervalPass("commentInterval");
    const [first] = await forum.services.db.select().from(comments).where(eq(comments.authorId, p.member.id));
    const reply = await callRoute(forum, threadRoute.action, {
      url: `/forum/kategori/${categoryId}/trad/${sharedThreadId}`,
      params: { categoryId, threadId: sharedThreadId },
      form: { intent: "comment", body: "Ett svar", parentId: first!.id },
      cookie: p.cookie,
      ip: p.ip,
    });
    expect(reply.status).toBe(200);
    expectRefused(await postComment(p, sharedThreadId, "Tredje"), 5, al.commentInterval);
  });

  it("an account younger than a day writes at most 10 comments and replies", async () => {
    const fresh = await poster({ ageDays: 0 });
    for (let i = 1; i <= 10; i++) {
      expect((await postComment(fresh, sharedThreadId, `Kommentar nummer ${i}`)).status).toBe(200);
      await letIntervalPass("commentInterval");
    }
    expectRefused(await postComment(fresh, sharedThreadId, "Kommentar nummer 11"), 86_400, al.commentFirstDay);
    const old = await poster({ ageDays: 1.5 });
    for (let i = 1; i <= 11; i++) {
      expect((await postComment(old, sharedThreadId, `Gammal medlem ${i}`)).status).toBe(200);
      await letIntervalPass("commentInterval");
    }
  });

  it("identical comment text in another thread within 5 minutes is refused", async () => {
    const p = await poster({ ageDays: 30 });
    const other = (await createThread(forum.services.db, { ...p.member, role: "member" }, { categoryId, title: "Annan tråd", body: "Text" })).id;
    expect((await postComment(p, sharedThreadId, "Köp nu!!! länk")).status).toBe(200);
    await letIntervalPass("commentInterval");
    const spam = await postComment(p, other, "Köp nu!!! länk");
    expectRefused(spam, 300, al.identicalText);
  });
});

describe("reactions, reports, follows", () => {
  it("61 reactions in a minute: the 61st gets 429", async () => {
    const p = await poster({ ageDays: 30 });
    const react = () =>
      callRoute(forum, threadRoute.action, {
        url: `/forum/kategori/${categoryId}/trad/${sharedThreadId}`,
        params: { categoryId, threadId: sharedThreadId },
        form: { intent: "react", targetType: "thread", targetId: sharedThreadId, reactionType: "bull" },
        cookie: p.cookie,
        ip: p.ip,
      });
    for (let i = 0; i < 60; i++) expect((await react()).status).toBe(200);
    expectRefused(await react(), 60, al.reaction);
  });

  it("21 reports in a day: the 21st gets 429 and keeps the details; a new account may send 5", async () => {
    const p = await poster({ ageDays: 30 });
    const report = (who: Poster, details: string) =>
      callRoute(forum, apiReport.action, {
        url: "/api/report",
        form: { targetType: "thread", targetId: sharedThreadId, reason: "spam", details },
        cookie: who.cookie,
        ip: who.ip,
      });
    for (let i = 0; i < 20; i++) expect((await report(p, `Rapport ${i}`)).status).toBe(200);
    const over = await report(p, "En rapport för mycket");
    expectRefused(over, 86_400, al.report);
    expect(over.body.values).toEqual({ reason: "spam", details: "En rapport för mycket" });
    const fresh = await poster({ ageDays: 0 });
    for (let i = 0; i < 5; i++) expect((await report(fresh, `Ny ${i}`)).status).toBe(200);
    expectRefused(await report(fresh, "Ny 6"), 86_400, al.report);
  });

  it("31 follow/unfollow clicks in a minute: the 31st gets 429 (JSON with Retry-After)", async () => {
    const p = await poster({ ageDays: 30 });
    const target = await createMember(forum);
    const click = (i: number) =>
      callRoute(forum, apiFollow.action, {
        url: "/api/follow",
        form: { intent: i % 2 === 0 ? "follow" : "unfollow", userId: target.id },
        cookie: p.cookie,
        ip: p.ip,
      });
    for (let i = 0; i < 30; i++) expect((await click(i)).status).toBe(200);
    const over = await click(30);
    expectRefused(over, 60, al.follow);
    expect(over.body.ok).toBe(false);
  });
});

describe("uploads, searches, mentions", () => {
  it("11 uploads in 10 minutes: the 11th gets 429", async () => {
    const p = await poster({ ageDays: 30 });
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
    const upload = () => {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "a.png");
      return callRoute(forum, apiUploads.action, { url: "/api/uploads/avatar", params: { kind: "avatar" }, multipart: form, cookie: p.cookie, ip: p.ip });
    };
    for (let i = 0; i < 10; i++) expect((await upload()).status).toBe(200);
    expectRefused(await upload(), 600, al.upload);
  });

  it("search: a visitor's IP gets 15 a minute, a member 30", async () => {
    const ip = nextIp();
    const search = (cookie?: string) => callRoute(forum, apiSearch.loader, { url: "/api/search?q=volvo", cookie, ip });
    for (let i = 0; i < 15; i++) expect((await search()).status).toBe(200);
    expectRefused(await search(), 60, al.search);
    // A member behind the same address is counted on their own (and the address's 150).
    const p = await poster({ ageDays: 30 });
    for (let i = 0; i < 30; i++) expect((await search(p.cookie)).status).toBe(200);
    expectRefused(await search(p.cookie), 60, al.search);
  });

  it("a member's search page from the shared render counts when its search ran, not when a kept render answered", async () => {
    const p = await poster({ ageDays: 30 });
    // A plain member as the session would read them: the generic member's fields with this one's identity.
    const viewer: Viewer = { ...GENERIC_VIEWER, id: p.member.id, nickname: p.member.nickname, email: p.member.email, mutedIds: new Set() };
    // The search page's generic render declares its reader, as the shared render asks for it.
    const parts = personalParts<Viewer>();
    const context = new RouterContextProvider();
    context.set(servicesContext, forum.services);
    context.set(personalContext, parts);
    const request = new Request("http://localhost:3000/forum/sok?q=volvo", { headers: { [GENERIC_RENDER_HEADER]: genericRenderSecret() } });
    await searchPage.loader({ request, context, params: {} } as unknown as Parameters<typeof searchPage.loader>[0]);
    expect(parts.readers).toHaveLength(1);
    const overlay = (rendered: boolean) => parts.readers[0]!(viewer, { fresh: rendered, ip: p.ip });
    // Answers from a kept render run no search: never counted, never refused.
    for (let i = 0; i < 40; i++) expect(await overlay(false)).toEqual({});
    for (let i = 0; i < 30; i++) expect(await overlay(true)).toEqual({});
    // The 31st search that ran: the member's own render answers (429 with the message, below).
    expect(await overlay(true)).toBeNull();
    expect(await overlay(false)).toEqual({});
    const own = await callRoute(forum, searchPage.loader, { url: "/forum/sok?q=volvo", cookie: p.cookie, ip: p.ip });
    expect(own.status).toBe(429);
  });

  it("the search page counts against the same limit as the search API and shows the message", async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await callRoute(forum, apiSearch.loader, { url: "/api/search?q=volvo", ip })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await callRoute(forum, searchPage.loader, { url: "/forum/sok?q=volvo", ip })).status).toBe(200);
    const page = await callRoute(forum, searchPage.loader, { url: "/forum/sok?q=volvo", ip });
    expect(page.status).toBe(429);
    expect(page.body.limited).toBe(al.search(Number(page.headers.get("retry-after"))));
    // An empty search page (no query) is not a search.
    expect((await callRoute(forum, searchPage.loader, { url: "/forum/sok", ip })).status).toBe(200);
  });

  it("the @mention picker: a member gets 60 lookups a minute", async () => {
    const p = await poster({ ageDays: 30 });
    const lookup = () => callRoute(forum, apiMentions.loader, { url: "/api/mentions?q=me", cookie: p.cookie, ip: p.ip });
    for (let i = 0; i < 60; i++) expect((await lookup()).status).toBe(200);
    expectRefused(await lookup(), 60, al.mention);
  });
});

describe("per IP and across instances", () => {
  it("members on one address share its per-IP count", async () => {
    const rules = { ...ACTION_LIMITS, thread: [{ name: "testThreadIp", scope: "memberIp" as const, points: 2, duration: 3600, message: al.fromYourAddress }] };
    const limits = createActionLimits(forum.services.db, { rules });
    const [a, b, c] = [await createMember(forum), await createMember(forum), await createMember(forum)];
    await limits.enforce("thread", { userId: a.id, ip: "192.0.2.7" });
    await limits.enforce("thread", { userId: b.id, ip: "192.0.2.7" });
    const refused = await limits.enforce("thread", { userId: c.id, ip: "192.0.2.7" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).message).toBe(al.fromYourAddress((refused as RateLimitedError).retryAfterS));
    await limits.enforce("thread", { userId: c.id, ip: "192.0.2.8" });
  });

  it("a second server instance on the same database sees the counts of the first", async () => {
    const p = await poster({ ageDays: 30 });
    expect((await postThread(p, "Instans A")).status).toBe(302);
    const other = createActionLimits(forum.services.db);
    const refused = await other.enforce("thread", { userId: p.member.id, ip: nextIp() }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).status).toBe(429);
    expect((refused as RateLimitedError).message).toContain("15 sekunder");
  });
});

describe("across processes (PostgreSQL)", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("an instance with its own connection pool refuses what the first one counted", async () => {
    const p = await poster({ ageDays: 30 });
    expect((await postComment(p, sharedThreadId, "Räknad av instans A")).status).toBe(200);
    const { rows } = (await forum.services.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: Array<{ name: string }> };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const second = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      const refused = await createActionLimits(second.db).enforce("comment", { userId: p.member.id, ip: nextIp() }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RateLimitedError);
      expect((refused as RateLimitedError).message).toBe(al.commentInterval((refused as RateLimitedError).retryAfterS));
    } finally {
      await second.close();
    }
  });
});

describe("ACTION_LIMIT_MULTIPLIER", () => {
  it("defaults to 1 and multiplies the counts; identical text is only refused with the real limits", async () => {
    const config = parseConfig({ DATA_DIR: "/tmp", ACTION_LIMIT_MULTIPLIER: "3" });
    expect(config.actionLimitMultiplier).toBe(3);
    expect(parseConfig({ DATA_DIR: "/tmp" }).actionLimitMultiplier).toBe(1);
    expect(() => parseConfig({ DATA_DIR: "/tmp", ACTION_LIMIT_MULTIPLIER: "0" })).toThrow(/ACTION_LIMIT_MULTIPLIER/);
    const raised = createActionLimits(forum.services.db, { multiplier: 3 });
    expect(raised.identicalTextWindowS).toBe(100);
    expect(forum.services.actionLimits.identicalTextWindowS).toBe(300);
    const m = await createMember(forum);
    for (let i = 0; i < 3; i++) await raised.enforce("thread", { userId: m.id, ip: "192.0.2.99" });
    await expect(raised.enforce("thread", { userId: m.id, ip: "192.0.2.99" })).rejects.toBeInstanceOf(RateLimitedError);
  });
});

describe("a refused request spends nothing", () => {
  it("a new member refused by the per-address ceiling keeps the 3 threads of the first day", async () => {
    const rules = {
      ...ACTION_LIMITS,
      thread: [
        ACTION_LIMITS.thread.find((r) => r.name === "threadFirstDay")!,
        { name: "testBusyIp", scope: "memberIp" as const, points: 1, duration: 3600, message: al.fromYourAddress },
      ],
    };
    const limits = createActionLimits(forum.services.db, { rules });
    const busy = nextIp();
    const neighbour = await poster({ ageDays: 30 });
    await limits.enforce("thread", { userId: neighbour.member.id, ip: busy });
    const fresh = await poster({ ageDays: 0 });
    // The busy address refuses the newcomer five times ...
    for (let i = 0; i < 5; i++) {
      const refused = await limits.enforce("thread", { userId: fresh.member.id, ip: busy }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RateLimitedError);
      expect((refused as RateLimitedError).message).toBe(al.fromYourAddress((refused as RateLimitedError).retryAfterS));
    }
    // ... and from another address all 3 first-day threads are still there.
    for (let i = 0; i < 3; i++) await limits.enforce("thread", { userId: fresh.member.id, ip: nextIp() });
    await expect(limits.enforce("thread", { userId: fresh.member.id, ip: nextIp() })).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("a thread refused by the 15 s interval does not count against the day's 20", async () => {
    const p = await poster({ ageDays: 30 });
    expect((await postThread(p, "Dagens första")).status).toBe(302);
    for (let i = 0; i < 25; i++) expect((await postThread(p, `För tätt ${i}`)).status).toBe(429);
    const [row] = await forum.services.db
      .select({ points: abuseLimits.points })
      .from(abuseLimits)
      .where(eq(abuseLimits.key, `act_threadDay:${p.member.id}`));
    expect(row!.points).toBe(1);
  });
});

describe("moderators and admins", () => {
  it("the first admin of a fresh forum posts five welcome threads at once; a moderator comments freely", async () => {
    const admin = await createMember(forum, { role: "admin" });
    const p: Poster = { member: admin, cookie: await sessionCookie(forum, admin), ip: nextIp() };
    for (let i = 1; i <= 5; i++) expect((await postThread(p, `Välkommen del ${i}`)).status).toBe(302);
    const mod = await createMember(forum, { role: "moderator" });
    const m: Poster = { member: mod, cookie: await sessionCookie(forum, mod), ip: nextIp() };
    for (let i = 1; i <= 12; i++) expect((await postComment(m, sharedThreadId, `Moderatorn skriver ${i}`)).status).toBe(200);
  });
});

describe("shared addresses", () => {
  it("40 members behind one mobile-operator address each post a thread and a comment", async () => {
    const shared = nextIp();
    for (let i = 0; i < 40; i++) {
      const p = { ...(await poster({ ageDays: 30 })), ip: shared };
      expect((await postThread(p, `Från operatören ${i}`)).status, `member ${i + 1}`).toBe(302);
      expect((await postComment(p, sharedThreadId, `Kommentar från operatören ${i}`)).status).toBe(200);
    }
    // 40 sign-ups, threads and comments: 23 s with the two CI suites side by side on 2 cores.
  }, 120_000);

  it("an IPv6 client is counted by its /64: visitors' searches from one /64 share the 15 a minute", async () => {
    const search = (ip: string) => callRoute(forum, apiSearch.loader, { url: "/api/search?q=volvo", ip });
    for (let i = 1; i <= 15; i++) expect((await search(`2001:db8:aa:1::${i.toString(16)}`)).status).toBe(200);
    expectRefused(await search("2001:db8:aa:1:ffff:ffff:ffff:ffff"), 60, al.search);
    expect((await search("2001:db8:aa:2::1")).status).toBe(200);
  });
});

describe("write endpoints that had no limit", () => {
  const overAt = async (count: number, call: () => Promise<RouteAnswer>) => {
    for (let i = 0; i < count; i++) expect((await call()).status, `request ${i + 1}`).toBe(200);
    const over = await call();
    expect(over.status).toBe(429);
    const wait = Number(over.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(over.body.error).toBe(al.tooOften(wait));
    return over;
  };

  it("bio: 10 saves a minute", async () => {
    const p = await poster({ ageDays: 30 });
    await overAt(10, () => callRoute(forum, apiBio.action, { url: "/api/bio", form: { bio: "Långsiktig" }, cookie: p.cookie, ip: p.ip }));
  });

  it("preview: 60 a minute", async () => {
    const p = await poster({ ageDays: 30 });
    await overAt(60, () => callRoute(forum, apiPreview.action, { url: "/api/preview", form: { body: "**hej**" }, cookie: p.cookie, ip: p.ip }));
  });

  it("presence POST: 10 a minute", async () => {
    const p = await poster({ ageDays: 30 });
    const hour = String(new Date().getHours());
    const date = new Date().toISOString().slice(0, 10);
    await overAt(10, () => callRoute(forum, apiPresence.action, { url: "/api/presence", form: { date, hour }, cookie: p.cookie, ip: p.ip }));
  });

  it("notifications marked read: 60 a minute", async () => {
    const p = await poster({ ageDays: 30 });
    await overAt(60, () => callRoute(forum, apiNotifications.action, { url: "/api/notifications", form: { intent: "read-all" }, cookie: p.cookie, ip: p.ip }));
  });

  it("'Markera alla som lästa' on the notifications page counts with the bell: 60 a minute in all", async () => {
    const p = await poster({ ageDays: 30 });
    for (let i = 0; i < 30; i++) expect((await callRoute(forum, apiNotifications.action, { url: "/api/notifications", form: { intent: "read-all" }, cookie: p.cookie, ip: p.ip })).status).toBe(200);
    await overAt(30, () => callRoute(forum, notificationsPage.action, { url: "/forum/notifications", form: { intent: "read-all" }, cookie: p.cookie, ip: p.ip }));
  });

  it("mail opt-out: 10 a minute per address, shown on the page", async () => {
    const m = await createMember(forum);
    const url = `/avregistrera?u=${m.id}&t=${unsubscribeToken(forum.services.config.authSecret, m.id)}`;
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await callRoute(forum, unsubscribe.action, { url, form: {}, ip })).status).toBe(200);
    const over = await callRoute(forum, unsubscribe.action, { url, form: {}, ip });
    expect(over.status).toBe(429);
    expect(over.body.limited).toBe(al.tooOften(Number(over.headers.get("retry-after"))));
  });

  it("the account page's admin-mail opt-out toggle counts against the follow limit: the 31st in a minute gets 429", async () => {
    const p = await poster({ ageDays: 30 });
    const toggle = (i: number) =>
      callRoute(forum, accountPage.action, { url: "/forum/konto", form: { intent: i % 2 === 0 ? "mail-opt-out" : "mail-opt-in" }, cookie: p.cookie, ip: p.ip });
    for (let i = 0; i < 30; i++) expect((await toggle(i)).status).toBe(200);
    const over = await toggle(30);
    expectRefused(over, 60, al.follow);
    expect(over.body).toMatchObject({ ok: false, intent: "mail-opt-out" });
  });

  it("avatar removal counts against the upload limit: the 11th in 10 minutes gets 429", async () => {
    const p = await poster({ ageDays: 30 });
    const remove = () => {
      const form = new FormData();
      form.set("intent", "remove");
      return callRoute(forum, apiUploads.action, { url: "/api/uploads/avatar", params: { kind: "avatar" }, multipart: form, cookie: p.cookie, ip: p.ip });
    };
    for (let i = 0; i < 10; i++) expect((await remove()).status).toBe(200);
    expectRefused(await remove(), 600, al.upload);
  });
});

describe("every endpoint a visitor can POST to has a per-address limit", () => {
  it("the colour theme: 30 a minute per visitor's address, then 429 with the Swedish message", async () => {
    const ip = nextIp();
    const choose = () => callRoute(forum, apiTheme.action, { url: "/api/theme", form: { theme: "dark", mode: "js" }, ip });
    for (let i = 0; i < 30; i++) expect((await choose()).status).toBe(200);
    expectRefused(await choose(), 60, al.tooOften);
  });

  it("a logout without a session: 30 a minute per address", async () => {
    const ip = nextIp();
    const leave = () => callRoute(forum, authLogout.action, { url: "/auth/logout", form: {}, ip });
    for (let i = 0; i < 30; i++) expect((await leave()).status).toBe(302);
    expectRefused(await leave(), 60, al.tooOften);
  });

  it("a password reset with a token: 10 a minute per address, the Swedish message in the form", async () => {
    const ip = nextIp();
    const reset = () =>
      callRoute(forum, authResetPassword.action, { url: "/auth/reset-password", form: { token: "gissad-token", password: "Bors-Rakt-78-x", confirm: "Bors-Rakt-78-x" }, ip });
    for (let i = 0; i < 10; i++) expect((await reset()).status).toBe(400);
    const over = await reset();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.body.fieldErrors.form).toContain(a.tooManyAttempts);
  });

  it("signing in with a magic-link token: 10 a minute per address, then 429 with the Swedish message", async () => {
    const ip = nextIp();
    const follow = () => callRoute(forum, authMagic.action, { url: "/auth/magic", form: { token: "gissad-token" }, ip });
    for (let i = 0; i < 10; i++) expect((await follow()).status).toBe(400);
    const over = await follow();
    expect(over.status).toBe(429);
    expect(over.body.error).toContain(a.tooManyAttempts);
  });
});

describe("open streams per address and member", () => {
  it("a member gets 6 streams and an address 20 through GET /api/events; a closed one frees its place", async () => {
    const threadId = (await createThread(forum.services.db, { ...(await createMember(forum)), role: "member" }, { categoryId, title: "Strömmar", body: "x" })).id;
    const open: AbortController[] = [];
    const call = async (cookie: string | undefined, ip: string) => {
      const abort = new AbortController();
      open.push(abort);
      const headers: Record<string, string> = { [CLIENT_IP_HEADER]: ip };
      if (cookie) headers.cookie = cookie;
      const request = new Request(`http://localhost/api/events?thread=${threadId}`, { headers, signal: abort.signal });
      const context = new RouterContextProvider();
      context.set(servicesContext, forum.services);
      return { res: (await apiEvents.loader({ request, context, params: {} } as never)) as Response, abort };
    };
    try {
      const member = await createMember(forum);
      const cookie = await sessionCookie(forum, member);
      const phone = "2001:db8:77:1::1";
      const tabs = [];
      for (let i = 0; i < 6; i++) {
        const tab = await call(cookie, phone);
        expect(tab.res.status, `tab ${i + 1}`).toBe(200);
        tabs.push(tab);
      }
      const seventh = await call(cookie, "2001:db8:77:2::1");
      expect(seventh.res.status).toBe(429);
      expect(seventh.res.headers.get("retry-after")).toBe("30");
      expect(await seventh.res.json()).toEqual({ ok: false, error: al.tooManyStreams });
      tabs[0]!.abort.abort();
      // The place is freed when the server hears of the closed stream, a moment after the abort
      // (a refused attempt meanwhile holds nothing).
      await vi.waitFor(async () => expect((await call(cookie, "2001:db8:77:2::1")).res.status).toBe(200), { timeout: 2_000, interval: 20 });

      // Visitors behind one /64: 14 more streams fill the address's 20 (6 member tabs were opened there, one closed).
      const shared = "2001:db8:77:1::";
      for (let i = 0; i < 15; i++) expect((await call(undefined, `${shared}${(i + 2).toString(16)}`)).res.status, `visitor ${i + 1}`).toBe(200);
      const over = await call(undefined, `${shared}ffff`);
      expect(over.res.status).toBe(429);
      expect((await call(undefined, "2001:db8:77:3::1")).res.status).toBe(200);
    } finally {
      for (const controller of open) controller.abort();
    }
  });
});

describe("the current-password check on /auth/set-password", () => {
  it("locks after 5 wrong guesses: the 6th, even the right one, gets 429 with Retry-After", async () => {
    const p = await poster({ ageDays: 30 });
    const change = (current: string) =>
      callRoute(forum, authSetPassword.action, {
        url: "/auth/set-password",
        form: { current, password: "Ny-lösenfras-för-2026", confirm: "Ny-lösenfras-för-2026" },
        cookie: p.cookie,
        ip: p.ip,
      });
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`gissning-${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.fieldErrors.current).toBe(a.wrongCurrentPassword);
    }
    const locked = await change(p.member.password);
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(60);
    expect(locked.body.fieldErrors.current).toBe(`${a.tooManyAttempts} ${a.retryIn(wait)}`);
  });
});
