/**
 * E-mail for members who are away on a real database (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): the digest's contents (grouped by thread, absolute links to the comment
 * anchors, escaped titles, HTML and text parts, one-click opt-out headers), read notifications
 * skipped at send time, the away threshold, the interval and the per-member cursor, kinds at
 * `forum`/`off` never mailed (`email` and `push` mailed), the master switch, unverified and blocked
 * members never mailed, one digest per window with two senders and with two job queues at once,
 * and the weekly summary 'Veckans hetaste trådar' (off by default, once per 7 days, only after 7
 * days away), its ranking (the week's comments and reactions only, reactions on comments counted
 * for their thread, ties to the newer thread) and, on PostgreSQL, the statement time-out of the
 * senders' list queries (logged, no crash, the next run sends) and that the week's top threads are
 * not computed while nobody is due. The opt-out page: tests/routes/digest-unsubscribe.test.ts.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { digestMail as dm } from "../../domain/i18n/sv";
import { commentPath, threadPath } from "../../domain/paths";
import { blockedUsers, comments, notificationDigests, notificationSettings, notifications, profiles, reactions, threads } from "../db/schema";
import { createComment, createThread } from "../forum/commands";
import { toggleReaction } from "../reactions/commands";
import { listCategories } from "../forum/queries";
import { forumJobs } from "../jobs/forum-jobs";
import { startJobQueue, type JobQueue } from "../jobs/queue";
import type { MailMessage, Mailer } from "../mail/mailer";
import { markNotificationRead } from "../notifications/commands";
import { setThreadSubscription } from "../subscriptions/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { sendDueDigests, sendWeeklySummaries, weeklyTopThreads, type DigestDeps } from "./digest";
import { digestUnsubscribeUrl } from "./unsubscribe";

let forum: TestForum;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const PUBLIC = "http://localhost:3000";

/** Sender settings as configured by default (30 min interval, 10 min away). */
const deps = (mailer: Mailer = forum.services.mailer): DigestDeps => ({
  db: db(),
  mailer,
  publicUrl: PUBLIC,
  secret: forum.services.config.authSecret,
  intervalMinutes: 30,
  awayMinutes: 10,
});

/** Digests and weekly summaries (not account mail) the forum sent to `m` since mail number `since`. */
const mailsTo = (m: TestMember, since = 0) =>
  forum.mails.slice(since).filter((x) => x.to === m.email && x.headers?.["List-Unsubscribe"]?.includes("/avregistrera-notiser?"));

/** Sets the member's last activity `minutes` ago (null: never active). */
async function lastSeen(m: TestMember, minutes: number | null) {
  await db()
    .update(profiles)
    .set({ lastActivityAt: minutes === null ? null : sql`now() - ${minutes} * interval '1 minute'` })
    .where(eq(profiles.id, m.id));
}

/** Makes the member's last digest `minutes` old. */
async function lastDigest(m: TestMember, minutes: number) {
  await db()
    .update(notificationDigests)
    .set({ lastSentAt: sql`now() - ${minutes} * interval '1 minute'` })
    .where(eq(notificationDigests.userId, m.id));
}

