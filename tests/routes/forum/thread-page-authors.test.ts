/**
 * The thread page's authors and own posts, as rendered: the opening post shows its author's
 * avatar like every comment; a blocked member's thread and comments carry 'Blockerad' for
 * staff only (the loader tells staff alone, so members' shared renders never carry it); and on
 * one's own post the reaction chips are disabled with 'Du kan inte reagera på ditt eget
 * innehåll' as their tooltip, not as a sentence repeated under every post.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as threadRoute from "../../../app/routes/thread";
import { loadMemberParts } from "../../../app/components/forum/member-parts-lazy";
import { ReactionBar } from "../../../app/components/forum/reaction-bar";
import { reactions as r, reporting as rp } from "../../../domain/i18n/sv";
import { siteCan } from "../../../domain/policy/actor";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { blockUser } from "../../../server/moderation/blocks";
import { callRoute, sessionCookie, threadUrl } from "../../../server/testing/route-call";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";

let forum: TestForum;
let author: TestMember;
let moderator: TestMember;
let reader: TestMember;
let categoryId: string;
let threadId: string;

const actorOf = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

beforeAll(async () => {
  forum = await createTestForum();
  author = await createMember(forum, { nickname: "Blockad_Bo" });
  moderator = await createMember(forum, { role: "moderator" });
  reader = await createMember(forum);
  categoryId = (await listCategories(forum.services.db))[0]!.id;
  threadId = (await createThread(forum.services.db, actorOf(author), { categoryId, title: "Tråd av Bo", body: "Text" })).id;
  await createComment(forum.services.db, actorOf(author), threadId, { body: "Kommentar av Bo" });
  await blockUser(forum.services.db, actorOf(moderator), author.id);
  // The member-only components render at once (as on a member's page, where they are loaded).
  await loadMemberParts();
}, 60_000);
afterAll(() => forum?.close());

const url = () => `/forum/kategori/${categoryId}/trad/${threadId}`;
const load = async (who: TestMember | null) =>
  (await callRoute(forum, threadRoute.loader, { url: await threadUrl(forum, threadId), params: { categoryId, threadId }, cookie: who ? await sessionCookie(forum, who) : undefined })).body;

/** The page as the server renders it for `who` with the loader's data. */
async function renderPage(who: TestMember | null): Promise<string> {
  const data = await load(who);
  const viewer = who
    ? { id: who.id, nickname: who.nickname, can: siteCan({ id: who.id, role: who.role }), avatarUrl: null, edgeLevel: 0, hasPassword: true }
    : null;
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ viewer }),
      children: [{ id: "thread", path: "forum/kategori/:categoryId/trad/:threadId", loader: () => data, Component: threadRoute.default as never }],
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [url()], hydrationData: { loaderData: { root: { viewer }, thread: data } } }));
}

/** The opening post's `<article>` (the comments follow in their own). */
const openingPost = (html: string) => html.slice(html.indexOf("<article"), html.indexOf("</article>"));

describe("thread page authors", () => {
  it("the opening post shows its author's avatar, as comments do", async () => {
    const html = await renderPage(null);
    expect(openingPost(html)).toMatch(/data-edge-band="\d"/);
    expect(openingPost(html)).toContain('title="Blockad_Bo – EdgeLevel');
  });

  it("a blocked member's posts carry 'Blockerad' for staff only", async () => {
    const staff = await load(moderator);
    expect(staff.thread.authorBlocked).toBe(true);
    expect(staff.comments[0].authorBlocked).toBe(true);
    for (const who of [reader, null]) {
      const data = await load(who);
      expect(data.thread.authorBlocked).toBeUndefined();
      expect(data.comments[0].authorBlocked).toBeUndefined();
    }
    const staffHtml = await renderPage(moderator);
    expect(staffHtml.match(/data-testid="blocked-badge"/g)).toHaveLength(2);
    expect(openingPost(staffHtml)).toContain(`>${rp.blockedBadge}</span>`);
    expect(openingPost(staffHtml)).toContain(`title="${rp.blockedBadgeTitle}"`);
    expect(await renderPage(reader)).not.toContain(rp.blockedBadge);
  });
});

describe("reaction chips on one's own post", () => {
  const render = (props: { canReact: boolean; loggedIn: boolean }) => {
    const summary = { counts: { bull: 1, bear: 0, like: 2, fire: 0 }, mine: [] };
    const Stub = createRoutesStub([{ path: "/t", Component: () => createElement(ReactionBar, { targetType: "thread", targetId: "t1", summary, ...props }) }]);
    return renderToString(createElement(Stub, { initialEntries: ["/t"] }));
  };

  it("are disabled with the hint as their tooltip, never as a sentence under the post", () => {
    const own = render({ canReact: false, loggedIn: true });
    const buttons = [...own.matchAll(/<button[^>]*>/g)].map((m) => m[0]);
    expect(buttons).toHaveLength(4);
    for (const button of buttons) {
      expect(button).toContain("disabled");
      expect(button).toContain(`title="${r.ownContent}"`);
    }
    // No text node says it: only the tooltips do.
    expect(own).not.toContain(`>${r.ownContent}<`);
    expect(own).not.toContain("aria-describedby");
  });

  it("others' posts keep each chip's own label as tooltip", () => {
    const other = render({ canReact: true, loggedIn: true });
    expect(other).not.toContain(r.ownContent);
    expect(other).toContain(`title="${r.labels.bull}"`);
  });
});
