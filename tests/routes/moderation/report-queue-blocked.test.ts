/**
 * The report queue once the author is blocked (from the thread's menu, or a report of another
 * post): the group no longer offers 'Blockera författaren' but says 'Användaren är redan
 * blockerad'; dismissing and deleting stay. The server refuses a second block all the same.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import AdminReports, * as adminReports from "../../../app/routes/admin-reports";
import { moderation as m } from "../../../domain/i18n/sv";
import { createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { blockUser } from "../../../server/moderation/blocks";
import { createReport, listReportGroups } from "../../../server/moderation/reports";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";

let forum: TestForum;
let author: TestMember;
let reporter: TestMember;
let moderator: TestMember;
let categoryId: string;

const actorOf = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

beforeAll(async () => {
  forum = await createTestForum();
  author = await createMember(forum);
  reporter = await createMember(forum);
  moderator = await createMember(forum, { role: "moderator" });
  categoryId = (await listCategories(forum.services.db))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

/** The queue as staff see it, rendered with its loader's groups. */
function renderQueue(groups: Awaited<ReturnType<typeof listReportGroups>>): string {
  const Stub = createRoutesStub([{ path: "/admin/reports", Component: () => createElement(AdminReports, { loaderData: { groups, held: [], reported: [] } } as never) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/admin/reports"] }));
}

describe("report queue and a blocked author", () => {
  it("offers 'Blockera författaren' until the author is blocked, then shows the state instead", async () => {
    const { id } = await createThread(forum.services.db, actorOf(author), { categoryId, title: "Pumpa och dumpa", body: "Köp nu!" });
    await createReport(forum.services.db, actorOf(reporter), { targetType: "thread", targetId: id, reason: "spam" });

    const before = (await listReportGroups(forum.services.db)).find((g) => g.targetId === id)!;
    expect(before.author).toMatchObject({ id: author.id, blocked: false });
    const open = renderQueue([before]);
    expect(open).toContain(m.blockAuthor);
    expect(open).not.toContain(m.alreadyBlocked);

    // Blocked from the thread's menu: the report stays open.
    await blockUser(forum.services.db, actorOf(moderator), author.id);
    const answer = await callRoute(forum, adminReports.loader, { url: "/admin/reports", cookie: await sessionCookie(forum, moderator) });
    const after = (answer.body.groups as typeof before[]).find((g) => g.targetId === id)!;
    expect(after.author).toMatchObject({ id: author.id, blocked: true });
    const blocked = renderQueue([after]);
    expect(blocked).not.toContain(m.blockAuthor);
    expect(blocked).toContain(m.alreadyBlocked);
    expect(blocked).toContain(m.dismiss);
    expect(blocked).toContain(m.deleteContent);

    // The server does not block twice.
    const again = await callRoute(forum, adminReports.action, {
      url: "/admin/reports",
      form: { decision: "block", targetType: "thread", targetId: id },
      cookie: await sessionCookie(forum, moderator),
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(m.alreadyBlocked);
  });
});
