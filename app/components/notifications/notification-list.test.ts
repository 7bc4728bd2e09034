/**
 * The notifications page's empty list: 'Inga notifieringar' says what brings notifications and
 * links to their settings, in the words the rest of the forum uses ('notifieringar').
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { notifications as n } from "../../../domain/i18n/sv";
import { NotificationList } from "./notification-list";

describe("NotificationList when empty", () => {
  it("says how to get notifications and links to the settings", () => {
    const html = renderToStaticMarkup(createElement(NotificationList, { items: [], busy: false }));
    expect(html).toContain(n.empty);
    expect(html).toContain(n.emptyHint);
    expect(html).toMatch(new RegExp(`<a href="/forum/konto#notiser"[^>]*>${n.emptySettings}</a>`));
  });
});