async function settings(m: TestMember, values: Partial<typeof notificationSettings.$inferInsert>) {
  await db()
    .insert(notificationSettings)
    .values({ userId: m.id, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}

/** B's thread with A's comment in it: B gets a `new_comment` (kind `reply`, mailed by default). */
async function replyTo(b: TestMember, a: TestMember, title = "Volvo rapport") {
  const threadId = (await createThread(db(), actor(b), { categoryId, title, body: "Vad tror ni?" })).id;
  const comment = await createComment(db(), actor(a), threadId, { body: "Starkt kvartal!" });
  return { threadId, commentId: comment.id };
}

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

describe("the digest", () => {
  it("groups the unread notifications by thread, links each to its comment anchor, escapes titles, has HTML, text and one-click headers", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    const first = await replyTo(b, a, `Volvo <b>"rapport"</b> & Co`);
    const second = await replyTo(b, a, "Ericsson utdelning");
    const third = await createComment(db(), actor(a), first.threadId, { body: "Och en till" });
    await lastSeen(b, 11);
    const before = forum.mails.length;
    await sendDueDigests(deps());
    const [mail, ...more] = mailsTo(b, before);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Nytt på Börssnack: 3 notifieringar");
    // HTML: the escaped title as heading, its two items under it, then the other thread.
    expect(mail!.html).toContain("Volvo &lt;b&gt;&quot;rapport&quot;&lt;/b&gt; &amp; Co");
    expect(mail!.html).not.toContain("<b>\"rapport\"</b>");
    const h1 = mail!.html.indexOf("Volvo &lt;b&gt;");
    const h2 = mail!.html.indexOf("<h2", h1 + 1);
    const firstGroup = mail!.html.slice(h1, h2);
    expect(firstGroup).toContain(`href="${PUBLIC}${commentPath(first.commentId)}"`);
    expect(firstGroup).toContain(`href="${PUBLIC}${commentPath(third.id)}"`);
    expect(mail!.html.slice(h2)).toContain("Ericsson utdelning");
    expect(mail!.html.slice(h2)).toContain(`href="${PUBLIC}${commentPath(second.commentId)}"`);
    expect(mail!.html).toContain(`${a.nickname} kommenterade i tråden`);
    expect(mail!.html).toContain(`href="${PUBLIC}/forum/konto#notiser"`);
    // Text part: headings, texts and the same absolute links.
    expect(mail!.text).toContain(`## Volvo <b>"rapport"</b> & Co`);
    expect(mail!.text).toContain(`${PUBLIC}${commentPath(third.id)}`);
    expect(mail!.text).toContain(`${PUBLIC}${commentPath(second.commentId)}`);
    expect(mail!.text).toContain(`${dm.unsubscribe}: ${digestUnsubscribeUrl(PUBLIC, forum.services.config.authSecret, b.id)}`);
    expect(mail!.headers).toEqual({
      "List-Unsubscribe": `<${digestUnsubscribeUrl(PUBLIC, forum.services.config.authSecret, b.id)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("skips notifications read by send time; nothing unread left means no mail", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    await replyTo(b, a, "Läst tråd");
    const unreadOne = await replyTo(b, a, "Oläst tråd");
    await lastSeen(b, 30);
    const [readRow] = await db().select().from(notifications).where(eq(notifications.title, "Läst tråd"));
    await markNotificationRead(db(), b.id, readRow!.id);
    const before = forum.mails.length;
    await sendDueDigests(deps());
    const [mail] = mailsTo(b, before);
    expect(mail!.subject).toBe("Nytt på Börssnack: 1 notifiering");
    expect(mail!.text).toContain(commentPath(unreadOne.commentId));
    expect(mail!.text).not.toContain("Läst tråd");

    const c = await createMember(forum);
    await replyTo(c, a, "Allt läst");
    await lastSeen(c, 30);
    for (const row of await db().select().from(notifications).where(eq(notifications.userId, c.id))) {
      await markNotificationRead(db(), c.id, row.id);
    }
    await sendDueDigests(deps());
    expect(mailsTo(c, before)).toEqual([]);
  });

  it("waits until the member has been away for the threshold (never active: registered that long ago)", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    await replyTo(b, a);
    await lastSeen(b, 5);
    const before = forum.mails.length;
    await sendDueDigests(deps());
    expect(mailsTo(b, before)).toEqual([]);
    await lastSeen(b, 10.5);
    await sendDueDigests(deps());
    expect(mailsTo(b, before)).toHaveLength(1);

    const c = await createMember(forum);
    await replyTo(c, a);
    await lastSeen(c, null);
    await sendDueDigests(deps());
    expect(mailsTo(c, before)).toEqual([]);
    await db().update(profiles).set({ createdAt: sql`now() - interval '11 minutes'` }).where(eq(profiles.id, c.id));
    await sendDueDigests(deps());
    expect(mailsTo(c, before)).toHaveLength(1);
  });

  it("sends at most one digest per interval, and each notification only once", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    const { threadId } = await replyTo(b, a);
    await lastSeen(b, 15);
    const before = forum.mails.length;
    await sendDueDigests(deps());
    expect(mailsTo(b, before)).toHaveLength(1);
    // Nothing new: nothing sent, even after the interval.
    await lastDigest(b, 31);
    await sendDueDigests(deps());
    expect(mailsTo(b, before)).toHaveLength(1);
    // Something new within the interval waits for the next window.
    await lastDigest(b, 20);
    const later = await createComment(db(), actor(a), threadId, { body: "Nytt inlägg" });
    await sendDueDigests(deps());
    expect(mailsTo(b, before)).toHaveLength(1);
    await lastDigest(b, 30);
    await sendDueDigests(deps());
    const mails = mailsTo(b, before);
    expect(mails).toHaveLength(2);
    // Only the new notification, not the one mailed before.
    expect(mails[1]!.subject).toBe("Nytt på Börssnack: 1 notifiering");
    expect(mails[1]!.text).toContain(commentPath(later.id));
  });

  it("mails kinds at `email` and `push`, never `forum` or `off`", async () => {
    const a = await createMember(forum);
    const author = await createMember(forum);
    const watcher = await createMember(forum);
    const threadId = (await createThread(db(), actor(author), { categoryId, title: "Bevakad", body: "Text" })).id;
    await setThreadSubscription(db(), actor(watcher), threadId, true);
    await createComment(db(), actor(a), threadId, { body: "Första" });
    await lastSeen(watcher, 20);
    const before = forum.mails.length;
    // watched_thread is `forum` by default: the bell only.
    await sendDueDigests(deps());
    expect(mailsTo(watcher, before)).toEqual([]);
    await settings(watcher, { watchedThread: "push" });
    await sendDueDigests(deps());
    const [mail] = mailsTo(watcher, before);
    expect(mail!.text).toContain('1 ny kommentar i "Bevakad"');

    const b = await createMember(forum);
    await settings(b, { reply: "forum" });
    await replyTo(b, a);
    const c = await createMember(forum);
    await settings(c, { reply: "off" });
    await replyTo(c, a);
    const d = await createMember(forum);
    await settings(d, { reply: "email" });
    await replyTo(d, a);
    for (const m of [b, c, d]) await lastSeen(m, 20);
    await sendDueDigests(deps());
    expect(mailsTo(b, before)).toEqual([]);
    expect(mailsTo(c, before)).toEqual([]);
    expect(mailsTo(d, before)).toHaveLength(1);
  });

  it("never mails a member with e-mail turned off, an unverified address or a block", async () => {
    const a = await createMember(forum);
    const off = await createMember(forum);
    await settings(off, { emailEnabled: false });
    const unverified = await createMember(forum, { verified: false });
    const blocked = await createMember(forum);
    for (const m of [off, unverified, blocked]) {
      await replyTo(m, a);
      await lastSeen(m, 60);
    }
    await db().insert(blockedUsers).values({ userId: blocked.id, reason: "test" });
    const before = forum.mails.length;
    await sendDueDigests(deps());
    expect(mailsTo(off, before)).toEqual([]);
    expect(mailsTo(unverified, before)).toEqual([]);
    expect(mailsTo(blocked, before)).toEqual([]);
  });

  it("sends one digest per window when two senders run at once on one database", async () => {
    const a = await createMember(forum);
    const members = [await createMember(forum), await createMember(forum), await createMember(forum)];
    for (const m of members) {
      await replyTo(m, a);
      await lastSeen(m, 15);
    }
    // Two instances' senders, each with its own slow SMTP connection.
    const sent: MailMessage[] = [];
    const slowMailer: Mailer = {
      async send(message) {
        await new Promise((r) => setTimeout(r, 150));
        sent.push(message);
      },
    };
    const counts = await Promise.all([sendDueDigests(deps(slowMailer)), sendDueDigests(deps(slowMailer)), sendDueDigests(deps(slowMailer))]);
    for (const m of members) expect(sent.filter((x) => x.to === m.email)).toHaveLength(1);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(sent.length);
  });

  it("sends one digest per window with two job queues running the `email-digest` job at once", { timeout: 60_000 }, async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    await replyTo(b, a);
    await lastSeen(b, 15);
    const before = forum.mails.length;
    const queues: JobQueue[] = [];
    try {
      for (const name of ["forum-a", "forum-b"]) {
        queues.push(
          await startJobQueue(forum.services.database, {
            pollingIntervalSeconds: 0.5,
            instanceName: name,
            jobs: forumJobs(forum.services).filter((j) => j.name === "email-digest"),
          }),
        );
      }
      await Promise.all(queues.flatMap((q) => [q.send("email-digest"), q.send("email-digest")]));
      const end = Date.now() + 30_000;
      for (;;) {
        const [row] = (
          (await db().execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email-digest' AND state IN ('created', 'active', 'retry')`)) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows;
        if (row!.n === 0 || Date.now() > end) break;
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      for (const q of queues) await q.stop();
    }
    expect(mailsTo(b, before)).toHaveLength(1);
  });
});

