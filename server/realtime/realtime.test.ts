import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationItem } from "../../domain/notifications";
import { follow } from "../follows/commands";
import { createComment, createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { toggleReaction } from "../reactions/commands";
import { vote } from "../polls/commands";
import { pollOptions } from "../db/schema";
import { eq } from "drizzle-orm";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { logout } from "../accounts/actions";
import { sessionKey } from "../accounts/session";
import { sessionCookie } from "../testing/route-call";
import { cacheEffect, publishEvent } from "./events";
import { openEventStream, parseLastEventId } from "./stream";

let forum: TestForum;
let categoryId: string;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** Reads a text/event-stream body event by event. */
function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: SseEvent[] = [];
  async function next(timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      if (queue.length) return queue.shift()!;
      const timer = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("no event within time")), Math.max(1, deadline - Date.now())),
      );
      const { value, done } = await Promise.race([reader.read(), timer]);
      if (done) throw new Error("stream ended");
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const e: SseEvent = { event: "message", data: "" };
        let hasField = false;
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) continue;
          const [field, ...rest] = line.split(":");
          const value = rest.join(":").replace(/^ /, "");
          if (field === "event") e.event = value;
          if (field === "id") e.id = value;
          if (field === "data") e.data = value;
          if (field === "event" || field === "data") hasField = true;
        }
        if (hasField) queue.push(e);
      }
    }
  }
  /** The next event of a given name, skipping others. */
  async function nextOf(name: string, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const e = await next(Math.max(1, deadline - Date.now()));
      if (e.event === name) return e;
    }
  }
  return { next, nextOf, cancel: () => reader.cancel().catch(() => {}) };
}

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(forum.services.db))[0]!.id;
});
afterAll(() => forum.close());

