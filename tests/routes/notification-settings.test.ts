/**
 * The section 'Notifieringar' of /forum/konto (docs/decisions/029) through the account
 * route: the loader gives the defaults, then what was saved; `intent=notification-settings`
 * saves (200 + Swedish toast) or refuses a hand-made bad value with 400, a Swedish message, the
 * posted values and nothing stored; `email-off` / `email-on` flip only the e-mail switch;
 * visitors get 401; `/forum/konto/notiser` redirects to `/forum/konto#notiser`; and the section
 * renders the six radio groups with the four options in order.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountRoute from "../../app/routes/account";
import * as accountNotifications from "../../app/routes/account-notifications";
import { NotificationSettingsForm } from "../../app/components/notifications/notification-settings-form";
import { notificationSettings as nst } from "../../domain/i18n/sv";
import { DEFAULT_NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from "../../domain/values";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../../server/notifications/settings";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../server/testing/harness";
import { callRoute, sessionCookie } from "../../server/testing/route-call";

let forum: TestForum;
let member: TestMember;
let cookie: string;

beforeAll(async () => {
  forum = await createTestForum();
  member = await createMember(forum);
  cookie = await sessionCookie(forum, member);
}, 60_000);
afterAll(() => forum?.close());

const page = (c = cookie) => callRoute(forum, accountRoute.loader, { url: "/forum/konto", cookie: c });
const post = (form: Record<string, string>, c = cookie) =>
  callRoute(forum, accountRoute.action, { url: "/forum/konto", form, cookie: c });
const allLevels = (changes: Record<string, string> = {}) => ({ intent: "notification-settings", ...DEFAULT_NOTIFICATION_CHANNELS, ...changes });

describe("/forum/konto 'Notifieringar'", () => {
  it("the page shows the defaults; a save answers 200 with the toast and the page shows the new settings", async () => {
    expect((await page()).body.notificationSettings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const saved = await post(allLevels({ mention: "off", watched_ticker: "email", weekly_digest: "on" }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, intent: "notification-settings", toast: { title: nst.saved } });
    expect((await page()).body.notificationSettings).toEqual({
      channels: { ...DEFAULT_NOTIFICATION_CHANNELS, mention: "off", watched_ticker: "email" },
      emailEnabled: true,
      weeklyDigest: true,
      autoSubscribe: false,
    });
  });

  it("a hand-made bad value is 400 with a Swedish message and the posted values; nothing changes", async () => {
    const before = (await page()).body.notificationSettings;
    const bad = await post(allLevels({ reply: "<script>", auto_subscribe: "on" }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      ok: false,
      intent: "notification-settings",
      error: nst.invalidChannel,
      fieldErrors: { reply: nst.invalidChannel },
      values: { reply: "<script>", auto_subscribe: "on" },
    });
    expect((await post({ intent: "notification-settings" })).status).toBe(400);
    expect((await page()).body.notificationSettings).toEqual(before);
  });

  it("'Stäng av alla e-postnotifieringar' and 'Slå på e-postnotifieringar' flip only the e-mail switch", async () => {
    const before = (await page()).body.notificationSettings;
    const off = await post({ intent: "email-off" });
    expect(off.status).toBe(200);
    expect(off.body.toast.title).toBe(nst.emailTurnedOff);
    expect((await page()).body.notificationSettings).toEqual({ ...before, emailEnabled: false });
    const on = await post({ intent: "email-on" });
    expect(on.body.toast.title).toBe(nst.emailTurnedOn);
    expect((await page()).body.notificationSettings).toEqual(before);
  });

  it("visitors get 401; /forum/konto/notiser leads to the section", async () => {
    expect((await post(allLevels(), "")).status).toBe(401);
    expect((await post({ intent: "email-off" }, "")).status).toBe(401);
    const redirect = await callRoute(forum, accountNotifications.loader, { url: "/forum/konto/notiser" });
    expect(redirect.status).toBe(302);
    expect(redirect.location).toBe("/forum/konto#notiser");
  });

  it("the section renders a fieldset per kind with 'I forumet', '+ e-post', '+ push', 'Av' in order, and the e-mail state", () => {
    const render = (settings = DEFAULT_NOTIFICATION_SETTINGS) => {
      const Stub = createRoutesStub([{ path: "/", Component: () => createElement(NotificationSettingsForm, { settings }) }]);
      return renderToString(createElement(Stub));
    };
    const html = render();
    expect(html).toContain('id="notiser"');
    expect(html.match(/<fieldset/g)).toHaveLength(NOTIFICATION_KINDS.length);
    for (const kind of NOTIFICATION_KINDS) expect(html).toContain(`<legend class="mb-1 text-sm font-semibold text-slate-800">${nst.kinds[kind]}</legend>`);
    const firstGroup = html.slice(html.indexOf("<fieldset"), html.indexOf("</fieldset>"));
    const labels = [...firstGroup.matchAll(/<span class="min-w-0[^"]*">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(labels).toEqual(["I forumet", "+ e-post", "+ push", "Av"]);
    // The visible text, as read: the master switch keeps 'e-postnotifieringar' whole on one line.
    const text = (markup: string) => markup.replace(/<[^>]+>/g, "");
    expect(html).toContain(nst.save);
    expect(text(html)).toContain(nst.emailOff);
    expect(html).toContain('<span class="whitespace-nowrap">e-postnotifieringar</span>');
    const off = render({ ...DEFAULT_NOTIFICATION_SETTINGS, emailEnabled: false });
    expect(off).toContain(nst.emailOffNotice);
    expect(text(off)).toContain(nst.emailOn);
  });
});
