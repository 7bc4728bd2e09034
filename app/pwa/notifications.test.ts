/**
 * Push messages in the service worker: the payload `{title, body,
 * url}` becomes the notification, and a click only ever opens a page of the forum itself.
 */
import { describe, expect, it, vi } from "vitest";
import { pwa } from "../../domain/i18n/sv";
import { clickTarget, notificationFromPush, PUSH_LIMITS, sameOriginPath, type AppWindow } from "./notifications";

const ORIGIN = "https://borssnack.example";

describe("notificationFromPush", () => {
  it("shows the payload's title and body and keeps its url for the click", () => {
    const shown = notificationFromPush({ title: "Ny kommentar", body: "Aktie_Anna svarade i din tråd", url: "/forum/notifications" }, ORIGIN);
    expect(shown.title).toBe("Ny kommentar");
    expect(shown.options).toMatchObject({ body: "Aktie_Anna svarade i din tråd", lang: "sv", data: { url: "/forum/notifications" } });
    expect(shown.options.icon).toMatch(/^\/icons\/.+\.png$/);
  });

  it("a payload without title, a plain-text payload or none still shows 'Börssnack'", () => {
    expect(notificationFromPush({ body: "Hej" }, ORIGIN).title).toBe(pwa.notificationFallbackTitle);
    expect(notificationFromPush("Bara text", ORIGIN)).toMatchObject({ title: "Börssnack", options: { body: "Bara text", data: { url: "/" } } });
    expect(notificationFromPush(null, ORIGIN)).toMatchObject({ title: "Börssnack", options: { body: "", data: { url: "/" } } });
    expect(notificationFromPush({ title: 42, body: ["x"] }, ORIGIN)).toMatchObject({ title: "Börssnack", options: { body: "" } });
  });

  it("cuts an overlong title and body", () => {
    const shown = notificationFromPush({ title: "T".repeat(500), body: "B".repeat(5000) }, ORIGIN);
    expect(shown.title).toHaveLength(PUSH_LIMITS.title);
    expect(shown.title.endsWith("…")).toBe(true);
    expect(shown.options.body).toHaveLength(PUSH_LIMITS.body);
  });

  it("a url on another site, or a javascript: url, opens the start page instead", () => {
    expect(notificationFromPush({ title: "x", url: "https://evil.example/phish" }, ORIGIN).options.data.url).toBe("/");
    expect(notificationFromPush({ title: "x", url: "//evil.example/phish" }, ORIGIN).options.data.url).toBe("/");
    expect(notificationFromPush({ title: "x", url: "javascript:alert(1)" }, ORIGIN).options.data.url).toBe("/");
  });
});

describe("sameOriginPath", () => {
  it("keeps path, query and hash of a same-origin url", () => {
    expect(sameOriginPath(`${ORIGIN}/forum/kommentar/abc?x=1#c`, ORIGIN)).toBe("/forum/kommentar/abc?x=1#c");
    expect(sameOriginPath("/forum/aktie/ERIC-B", ORIGIN)).toBe("/forum/aktie/ERIC-B");
    expect(sameOriginPath(undefined, ORIGIN)).toBe("/");
  });
});

describe("clickTarget", () => {
  const win = (url: string, focused = false): AppWindow => ({ url, focused, focus: vi.fn(async () => undefined), navigate: vi.fn(async () => undefined) });

  it("focuses a window already showing the page", () => {
    const there = win(`${ORIGIN}/forum/notifications`);
    expect(clickTarget([win(`${ORIGIN}/forum`), there], "/forum/notifications", ORIGIN)).toEqual({ focus: there });
  });

  it("else brings the focused (or first) window of the app to the page", () => {
    const focused = win(`${ORIGIN}/forum`, true);
    expect(clickTarget([win(`${ORIGIN}/forum/sok`), focused], "/forum/notifications", ORIGIN)).toEqual({ navigate: focused });
  });

  it("else opens a new window", () => {
    expect(clickTarget([], "/forum/notifications", ORIGIN)).toEqual({ open: "/forum/notifications" });
  });
});
