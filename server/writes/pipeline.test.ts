import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abuseLimits as al, forum as f, reactions as r, toasts as t } from "../../domain/i18n/sv";
import { ACTION_LIMITS, createActionLimits } from "../abuse/action-limits";
import type { Db } from "../db/client";
import { notifications, threads, userFollows } from "../db/schema";
import { ForumError } from "../platform/errors";
import { createThread, threadWrite } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { reactionWrite } from "../reactions/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { defineOpenWrite, defineWrite, runWrite, TRANSACTION_ATTEMPTS, type WriteContext } from "./pipeline";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let categoryId: string;

const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

/** The database with `transaction` logged: "begin", then "commit" or "rollback". */
function loggedDb(db: Db, log: string[]): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "transaction") {
        return async (...args: Parameters<Db["transaction"]>) => {
          log.push("begin");
          try {
            const value = await target.transaction(...args);
            log.push("commit");
            return value;
          } catch (error) {
            log.push("rollback");
            throw error;
          }
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Pipeline_Anna" });
  bertil = await createMember(forum, { nickname: "Pipeline_Bertil" });
  categoryId = (await listCategories(forum.services.db))[0]!.id;
});
afterAll(() => forum.close());

describe("the write pipeline (server/writes/pipeline.ts)", () => {
  it("a request refused by policy consumes no limit point", async () => {
    // One reaction a minute, so a single counted refusal would show.
    const limits = createActionLimits(forum.services.db, {
      rules: { ...ACTION_LIMITS, reaction: [{ name: "pipelineReaction", scope: "member", points: 1, duration: 60, message: al.reaction }] },
    });
    const ctx: WriteContext = { db: forum.services.db, actor: actor(anna), ip: "192.0.2.50", limits };
    const own = await createThread(forum.services.db, actor(anna), { categoryId, title: "Min egen tråd", body: "Text" });
    const other = await createThread(forum.services.db, actor(bertil), { categoryId, title: "Bertils tråd", body: "Text" });
    for (let i = 0; i < 3; i++) {
      const refused = await runWrite(reactionWrite, ctx, { targetType: "thread", targetId: own.id, reactionType: "bull" });
      expect(refused).toMatchObject({ ok: false, status: 403, error: r.ownContent });
    }
    // Bad input is refused before the limits too.
    expect(await runWrite(reactionWrite, ctx, { targetType: "thread", targetId: other.id, reactionType: "moon" })).toMatchObject({
      ok: false,
      status: 400,
    });
    const first = await runWrite(reactionWrite, ctx, { targetType: "thread", targetId: other.id, reactionType: "bull" });
    expect(first).toEqual({ ok: true, value: { active: true, count: 1 }, duplicate: false });
    const second = await runWrite(reactionWrite, ctx, { targetType: "thread", targetId: other.id, reactionType: "bull" });
    expect(second).toMatchObject({ ok: false, status: 429, retryAfterS: expect.any(Number) });
  });

  it("a visitor is refused with 401 before anything is read or counted", async () => {
    const log: string[] = [];
    const result = await runWrite(threadWrite, { db: loggedDb(forum.services.db, log), actor: null }, { input: {} });
    expect(result).toEqual({ ok: false, status: 401, error: f.loginToCreate, title: t.notLoggedIn });
    expect(log).toEqual([]);
  });

  it("a parse failure answers 400 with Swedish field errors and never opens a transaction", async () => {
    const log: string[] = [];
    const before = await forum.services.db.select({ id: threads.id }).from(threads);
    const result = await runWrite(
      threadWrite,
      { db: loggedDb(forum.services.db, log), actor: actor(anna) },
      { input: { categoryId, title: "   ", body: "" }, submitKey: crypto.randomUUID() },
    );
    expect(result).toMatchObject({ ok: false, status: 400, error: f.titleRequired, title: t.threadFailed });
    expect(result.ok === false && result.fieldErrors).toEqual({ title: f.titleRequired, body: expect.any(String) });
    expect(log).toEqual([]);
    expect(await forum.services.db.select({ id: threads.id }).from(threads)).toHaveLength(before.length);
  });

  it("events run only after the transaction has committed, with the committed rows visible", async () => {
    const log: string[] = [];
    let seen: unknown[] = [];
    const probe = defineWrite({
      ...threadWrite,
      transaction: async (...args: Parameters<typeof threadWrite.transaction>) => {
        log.push("transaction");
        return threadWrite.transaction(...args);
      },
      events: async (_scope, thread) => {
        log.push("events");
        seen = await forum.services.db.select({ id: threads.id }).from(threads).where(eq(threads.id, thread.id));
      },
    });
    const result = await runWrite(
      probe,
      { db: loggedDb(forum.services.db, log), actor: actor(anna) },
      { input: { categoryId, title: "Händelser efter commit", body: "Brödtext" } },
    );
    expect(result.ok).toBe(true);
    expect(log).toEqual(["begin", "transaction", "commit", "events"]);
    expect(seen).toHaveLength(1);
  });

  it("a transaction PostgreSQL rolls back as a deadlock's victim runs again; a lasting deadlock is passed on", async () => {
    const deadlock = sql`DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = 'deadlock_detected'; END $$`;
    const retried = (failures: number, log: string[]) =>
      defineWrite({
        ...threadWrite,
        transaction: async (...args: Parameters<typeof threadWrite.transaction>) => {
          const thread = await threadWrite.transaction(...args);
          log.push("transaction");
          if (log.filter((step) => step === "transaction").length <= failures) await args[0].execute(deadlock);
          return thread;
        },
      });
    const log: string[] = [];
    const title = `Efter ett dödläge ${Date.now()}`;
    const result = await runWrite(retried(1, log), { db: loggedDb(forum.services.db, log), actor: actor(anna) }, { input: { categoryId, title, body: "Brödtext" } });
    expect(result.ok).toBe(true);
    expect(log).toEqual(["begin", "transaction", "rollback", "begin", "transaction", "commit"]);
    // The first attempt's thread rolled back with it: one thread.
    expect(await forum.services.db.select({ id: threads.id }).from(threads).where(eq(threads.title, title))).toHaveLength(1);
    const always: string[] = [];
    const lasting = `Dödläge varje gång ${Date.now()}`;
    await expect(runWrite(retried(TRANSACTION_ATTEMPTS, always), { db: forum.services.db, actor: actor(anna) }, { input: { categoryId, title: lasting, body: "Text" } })).rejects.toThrow();
    expect(always).toHaveLength(TRANSACTION_ATTEMPTS);
    expect(await forum.services.db.select({ id: threads.id }).from(threads).where(eq(threads.title, lasting))).toEqual([]);
  });

  it("a transaction that refuses rolls back its rows and side effects, and runs no events", async () => {
    const log: string[] = [];
    const follower = await createMember(forum);
    // The follower of anna: a new thread by anna writes a notification row in the transaction.
    await forum.services.db.insert(userFollows).values({ followerId: follower.id, followingId: anna.id });
    const probe = defineWrite({
      ...threadWrite,
      transaction: async (...args: Parameters<typeof threadWrite.transaction>) => {
        await threadWrite.transaction(...args);
        throw new ForumError(409, "Stopp i transaktionen");
      },
      events: async () => {
        log.push("events");
      },
    });
    const result = await runWrite(
      probe,
      { db: loggedDb(forum.services.db, log), actor: actor(anna) },
      { input: { categoryId, title: "Rullas tillbaka", body: "Syns aldrig" } },
    );
    expect(result).toEqual({ ok: false, status: 409, error: "Stopp i transaktionen" });
    expect(log).toEqual(["begin", "rollback"]);
    expect(await forum.services.db.select().from(threads).where(eq(threads.title, "Rullas tillbaka"))).toHaveLength(0);
    expect(await forum.services.db.select().from(notifications).where(eq(notifications.userId, follower.id))).toHaveLength(0);
    // The same write without the refusal does leave the thread and the follower's notification.
    const written = await runWrite(threadWrite, { db: forum.services.db, actor: actor(anna) }, { input: { categoryId, title: "Står kvar", body: "Syns" } });
    expect(written.ok).toBe(true);
    expect(await forum.services.db.select().from(notifications).where(eq(notifications.userId, follower.id))).toHaveLength(1);
  });

  it("access refuses on the actor alone, before the input is parsed or a limit counted", async () => {
    const log: string[] = [];
    const limits = createActionLimits(forum.services.db, {
      rules: { ...ACTION_LIMITS, follow: [{ name: "pipelineAccess", scope: "member", points: 1, duration: 60, message: al.follow }] },
    });
    const adminsOnly = defineWrite({
      name: "admins-only",
      login: { message: "Logga in" },
      access: (who) => {
        if (who.role !== "admin") throw new ForumError(403, "Endast administratörer");
      },
      parse: (raw: { text: string }) => {
        log.push("parse");
        if (!raw.text) throw new ForumError(400, "Text saknas");
        return raw.text;
      },
      limits: "follow",
      transaction: async () => {
        log.push("transaction");
      },
    });
    const ctx: WriteContext = { db: loggedDb(forum.services.db, log), actor: actor(anna), ip: "192.0.2.51", limits };
    for (const text of ["", "Hej"]) expect(await runWrite(adminsOnly, ctx, { text })).toEqual({ ok: false, status: 403, error: "Endast administratörer" });
    expect(log).toEqual([]);
    const admin = { ...ctx, actor: { ...actor(anna), role: "admin" as const } };
    expect(await runWrite(adminsOnly, admin, { text: "" })).toEqual({ ok: false, status: 400, error: "Text saknas" });
    expect((await runWrite(adminsOnly, admin, { text: "Hej" })).ok).toBe(true);
  });

  it("discard undoes prepare's work when the transaction fails, and only then", async () => {
    const stored = new Set<string>();
    const upload = defineWrite({
      name: "stored-file",
      login: { message: "Logga in" },
      parse: (raw: { name: string; refuse: boolean }) => raw,
      prepare: async (_scope, input) => {
        stored.add(input.name);
        return input.name;
      },
      discard: async (_scope, name) => {
        stored.delete(name);
      },
      transaction: async (_tx, _scope, input) => {
        if (input.refuse) throw new ForumError(409, "Nej");
        return input.name;
      },
    });
    const ctx: WriteContext = { db: forum.services.db, actor: actor(anna) };
    expect(await runWrite(upload, ctx, { name: "kvar.webp", refuse: false })).toMatchObject({ ok: true, value: "kvar.webp" });
    expect(await runWrite(upload, ctx, { name: "borttagen.webp", refuse: true })).toEqual({ ok: false, status: 409, error: "Nej" });
    // A database failure is rethrown, after the discard.
    const broken = new Proxy(forum.services.db, {
      get: (target, prop, receiver) => (prop === "transaction" ? async () => Promise.reject(new Error("databasen svarar inte")) : Reflect.get(target, prop, receiver)),
    });
    await expect(runWrite(upload, { ...ctx, db: broken }, { name: "aldrig.webp", refuse: false })).rejects.toThrow("databasen svarar inte");
    expect([...stored]).toEqual(["kvar.webp"]);
  });

  it("an open write runs for a visitor, whose requests are counted by address; a member write refuses them", async () => {
    const limits = createActionLimits(forum.services.db, {
      rules: { ...ACTION_LIMITS, unsubscribe: [{ name: "pipelineOpen", scope: "visitorIp", points: 1, duration: 60, message: al.tooOften }] },
    });
    const seen: Array<string | null> = [];
    const byLink = defineOpenWrite({
      name: "by-link",
      login: { visitors: true },
      parse: (raw: { token: string }) => raw.token,
      limits: "unsubscribe",
      transaction: async (_tx, { actor }) => {
        seen.push(actor?.id ?? null);
      },
    });
    const visitor: WriteContext = { db: forum.services.db, actor: null, ip: "192.0.2.52", limits };
    expect((await runWrite(byLink, visitor, { token: "abc" })).ok).toBe(true);
    expect(await runWrite(byLink, visitor, { token: "abc" })).toMatchObject({ ok: false, status: 429 });
    expect((await runWrite(byLink, { ...visitor, actor: actor(anna) }, { token: "abc" })).ok).toBe(true);
    expect(seen).toEqual([null, anna.id]);
    expect(await runWrite(reactionWrite, visitor, { targetType: "thread", targetId: crypto.randomUUID(), reactionType: "bull" })).toMatchObject({
      ok: false,
      status: 401,
    });
  });
});