describe("'Veckans hetaste trådar'", () => {
  it("is off by default; when on, goes to members away 7 days, at most once per 7 days, with the week's top threads", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    const hot = (await createThread(db(), actor(a), { categoryId, title: "Veckans <heta> tråd", body: "Text" })).id;
    for (const body of ["Ett", "Två", "Tre"]) await createComment(db(), actor(b), hot, { body });
    const away = await createMember(forum);
    const recent = await createMember(forum);
    const optedIn = await createMember(forum);
    await lastSeen(away, 8 * 24 * 60);
    await lastSeen(recent, 3 * 24 * 60);
    await lastSeen(optedIn, 8 * 24 * 60);
    await settings(optedIn, { weeklyDigest: true });
    await settings(recent, { weeklyDigest: true });
    const before = forum.mails.length;
    await sendWeeklySummaries(deps());
    expect(mailsTo(away, before)).toEqual([]);
    expect(mailsTo(recent, before)).toEqual([]);
    const [mail, ...more] = mailsTo(optedIn, before);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(dm.weeklySubject);
    expect(mail!.html).toContain("Veckans &lt;heta&gt; tråd");
    expect(mail!.html).toContain(`href="${PUBLIC}${threadPath(categoryId, hot, "Veckans <heta> tråd")}"`);
    expect(mail!.text).toContain("3 kommentarer");
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.headers?.["List-Unsubscribe"]).toBe(`<${digestUnsubscribeUrl(PUBLIC, forum.services.config.authSecret, optedIn.id)}>`);
    // Not again within 7 days; again after.
    await sendWeeklySummaries(deps());
    expect(mailsTo(optedIn, before)).toHaveLength(1);
    await db()
      .update(notificationDigests)
      .set({ weeklySentAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(notificationDigests.userId, optedIn.id));
    await sendWeeklySummaries(deps());
    expect(mailsTo(optedIn, before)).toHaveLength(2);
    // E-mail off: no summary either.
    await settings(optedIn, { emailEnabled: false });
    await db()
      .update(notificationDigests)
      .set({ weeklySentAt: sql`now() - interval '8 days'` })
      .where(eq(notificationDigests.userId, optedIn.id));
    await sendWeeklySummaries(deps());
    expect(mailsTo(optedIn, before)).toHaveLength(2);
  });
});

