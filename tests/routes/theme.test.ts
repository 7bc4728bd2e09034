/**
 * The colour theme cookie through the real route modules: `POST /api/theme`
 * stores `system` | `light` | `dark` for a year and sends the no-JavaScript form back to the same
 * page (a same-origin path only), answers the browser's fetcher with JSON, refuses an unknown
 * theme with 400 and the Swedish message; the root loader hands the cookie's preference to the
 * document (`<html class="dark">`, the head script for `system`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiTheme from "../../app/routes/api-theme";
import * as root from "../../app/root";
import { theme as th } from "../../domain/i18n/sv";
import { createTestForum, type TestForum } from "../../server/testing/harness";
import { callRoute } from "../../server/testing/route-call";

let forum: TestForum;

beforeAll(async () => {
  forum = await createTestForum();
}, 60_000);
afterAll(() => forum?.close());

describe("POST /api/theme", () => {
  it("the footer form without JavaScript: 303 back to the page, cookie for a year on the whole site", async () => {
    const answer = await callRoute(forum, apiTheme.action, { url: "/api/theme", form: { theme: "dark", returnTo: "/forum/sok?q=volvo" } });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/forum/sok?q=volvo");
    const cookie = answer.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^theme=dark;/);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("goes back only to a path on this site", async () => {
    for (const returnTo of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", ""]) {
      const answer = await callRoute(forum, apiTheme.action, { url: "/api/theme", form: { theme: "light", returnTo } });
      expect(answer.status, returnTo).toBe(303);
      expect(answer.location, returnTo).toBe("/");
    }
  });

  it("answers the browser's switch with JSON and the cookie", async () => {
    const answer = await callRoute(forum, apiTheme.action, { url: "/api/theme", form: { theme: "system", mode: "js" } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, theme: "system" });
    expect(answer.headers.get("set-cookie")).toMatch(/^theme=system;/);
  });

  it("refuses an unknown theme with 400 and the Swedish message, and sets no cookie", async () => {
    for (const form of [{ theme: "blue" }, { theme: "" }, {} as Record<string, string>]) {
      const answer = await callRoute(forum, apiTheme.action, { url: "/api/theme", form: { ...form, returnTo: "/forum" } });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ ok: false, error: th.invalid });
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
  });

  it("GET is not a choice (405)", async () => {
    const answer = apiTheme.loader();
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
  });
});

describe("the root loader reads the preference", () => {
  const themeOf = async (cookie?: string) => (await callRoute(forum, root.loader, { url: "/forum", cookie })).body.theme;

  it("system without a cookie or with an unknown value, else the cookie's theme", async () => {
    expect(await themeOf()).toBe("system");
    expect(await themeOf("theme=purple")).toBe("system");
    expect(await themeOf("a=1; theme=dark; b=2")).toBe("dark");
    expect(await themeOf("theme=light")).toBe("light");
  });
});
