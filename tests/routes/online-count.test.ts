/**
 * The header's online count counts a member from their first page (SPEC §4 Presence: online is
 * activity within 15 minutes): signing in is activity and drops the count the pages keep for 15 s,
 * so the first page after sign-in, and everyone's, count the member, not the number read before
 * they came; their first activity ping does not count them twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as root from "../../app/root";
import * as apiPresence from "../../app/routes/api-presence";
import { login } from "../../server/accounts/actions";
import { createMember, createTestForum, type TestForum } from "../../server/testing/harness";
import { callRoute } from "../../server/testing/route-call";

let forum: TestForum;
beforeAll(async () => {
  forum = await createTestForum();
});
afterAll(() => forum.close());

const onlineOnPage = async (cookie?: string) => (await callRoute(forum, root.loader, { url: "/forum", cookie })).body.online;

describe("the online count after a member comes", () => {
  it("counts the member on their first page after signing in, though a page read the count a moment before", async () => {
    const member = await createMember(forum, { nickname: "Nyss_Inloggad" });
    // A page before: nobody is online, and the count is kept for the next pages (15 s).
    expect(await onlineOnPage()).toMatchObject({ totalOnline: 0 });

    const signedIn = await login(forum.services, { email: member.email, password: member.password }, new Headers());
    expect(signedIn.ok).toBe(true);
    const cookie = (signedIn as { setCookies: string[] }).setCookies.map((c) => c.split(";")[0]).join("; ");

    // The first page after signing in, before any activity ping: the member is online, on their
    // pages and everyone's.
    expect(await onlineOnPage(cookie)).toMatchObject({ totalOnline: 1, lastHourActive: 1 });
    expect(await onlineOnPage()).toMatchObject({ totalOnline: 1 });

    // The page's activity ping (the header's tracker) logs the activity; the member counts once.
    const ping = await callRoute(forum, apiPresence.action, { url: "/api/presence", cookie, form: { date: "2026-11-29", hour: "7" } });
    expect(ping.body).toEqual({ ok: true, updated: true });
    expect(await onlineOnPage(cookie)).toMatchObject({ totalOnline: 1, lastHourActive: 1 });
  });
});
