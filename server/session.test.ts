import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createTestForum, type TestForum } from "./testing/harness";
import { sql } from "drizzle-orm";
import { getViewer } from "./session";

let forum: TestForum;
beforeAll(async () => {
  forum = await createTestForum();
});
afterAll(async () => forum?.close());

describe("getViewer", () => {
  it("reads a request's session once however many loaders ask, and says whether a password is set", async () => {
    const member = await createMember(forum);
    const signIn = await forum.services.auth.api.signInEmail({
      body: { email: member.email, password: member.password },
      asResponse: true,
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const request = new Request("http://localhost:3000/forum", { headers: { cookie } });

    const api = forum.services.auth.api;
    const original = api.getSession;
    let sessionReads = 0;
    api.getSession = ((...args: Parameters<typeof original>) => {
      sessionReads += 1;
      return original(...args);
    }) as typeof original;
    try {
      const [a, b, c] = await Promise.all([getViewer(forum.services, request), getViewer(forum.services, request), getViewer(forum.services, request)]);
      expect(a).toMatchObject({ id: member.id, nickname: member.nickname, hasPassword: true });
      expect(b).toBe(a);
      expect(c).toBe(a);
      expect(sessionReads).toBe(1);
      // Another request is looked up on its own (a write: page reads may reuse a recent check).
      await getViewer(forum.services, new Request("http://localhost:3000/forum", { method: "POST", headers: { cookie } }));
      expect(sessionReads).toBe(2);
    } finally {
      api.getSession = original;
    }
  });

  it("reuses a session check for page reads of the same cookie, never for writes, and forgets it after a write", async () => {
    const member = await createMember(forum);
    const signIn = await forum.services.auth.api.signInEmail({
      body: { email: member.email, password: member.password },
      asResponse: true,
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const get = () => new Request("http://localhost:3000/forum", { headers: { cookie } });
    const post = () => new Request("http://localhost:3000/forum", { method: "POST", headers: { cookie } });

    const api = forum.services.auth.api;
    const original = api.getSession;
    let sessionReads = 0;
    api.getSession = ((...args: Parameters<typeof original>) => {
      sessionReads += 1;
      return original(...args);
    }) as typeof original;
    try {
      expect(await getViewer(forum.services, get())).toMatchObject({ id: member.id });
      expect(await getViewer(forum.services, get())).toMatchObject({ id: member.id });
      expect(sessionReads).toBe(1);

      // A write checks the session itself; signing out (the session row goes) is seen at once.
      await forum.services.db.execute(sql`DELETE FROM "session" WHERE user_id = ${member.id}`);
      expect(await getViewer(forum.services, post())).toBeNull();
      expect(sessionReads).toBe(2);
      expect(await getViewer(forum.services, get())).toBeNull();
      expect(sessionReads).toBe(3);
    } finally {
      api.getSession = original;
    }
  });
});