describe("'Veckans hetaste trådar': ranking and time-out", () => {
  // A forum of its own: the threads of the tests above would take part in the week's top five.
  let w: TestForum;
  let cat: string;
  const wdb = () => w.services.db;
  const wdeps = (queryTimeoutMs?: number) => ({
    db: wdb(),
    mailer: w.services.mailer,
    publicUrl: PUBLIC,
    secret: w.services.config.authSecret,
    ...(queryTimeoutMs ? { queryTimeoutMs } : {}),
  });
  const weeklyMailsTo = (m: TestMember, since: number) => w.mails.slice(since).filter((x) => x.to === m.email && x.subject === dm.weeklySubject);
  /** A member with the weekly summary on who was last seen 8 days ago. */
  async function reader() {
    const m = await createMember(w);
    await wdb().insert(notificationSettings).values({ userId: m.id, weeklyDigest: true });
    await wdb().update(profiles).set({ lastActivityAt: sql`now() - interval '8 days'` }).where(eq(profiles.id, m.id));
    return m;
  }
  const ago = (days: number) => sql`now() - ${days} * interval '1 day'`;

  beforeAll(async () => {
    w = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
    cat = (await listCategories(wdb()))[0]!.id;
  }, 60_000);
  afterAll(() => w?.close());

  it("counts only the week's comments and reactions, reactions on a comment for its thread, and puts the newer thread first on a tie", async () => {
    const [a, b, c, d, e] = [await createMember(w), await createMember(w), await createMember(w), await createMember(w), await createMember(w)];
    const thread = async (title: string, daysOld: number) => {
      const id = (await createThread(wdb(), actor(a), { categoryId: cat, title, body: "Text" })).id;
      await wdb().update(threads).set({ createdAt: ago(daysOld) }).where(eq(threads.id, id));
      return id;
    };
    let n = 0;
    const comment = async (threadId: string, daysOld = 0) => {
      const id = (await createComment(wdb(), actor(b), threadId, { body: `Kommentar ${++n}` })).id;
      if (daysOld) await wdb().update(comments).set({ createdAt: ago(daysOld) }).where(eq(comments.id, id));
      return id;
    };
    const react = async (m: TestMember, targetType: "thread" | "comment", targetId: string, daysOld = 0) => {
      await toggleReaction(wdb(), actor(m), { targetType, targetId, reactionType: "like" });
      if (daysOld)
        await wdb()
          .update(reactions)
          .set({ createdAt: ago(daysOld) })
          .where(sql`${reactions.userId} = ${m.id} AND ${reactions.targetId} = ${targetId}`);
    };
    // 2 comments this week (4 points); 3 comments and a reaction 10 days ago do not count.
    const top = await thread("Mest aktiv i veckan", 20);
    await comment(top);
    await comment(top);
    for (let i = 0; i < 3; i++) await comment(top, 10);
    await react(c, "thread", top, 10);
    // 3 points each: a comment and a reaction (on the comment, on the thread) this week; newest first.
    const fresh = await thread("Ny tråd", 0);
    await react(c, "comment", await comment(fresh));
    const twoDays = await thread("Två dagar gammal", 2);
    await comment(twoDays);
    await react(c, "thread", twoDays);
    // A month-old thread whose month-old comment got 3 reactions this week (and one 10 days ago).
    const old = await thread("Gammal tråd med nya reaktioner", 30);
    const oldComment = await comment(old, 30);
    for (const m of [c, d, e]) await react(m, "comment", oldComment);
    await react(a, "comment", oldComment, 10);
    // Nothing this week: not listed.
    const quiet = await thread("Tyst tråd", 30);
    await react(c, "comment", await comment(quiet, 30), 30);

    const m = await reader();
    const before = w.mails.length;
    expect(await sendWeeklySummaries(wdeps())).toBe(1);
    const [mail] = weeklyMailsTo(m, before);
    const lines = mail!.text.split("\n").filter((line) => /^\d+\. /.test(line));
    expect(lines).toEqual([
      `1. Mest aktiv i veckan (${dm.weeklyCounts(2, 0)})`,
      `2. Ny tråd (${dm.weeklyCounts(1, 1)})`,
      `3. Två dagar gammal (${dm.weeklyCounts(1, 1)})`,
      `4. Gammal tråd med nya reaktioner (${dm.weeklyCounts(0, 3)})`,
    ]);
    expect(mail!.text).toContain(`${PUBLIC}${threadPath(cat, old, "Gammal tråd med nya reaktioner")}`);
    expect((await weeklyTopThreads(wdb())).map((t) => t.title)).toEqual(["Mest aktiv i veckan", "Ny tråd", "Två dagar gammal", "Gammal tråd med nya reaktioner"]);
  });

  // A second connection holds the tables the list queries read, so they wait until their
  // time-out: PostgreSQL only (PGlite has one connection, and no statement time-out).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "does not compute the top threads while nobody is due; a list query over its time-out is logged, sends nothing and the next run sends",
    { timeout: 30_000 },
    async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      /** Holds an exclusive lock on `table` until the returned function is called. */
      async function hold(table: typeof reactions | typeof notifications) {
        let release!: () => void;
        let locked!: () => void;
        const isLocked = new Promise<void>((r) => (locked = r));
        const done = wdb().transaction(async (tx) => {
          await tx.execute(sql`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
          locked();
          await new Promise<void>((r) => (release = r));
        });
        await isLocked;
        return async () => {
          release();
          await done;
        };
      }
      const [a, b] = [await createMember(w), await createMember(w)];
      const threadId = (await createThread(wdb(), actor(a), { categoryId: cat, title: "Veckans tråd", body: "Text" })).id;
      await createComment(wdb(), actor(b), threadId, { body: "Kommentar" });
      try {
        // Nobody due (the reader of the test above, if any, was just served): the locked
        // reactions are never read.
        await wdb().update(notificationDigests).set({ weeklySentAt: sql`now()` });
        let unlock = await hold(reactions);
        const started = Date.now();
        try {
          expect(await sendWeeklySummaries(wdeps(500))).toBe(0);
        } finally {
          await unlock();
        }
        expect(Date.now() - started).toBeLessThan(500);
        expect(errors).not.toHaveBeenCalled();

        // Someone due: the top-threads query waits on the lock, is cancelled after 0.5 s and logged.
        const m = await reader();
        const before = w.mails.length;
        unlock = await hold(reactions);
        try {
          expect(await sendWeeklySummaries(wdeps(500))).toBe(0);
        } finally {
          await unlock();
        }
        expect(weeklyMailsTo(m, before)).toEqual([]);
        expect(errors).toHaveBeenCalledWith(expect.stringContaining("[digest] weekly-digest: frågan avbröts efter 500 ms"), expect.any(String));
        // The next run sends.
        expect(await sendWeeklySummaries(wdeps(500))).toBe(1);
        expect(weeklyMailsTo(m, before)).toHaveLength(1);

        // The digest's list of due members is bounded the same way.
        unlock = await hold(notifications);
        try {
          expect(await sendDueDigests({ ...wdeps(500), intervalMinutes: 30, awayMinutes: 10 })).toBe(0);
        } finally {
          await unlock();
        }
        expect(errors).toHaveBeenCalledWith(expect.stringContaining("[digest] email-digest: frågan avbröts efter 500 ms"), expect.any(String));
      } finally {
        errors.mockRestore();
      }
    },
  );
});
