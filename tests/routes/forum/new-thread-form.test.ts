/**
 * The new thread form speaks Swedish when something is missing: it is `noValidate` (no browser
 * bubble such as 'Please select an item in the list.'), checks before sending with the server's
 * own messages, and shows the server's answer the same way — each message once, beside its field,
 * with `aria-invalid` — keeping what was typed. The server still refuses each empty field.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import NewThread, * as newThread from "../../../app/routes/new-thread";
import { threadFieldErrors } from "../../../app/components/forum/thread-body-field";
import { forum as f } from "../../../domain/i18n/sv";
import { listCategories } from "../../../server/forum/queries";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";
import { createMember, createTestForum, type TestForum } from "../../../server/testing/harness";

let forum: TestForum;
let cookie: string;

beforeAll(async () => {
  forum = await createTestForum();
  cookie = await sessionCookie(forum, await createMember(forum));
}, 60_000);
afterAll(() => forum?.close());

const count = (html: string, text: string) => html.split(text).length - 1;

describe("new thread form", () => {
  it("the server refuses an empty category, title and body with a Swedish message per field and the typed values", async () => {
    const answer = await callRoute(forum, newThread.action, { url: "/forum/create", form: { categoryId: "", title: "   ", body: "" }, cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ categoryId: f.categoryRequired, title: f.titleRequired, body: f.bodyRequired });
    expect(answer.body.values).toEqual({ categoryId: "", title: "   ", body: "" });
  });

  it("renders without the browser's own check, each answer's message once beside its field, what was typed kept", async () => {
    const categories = await listCategories(forum.services.db);
    const loaderData = { category: null, categories, loggedIn: true, submitKey: "k" };
    const answer = await callRoute(forum, newThread.action, { url: "/forum/create", form: { categoryId: "", title: "Min rubrik", body: "" }, cookie });
    const render = (actionData?: unknown) => {
      const Stub = createRoutesStub([{ path: "/forum/create", Component: () => createElement(NewThread, { loaderData, actionData } as never) }]);
      return renderToString(createElement(Stub, { initialEntries: ["/forum/create"] }));
    };

    const empty = render();
    expect(empty).toMatch(/<form[^>]*novalidate/i);
    expect(empty).not.toContain('aria-invalid="true"');

    const refused = render(answer.body);
    expect(refused).toMatch(/<form[^>]*novalidate/i);
    for (const message of [f.categoryRequired, f.bodyRequired]) expect(count(refused, message)).toBe(1);
    expect(refused).not.toContain(f.titleRequired);
    expect(refused).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="categoryId-error"/);
    expect(refused).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="body-error"/);
    expect(refused).toContain('id="categoryId-error"');
    expect(refused).toContain('id="body-error"');
    expect(refused).toContain('value="Min rubrik"');
  });

  it("checks before sending with the server's words; blank to the eye is empty", () => {
    expect(threadFieldErrors({ categoryId: "", title: " \u200b ", body: "" })).toEqual({
      categoryId: f.categoryRequired,
      title: f.titleRequired,
      body: f.bodyRequired,
    });
    expect(threadFieldErrors({ title: "Rubrik", body: "Text" })).toEqual({});
    // Without the category picker (the category is in the address) nothing asks for one.
    expect(threadFieldErrors({ title: "Rubrik", body: "Text", categoryId: undefined })).toEqual({});
  });
});