describe("live stream (SPEC §4 Notification)", () => {
  it("delivers a follower's new notification at once, and replays what was missed after Last-Event-ID", async () => {
    const author = await createMember(forum);
    const reader = await createMember(forum);
    await follow(forum.services.db, reader.id, author.id);

    const abort = new AbortController();
    const res = await openEventStream(forum.services, { userId: reader.id, threadId: null, lastEventId: null, signal: abort.signal });
    expect(res.headers.get("Content-Type")).toContain("text/event-stream");
    const sse = sseReader(res);
    const ready = await sse.nextOf("ready");
    expect(ready.id).toBe("0");

    const { id: threadId } = await createThread(forum.services.db, actor(author), { categoryId, title: "Live 1", body: "x" });
    const live = await sse.nextOf("notification");
    const item = JSON.parse(live.data) as NotificationItem;
    expect(item).toMatchObject({ type: "new_thread", title: "Live 1", read: false });
    expect(item.href).toContain(threadId);
    expect(live.id).toBe(String(item.seq));

    // The tab goes away; two posts happen meanwhile.
    abort.abort();
    await sse.cancel();
    await createThread(forum.services.db, actor(author), { categoryId, title: "Missad 1", body: "x" });
    await createThread(forum.services.db, actor(author), { categoryId, title: "Missad 2", body: "x" });

    // The browser reconnects with the last id it saw: both are replayed, oldest first.
    const again = new AbortController();
    const sse2 = sseReader(
      await openEventStream(forum.services, { userId: reader.id, threadId: null, lastEventId: item.seq, signal: again.signal }),
    );
    const r1 = JSON.parse((await sse2.nextOf("notification")).data) as NotificationItem;
    const r2 = JSON.parse((await sse2.nextOf("notification")).data) as NotificationItem;
    expect([r1.title, r2.title]).toEqual(["Missad 1", "Missad 2"]);
    const ready2 = await sse2.nextOf("ready");
    expect(Number(ready2.id)).toBe(r2.seq);
    again.abort();
    await sse2.cancel();
  });

  it("a thread stream carries comments, reaction changes and poll votes by others, also to visitors", async () => {
    const op = await createMember(forum);
    const other = await createMember(forum);
    const { id: threadId } = await createThread(forum.services.db, actor(op), { categoryId, title: "Följ live", body: "x", pollOptions: ["Ja", "Nej"] });
    const abort = new AbortController();
    const sse = sseReader(await openEventStream(forum.services, { userId: null, threadId, lastEventId: null, signal: abort.signal }));
    await sse.nextOf("ready");
    const c = await createComment(forum.services.db, actor(other), threadId, { body: "Första!" });
    expect(JSON.parse((await sse.nextOf("comment")).data)).toEqual({ threadId, commentId: c.id, authorId: other.id });
    await toggleReaction(forum.services.db, actor(op), { targetType: "comment", targetId: c.id, reactionType: "bull" });
    expect(JSON.parse((await sse.nextOf("reactions")).data)).toEqual({ threadId, actorId: op.id });
    // 'Omröstning': who voted, never the counts (those only reach members who voted).
    const [option] = await forum.services.db.select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.threadId, threadId));
    await vote(forum.services.db, actor(other), threadId, [option!.id]);
    expect(JSON.parse((await sse.nextOf("poll")).data)).toEqual({ threadId, actorId: other.id });
    abort.abort();
    await sse.cancel();
  });

  it("ends a stream after its lifetime, so the browser reconnects and its session is checked again", async () => {
    const m = await createMember(forum);
    const res = await openEventStream(forum.services, {
      userId: m.id,
      threadId: null,
      lastEventId: null,
      signal: new AbortController().signal,
      maxStreamMs: 300,
    });
    const text = await res.text();
    expect(text).toContain("retry: 3000");
    expect(text).toContain("event: ready");
  });

  it("a logout ends that session's streams at once, and only that session's", async () => {
    const m = await createMember(forum);
    const author = await createMember(forum);
    await follow(forum.services.db, m.id, author.id);
    const [cookieA, cookieB] = [await sessionCookie(forum, m), await sessionCookie(forum, m)];
    const open = (cookie: string) =>
      openEventStream(forum.services, { userId: m.id, threadId: null, lastEventId: null, session: sessionKey(cookie), signal: new AbortController().signal });
    const a = sseReader(await open(cookieA));
    const b = sseReader(await open(cookieB));
    await a.nextOf("ready");
    await b.nextOf("ready");
    const started = Date.now();
    await logout(forum.services, new Headers({ cookie: cookieA }));
    await expect(a.next(3000)).rejects.toThrow("stream ended");
    expect(Date.now() - started).toBeLessThan(3000);
    // The other session's stream is still live: it gets the next notification.
    await createThread(forum.services.db, actor(author), { categoryId, title: "Efter utloggningen", body: "x" });
    expect((await b.nextOf("notification")).data).toContain("Efter utloggningen");
    b.cancel();
  });

  it("names a session by a hash of its cookie, and tells caches what a message means", async () => {
    const key = sessionKey("theme=dark; borssnack.session_token=abc.def; x=1");
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionKey("__Secure-borssnack.session_token=abc.def")).toBe(key);
    expect(sessionKey("borssnack.session_token=other")).not.toBe(key);
    expect(sessionKey("theme=dark")).toBeNull();
    expect(cacheEffect(JSON.stringify({ kind: "member" }))).toEqual({ kind: "member" });
    expect(cacheEffect(JSON.stringify({ kind: "session-ended", session: key }))).toEqual({ kind: "session", session: key });
    // A private message, a conversation read, a private message's notification: only those
    // members' kept reads, and the session lookups of `viewers` (a message's default: all of them).
    expect(cacheEffect(JSON.stringify({ kind: "message", conversationId: "c", memberIds: ["a", "b"], viewers: ["b"] }))).toEqual({ kind: "members", reads: ["a", "b"], viewers: ["b"] });
    expect(cacheEffect(JSON.stringify({ kind: "message", conversationId: "c", memberIds: ["a"] }))).toEqual({ kind: "members", reads: ["a"], viewers: ["a"] });
    expect(cacheEffect(JSON.stringify({ kind: "members", reads: ["a"], viewers: [] }))).toEqual({ kind: "members", reads: ["a"], viewers: [] });
    expect(cacheEffect(JSON.stringify({ kind: "notifications", from: 1, to: 2, memberIds: ["b"] }))).toEqual({ kind: "members", reads: ["b"], viewers: [] });
    // Ids that are not a list of strings: the safe side (everyone's member caches, or everything).
    expect(cacheEffect(JSON.stringify({ kind: "message", conversationId: "c", memberIds: "a" }))).toEqual({ kind: "member" });
    expect(cacheEffect(JSON.stringify({ kind: "notifications", from: 1, to: 2, memberIds: [1] }))).toEqual({ kind: "pages" });
    // Anything else — a comment, a notification, an unknown or broken message — empties every cache.
    for (const other of [JSON.stringify({ kind: "pages" }), JSON.stringify({ kind: "comment" }), JSON.stringify({ kind: "notifications", from: 1, to: 2 }), "not json"]) {
      expect(cacheEffect(other)).toEqual({ kind: "pages" });
    }
    await expect(publishEvent(forum.services.db, { kind: "session-ended", session: key! })).resolves.toBeUndefined();
  });

  it("reads Last-Event-ID strictly", () => {
    expect(parseLastEventId("42")).toBe(42);
    expect(parseLastEventId(" 7 ")).toBe(7);
    expect(parseLastEventId("-1")).toBeNull();
    expect(parseLastEventId("abc")).toBeNull();
    expect(parseLastEventId(null)).toBeNull();
  });
});
