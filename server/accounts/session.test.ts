import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createTestForum, type TestForum } from "../testing/harness";
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
      // Another request is looked up on its own.
      await getViewer(forum.services, new Request("http://localhost:3000/forum", { headers: { cookie } }));
      expect(sessionReads).toBe(2);
    } finally {
      api.getSession = original;
    }
  });
});
