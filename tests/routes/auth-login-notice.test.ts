/**
 * `/auth/login`'s magic-link tab says 'Magisk länk skickad' once: in the notice above the field,
 * which stays while the member goes to their mail (no toast repeating it), also when the form
 * was posted without JavaScript (the page's own answer). Through the action, against a real
 * database, then the page rendered with its answer.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Login, * as loginRoute from "../../app/routes/auth-login";
import { auth as a } from "../../domain/i18n/sv";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../server/testing/harness";
import { callRoute } from "../../server/testing/route-call";

let forum: TestForum;
let member: TestMember;

beforeAll(async () => {
  forum = await createTestForum();
  member = await createMember(forum);
}, 60_000);
afterAll(() => forum?.close());

const count = (html: string, text: string) => html.split(text).length - 1;

describe("/auth/login magic link sent", () => {
  it("shows the spec's 'Magisk länk skickad' and how long the link works, each once", async () => {
    const answer = await callRoute(forum, loginRoute.action, { url: "/auth/login", form: { intent: "magic", email: member.email } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ intent: "magic", magicSent: true, error: null });
    const loaderData = { notice: null, tab: "password", redirectTo: "/forum" };
    const Stub = createRoutesStub([{ path: "/auth/login", Component: () => createElement(Login, { loaderData, actionData: answer.body } as never) }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/auth/login"] }));
    expect(count(html, a.magicSent)).toBe(1);
    expect(count(html, a.magicSentDescription)).toBe(1);
    expect(html).toMatch(/role="status"[^>]*>.*Magisk länk skickad/);
  });
});
