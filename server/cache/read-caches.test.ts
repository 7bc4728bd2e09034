/**
 * A member's own reads (server/cache/read-caches.ts): kept per key until a clear (a
 * write or a realtime event), never for a member who has just written, never a read that began
 * before a clear, and within the byte bound.
 */
import { describe, expect, it } from "vitest";
import { createMemberReads, createReadCache, memberOfKey, memberRead, memberReadKey, notificationListKey } from "./read-caches";

/** A read that counts its calls and answers `{ n }` with the call's number. */
function counter() {
  const state = { calls: 0 };
  const read = async () => ({ n: ++state.calls });
  return { state, read };
}

describe("member reads", () => {
  it("keeps a member's read until clear(), apart per member", async () => {
    const cache = createMemberReads();
    const { state, read } = counter();
    const a = notificationListKey("a");
    const first = await memberRead(cache, null, a, read);
    expect(await memberRead(cache, "theme=dark", a, read)).toBe(first);
    expect(state.calls).toBe(1);
    expect(await memberRead(cache, null, notificationListKey("b"), read)).toEqual({ n: 2 });
    cache.clear();
    expect(await memberRead(cache, null, a, read)).toEqual({ n: 3 });
  });

  it("forgets the entries a change names, keeps the rest, and does not keep a read the forgetting overtook", async () => {
    const cache = createMemberReads();
    let n = 0;
    const read = () => Promise.resolve({ n: ++n });
    await cache.get(memberReadKey("anna", "inbox", 1), read);
    await cache.get(memberReadKey("anna", "conversation", "c1", null), read);
    await cache.get(memberReadKey("bertil", "inbox", 1), read);
    expect(memberOfKey(memberReadKey("anna", "conversation", "c1", 4))).toBe("anna");
    let finish!: (v: { n: number }) => void;
    const slow = cache.get(notificationListKey("cecilia"), () => new Promise<{ n: number }>((r) => (finish = r)));
    cache.forget((key) => memberOfKey(key) === "anna");
    finish({ n: 100 });
    expect(await slow).toEqual({ n: 100 });
    expect(await cache.get(memberReadKey("bertil", "inbox", 1), read)).toEqual({ n: 3 });
    expect(await cache.get(memberReadKey("anna", "inbox", 1), read)).toEqual({ n: 4 });
    // Cecilia's read began before the forgetting: answered, not kept (gone after its 1 ms).
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await cache.get(notificationListKey("cecilia"), read)).toEqual({ n: 5 });
  });

  it("reads the database itself for a member who has just written, and without a cache", async () => {
    const cache = createMemberReads();
    const { state, read } = counter();
    const key = notificationListKey("a");
    await memberRead(cache, null, key, read);
    expect(await memberRead(cache, "x=1; borssnack_fresh=1", key, read)).toEqual({ n: 2 });
    expect(await memberRead(null, null, key, read)).toEqual({ n: 3 });
    expect(await memberRead(cache, null, key, read)).toEqual({ n: 1 });
    expect(state.calls).toBe(3);
  });

  it("answers a read that began before a clear but does not keep it", async () => {
    const cache = createMemberReads();
    let release: () => void = () => {};
    const slow = () => new Promise<{ v: string }>((resolve) => (release = () => resolve({ v: "old" })));
    const key = notificationListKey("a");
    const pending = memberRead(cache, null, key, slow);
    await Promise.resolve();
    cache.clear();
    release();
    expect(await pending).toEqual({ v: "old" });
    expect(await memberRead(cache, null, key, async () => ({ v: "new" }))).toEqual({ v: "new" });
  });

  it("drops the least recently used reads beyond its byte bound", async () => {
    const cache = createReadCache({ ttlMs: 60_000, max: 100, maxBytes: 1_000, sizeOf: (value) => JSON.stringify(value).length });
    const big = { text: "x".repeat(400) };
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => big);
    expect(cache.size()).toBe(2);
  });
});
