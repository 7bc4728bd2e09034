/**
 * 'Din syn' / 'Innehav' through the routes, as the composer's form sends them
 * (`syn.{TICKER}`, `innehav.{TICKER}`): a new thread and a comment store them, the thread page's
 * loader returns each post's stances, the edit page's loader prefills them, a comment edit
 * replaces them, a bad value is a Swedish 400 that keeps the text, the ticker page's loader
 * counts the members' view and the disclosure share, and `/api/tickers?known=` tells the composer
 * which cashtags are listed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiTickers from "../../../app/routes/api-tickers";
import * as editThreadRoute from "../../../app/routes/edit-thread";
import * as newThreadRoute from "../../../app/routes/new-thread";
import * as threadRoute from "../../../app/routes/thread";
import * as tickerRoute from "../../../app/routes/ticker";
import { stances as st } from "../../../domain/i18n/sv";
import { companies, threads, user } from "../../../server/db/schema";
import { listCategories } from "../../../server/forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie, threadUrl as canonicalUrl } from "../../../server/testing/route-call";

let forum: TestForum;
let categoryId: string;
let anna: TestMember;
let bertil: TestMember;

beforeAll(async () => {
  forum = await createTestForum();
  const db = forum.services.db;
  await db
    .insert(companies)
    .values([
      { ticker: "ERIC-B", name: "Ericsson ser. B" },
      { ticker: "VOLV-B", name: "AB Volvo ser. B" },
    ])
    .onConflictDoNothing();
  categoryId = (await listCategories(db))[0]!.id;
  anna = await createMember(forum, { nickname: "Route_Anna" });
  bertil = await createMember(forum, { nickname: "Route_Bertil" });
  // Established members, so the first-day caps do not interfere.
  for (const m of [anna, bertil]) await db.update(user).set({ createdAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(user.id, m.id));
}, 60_000);
afterAll(() => forum?.close());

describe("stances through the routes", () => {
  it("a thread and a comment with 'Bullish' and 'Jag äger aktien': stored, returned by the thread loader, counted on the ticker page", async () => {
    const created = await callRoute(forum, newThreadRoute.action, {
      url: `/forum/ny-trad/${categoryId}`,
      params: { categoryId },
      form: { title: "Köper mer $ERIC-B", body: "Rapporten var stark.", "syn.ERIC-B": "bullish", "innehav.ERIC-B": "owns", submitKey: crypto.randomUUID() },
      cookie: await sessionCookie(forum, anna),
    });
    expect(created.status).toBe(302);
    const [thread] = await forum.services.db.select({ id: threads.id }).from(threads).where(eq(threads.title, "Köper mer $ERIC-B"));
    const threadUrl = `/forum/kategori/${categoryId}/trad/${thread!.id}`;
    const params = { categoryId, threadId: thread!.id };

    const commented = await callRoute(forum, threadRoute.action, {
      url: threadUrl,
      params,
      form: {
        intent: "comment",
        body: "Jag tror tvärtom om $ERIC-B, och $VOLV-B är bättre",
        "syn.ERIC-B": "bearish",
        "innehav.ERIC-B": "does_not_own",
        "syn.VOLV-B": "",
        "innehav.VOLV-B": "",
        // A ticker the comment does not name: ignored.
        "syn.HM-B": "bullish",
        submitKey: crypto.randomUUID(),
      },
      cookie: await sessionCookie(forum, bertil),
    });
    expect(commented.status).toBe(200);
    const commentId = commented.body.commentId as string;

    const page = await callRoute(forum, threadRoute.loader, { url: await canonicalUrl(forum, thread!.id), params });
    expect(page.body.thread.stances).toEqual([{ ticker: "ERIC-B", sentiment: "bullish", position: "owns" }]);
    expect(page.body.comments[0].stances).toEqual([{ ticker: "ERIC-B", sentiment: "bearish", position: "does_not_own" }]);

    let tickerPage = await callRoute(forum, tickerRoute.loader, { url: "/forum/aktie/ERIC-B", params: { ticker: "ERIC-B" } });
    expect(tickerPage.body.members).toEqual({ bullish: 1, bearish: 1 });
    expect(tickerPage.body.positions).toEqual({ owns: 1, stated: 2 });

    // Bertil edits his comment to Bullish: the ticker page follows; the text is unchanged.
    const edited = await callRoute(forum, threadRoute.action, {
      url: threadUrl,
      params,
      form: {
        intent: "edit-comment",
        id: commentId,
        body: "Jag tror tvärtom om $ERIC-B, och $VOLV-B är bättre",
        "syn.ERIC-B": "bullish",
        "innehav.ERIC-B": "owns",
        submitKey: crypto.randomUUID(),
      },
      cookie: await sessionCookie(forum, bertil),
    });
    expect(edited.status).toBe(200);
    tickerPage = await callRoute(forum, tickerRoute.loader, { url: "/forum/aktie/ERIC-B", params: { ticker: "ERIC-B" } });
    expect(tickerPage.body.members).toEqual({ bullish: 2, bearish: 0 });
    expect(tickerPage.body.positions).toEqual({ owns: 2, stated: 2 });

    // The edit page prefills every ticker the thread names with what it states.
    const editPage = await callRoute(forum, editThreadRoute.loader, {
      url: `/forum/edit/${thread!.id}`,
      params: { postId: thread!.id },
      cookie: await sessionCookie(forum, anna),
    });
    expect(editPage.body.thread.stances).toEqual([{ ticker: "ERIC-B", sentiment: "bullish", position: "owns" }]);
  });

  it("a value outside the choices: 400 with a Swedish message, the text kept, nothing stored", async () => {
    const answer = await callRoute(forum, newThreadRoute.action, {
      url: `/forum/ny-trad/${categoryId}`,
      params: { categoryId },
      form: { title: "Ogiltig syn $VOLV-B", body: "Text", "syn.VOLV-B": "to-the-moon", submitKey: crypto.randomUUID() },
      cookie: await sessionCookie(forum, anna),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(st.invalidSentiment);
    expect(answer.body.values).toMatchObject({ title: "Ogiltig syn $VOLV-B", body: "Text" });
    expect(await forum.services.db.select().from(threads).where(eq(threads.title, "Ogiltig syn $VOLV-B"))).toHaveLength(0);

    const badPosition = await callRoute(forum, newThreadRoute.action, {
      url: `/forum/ny-trad/${categoryId}`,
      params: { categoryId },
      form: { title: "Ogiltigt innehav $VOLV-B", body: "Text", "innehav.VOLV-B": "lite", submitKey: crypto.randomUUID() },
      cookie: await sessionCookie(forum, anna),
    });
    expect(badPosition.status).toBe(400);
    expect(badPosition.body.error).toBe(st.invalidPosition);
  });

  it("/api/tickers?known= answers which candidates are listed", async () => {
    const answer = await callRoute(forum, apiTickers.loader, { url: "/api/tickers?known=ERIC-B-AKTIEN,ERIC-B,ERIC,volv-b" });
    expect(answer.body).toEqual({ known: ["ERIC-B", "VOLV-B"] });
  });
});
