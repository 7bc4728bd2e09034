/**
 * The admin area speaks Swedish where it is read: the header badge and the dashboard's heading
 * say 'Admin'; the spec's English layout name 'Admin Dashboard' (SPEC §2) stays only in the
 * document title.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AdminDashboard from "../../../app/routes/admin-dashboard";
import AdminLayout, { meta } from "../../../app/routes/admin-layout";
import { admin as adm } from "../../../domain/i18n/sv";
import { siteCan } from "../../../domain/policy/actor";

describe("admin heading", () => {
  it("shows 'Admin' in the badge and the heading, 'Admin Dashboard' only as the title", () => {
    const can = siteCan({ id: "a", role: "admin" });
    const Stub = createRoutesStub([
      {
        path: "/admin",
        Component: () => createElement(AdminLayout, { loaderData: { can, openReports: 0 } } as never),
        children: [{ index: true, Component: AdminDashboard }],
      },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/admin"] }));
    expect(html).not.toContain("Admin Dashboard");
    expect(html).toMatch(new RegExp(`<h1[^>]*>${adm.heading}</h1>`));
    expect(html).toMatch(new RegExp(`<span class="hidden rounded bg-slate-900[^"]*">${adm.heading}</span>`));
    expect((meta as () => Array<{ title?: string }>)()[0]!.title).toBe("Admin Dashboard");
  });
});
