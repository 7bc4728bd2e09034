/**
 * `/auth/magic` (SPEC §2): opening a magic link never signs in — only pressing
 * 'Logga in' (a POST of the token) does. Through the route module, against a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as magicRoute from "../../app/routes/auth-magic";
import { requestMagicLink } from "../../server/accounts/actions";
import { getViewer } from "../../server/accounts/session";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../server/testing/harness";
import { callRoute } from "../../server/testing/route-call";

const ORIGIN = "http://localhost:3000";

let forum: TestForum;
let member: TestMember;

beforeAll(async () => {
  forum = await createTestForum();
  member = await createMember(forum);
});
afterAll(() => forum.close());

/** Asks for a link and returns its path and query, as the mail gives it. */
async function magicLink(redirectTo = "/forum"): Promise<URL> {
  const before = forum.mails.length;
  expect(await requestMagicLink(forum.services, { email: member.email }, new Headers(), redirectTo)).toEqual({ ok: true });
  const text = forum.mails.slice(before).at(-1)!.text;
  return new URL(text.match(/http:\/\/localhost:3000\/auth\/magic\?token=[^\s"<>]+/)![0]);
}

function sessionCookies(headers: Headers): string[] {
  return headers.getSetCookie().filter((c) => c.includes("session_token="));
}

async function viewerFor(setCookies: string[]) {
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  return getViewer(forum.services, new Request(`${ORIGIN}/forum`, { headers: { cookie } }));
}

describe("GET /auth/magic", () => {
  it("shows the 'Logga in' page with the token, sets no cookie, and leaves the token usable", async () => {
    const link = await magicLink("/forum/aktier");
    // A mail scanner opening the link, twice.
    for (let i = 0; i < 2; i++) {
      const opened = await callRoute(forum, magicRoute.loader, { url: link.pathname + link.search });
      expect(opened.status).toBe(200);
      expect(opened.headers.getSetCookie()).toEqual([]);
      expect(opened.body).toEqual({ invalid: false, token: link.searchParams.get("token"), redirectTo: "/forum/aktier" });
    }
    const pressed = await callRoute(forum, magicRoute.action, {
      url: "/auth/magic",
      form: { token: link.searchParams.get("token")!, redirectTo: "/forum/aktier" },
    });
    expect(pressed.status).toBe(302);
    expect(pressed.location).toBe("/forum/aktier");
    const cookies = sessionCookies(pressed.headers);
    expect(cookies).toHaveLength(1);
    expect((await viewerFor(cookies))?.id).toBe(member.id);
  });

  it("shows the invalid-link screen for a link without a token", async () => {
    expect((await callRoute(forum, magicRoute.loader, { url: "/auth/magic" })).body).toEqual({ invalid: true });
  });
});

describe("POST /auth/magic", () => {
  it("signs in once; the same token again, or a made-up one, answers 400 with the invalid-link screen", async () => {
    const token = (await magicLink()).searchParams.get("token")!;
    const first = await callRoute(forum, magicRoute.action, { url: "/auth/magic", form: { token } });
    expect(first.status).toBe(302);
    expect(first.location).toBe("/forum");
    for (const again of [token, "påhittad", ""]) {
      const refused = await callRoute(forum, magicRoute.action, { url: "/auth/magic", form: { token: again } });
      expect(refused.status, again).toBe(400);
      expect(refused.body).toEqual({ invalid: true });
      expect(sessionCookies(refused.headers)).toEqual([]);
    }
  });

  it("never redirects to another site", async () => {
    const token = (await magicLink()).searchParams.get("token")!;
    const res = await callRoute(forum, magicRoute.action, { url: "/auth/magic", form: { token, redirectTo: "//evil.example" } });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/forum");
  });
});
