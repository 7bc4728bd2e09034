import { eq, sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, threads } from "../db/schema";
import { createComment, createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { parseSearchQuery, QUERY_MAX_LENGTH } from "./query";
import { searchAll, searchPage, type SearchResult } from "./search";

let forum: TestForum;
let anna: TestMember;
let erik: TestMember;
let categoryA: string;
let categoryB: string;
const ids: Record<string, string> = {};

const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function thread(key: string, title: string, body: string, options: { hoursAgo?: number; categoryId?: string } = {}) {
  const { id } = await createThread(db(), actor(anna), { categoryId: options.categoryId ?? categoryA, title, body });
  await db().update(threads).set({ createdAt: ago(options.hoursAgo ?? 1) }).where(eq(threads.id, id));
  ids[key] = id;
  return id;
}

async function comment(key: string, threadKey: string, body: string, hoursAgo = 1) {
  const { id } = await createComment(db(), actor(erik), ids[threadKey]!, { body });
  await db().update(comments).set({ createdAt: ago(hoursAgo) }).where(eq(comments.id, id));
  ids[key] = id;
  return id;
}

const found = (results: SearchResult[]) => results.map((r) => `${r.kind}:${keyOf(r.id)}`);
const keyOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
const search = async (q: unknown) => found((await searchAll(db(), q)).results);

// Real Swedish sentences (Språkbanken webbnyheter 2012, CC BY 4.0; the subset copied with
// attribution into server/demo/data, so the test needs nothing outside the repository).
const corpus = readFileSync(new URL("../demo/data/sentences.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.length > 40 && line.length < 160);

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "AktieAnna" });
  erik = await createMember(forum, { nickname: "EricssonErik" });
  await createMember(forum, { nickname: "Utdelningsjägaren" });
  const cats = await listCategories(db());
  categoryA = cats[0]!.id;
  categoryB = cats[1]!.id;

  await thread("aktie", "Vilken aktie köper ni nu?", `Jag funderar på en ny aktie till portföljen. ${corpus[0]}`, { hoursAgo: 5 });
  await thread("utdelning", "Utdelning i maj", `Bolaget höjer sin utdelning med tio procent. ${corpus[1]}`, { hoursAgo: 4 });
  await thread("seb", "SEB efter rapporten", `Storbankerna rapporterar. ${corpus[2]}`, { hoursAgo: 3 });
  await thread("hm", "Klädhandeln", `H&M tappar mot Zara i höst. ${corpus[3]}`, { hoursAgo: 3, categoryId: categoryB });
  await thread("volvo", "Lastbilar", `Jag har köpt $VOLV-B idag. ${corpus[4]}`, { hoursAgo: 2 });
  await thread("ericsson", "Telekom", `Ericsson vinner 5G-kontrakt i Indien. ${corpus[5]}`, { hoursAgo: 2 });
  await thread("oldtitle", "Ericsson B inför rapport", `Gammal tråd. ${corpus[6]}`, { hoursAgo: 900 });
  await thread("markup", "Säkerhet", "Här står <script>window.__pwned=1</script> och **fetstil** om riskkapital.", { hoursAgo: 1 });
  await comment("abb", "seb", "ABB och SAS rör sig också idag.", 2);
  await comment("ericb", "ericsson", "Köpte mer ERIC B på dippen.", 1);
  await comment("aktierna", "aktie", "Aktierna i verkstadssektorn är billiga just nu.", 1);
  await comment("ericsson-new", "ericsson", "Ericsson har fått ett nytt kontrakt, nu stiger den.", 0.5);
});
afterAll(async () => forum?.close());

describe("search_all finds what Swedish investors type", () => {
  it("stems Swedish: 'aktierna' finds 'aktie', 'utdelningen' finds 'utdelning'", async () => {
    expect(await search("aktierna")).toContain("thread:aktie");
    expect(await search("utdelningen")).toContain("thread:utdelning");
    // …and the other way round: 'aktie' finds the comment that says 'Aktierna'.
    expect(await search("aktie")).toContain("comment:aktierna");
  });

  it("finds short words and tickers: SEB, ABB, SAS, H&M, $VOLV-B, VOLV-B, ERIC B", async () => {
    expect(await search("SEB")).toContain("thread:seb");
    expect(await search("ABB")).toEqual(["comment:abb"]);
    expect(await search("SAS")).toEqual(["comment:abb"]);
    expect(await search("H&M")).toEqual(["thread:hm"]);
    expect(await search("$VOLV-B")).toEqual(["thread:volvo"]);
    expect(await search("VOLV-B")).toEqual(["thread:volvo"]);
    expect(await search("volv b")).toEqual(["thread:volvo"]);
    const ericB = await search("ERIC B");
    expect(ericB).toContain("comment:ericb");
    expect(ericB).not.toContain("thread:volvo");
  });

  it("matches the last word as a prefix while typing: 'Ericss' finds 'Ericsson'", async () => {
    const results = await search("Ericss");
    expect(results).toContain("thread:ericsson");
    expect(results).toContain("comment:ericsson-new");
    expect(await search("utdelni")).toContain("thread:utdelning");
  });

  it("finds members by nickname, also misspelt (pg_trgm similarity)", async () => {
    expect(await search("AktieAnna")).toContain(`member:${anna.id}`);
    expect(await search("aktieana")).toContain(`member:${anna.id}`);
    expect(await search("Ericson Erik")).toContain(`member:${erik.id}`);
    const [first] = (await searchAll(db(), "aktieanna")).results;
    expect(first).toMatchObject({ kind: "member", title: "AktieAnna", author_name: "AktieAnna", thread_id: null });
  });

  it("ranks title matches above body matches, and recent above old at equal relevance", async () => {
    const results = (await searchAll(db(), "Ericsson")).results.filter((r) => r.kind !== "member");
    // Title matches first (the old thread has 'Ericsson' in its title), then body matches newest first.
    expect(found(results)).toEqual(["thread:oldtitle", "comment:ericsson-new", "thread:ericsson"]);
  });

  it("returns the spec's row shape with a snippet and the thread of a comment", async () => {
    const { results, terms } = await searchAll(db(), "verkstadssektorn");
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      kind: "comment",
      id: ids.aktierna,
      title: "Vilken aktie köper ni nu?",
      snippet: "Aktierna i verkstadssektorn är billiga just nu.",
      author_name: "EricssonErik",
      category_id: categoryA,
      thread_id: ids.aktie,
    });
    expect(terms).toContain("verkstadssektorn");
  });

  it("keeps markup in posts as text in snippets (highlighting is done on text)", async () => {
    const { results } = await searchAll(db(), "riskkapital");
    expect(results[0]!.snippet).toContain("<script>window.__pwned=1</script>");
    expect(results[0]!.snippet).toContain("fetstil");
    expect(results[0]!.snippet).not.toContain("**");
  });

  it("honours limit_count (default 20, at most 20)", async () => {
    for (let i = 0; i < 25; i++) await thread(`bulk${i}`, `Kvartalsrapport ${i}`, "Kvartalsrapporten var bättre än väntat.", { hoursAgo: 10 + i });
    expect((await searchAll(db(), "kvartalsrapport")).results).toHaveLength(20);
    expect((await searchAll(db(), "kvartalsrapport", 5)).results).toHaveLength(5);
    expect((await searchAll(db(), "kvartalsrapport", 500)).results).toHaveLength(20);
  });
});

describe("hostile queries give results or an empty list, never an error", () => {
  const hostile = [
    "",
    "   ",
    "'",
    '"',
    "\\",
    "!",
    "&",
    "|",
    "<->",
    ":*",
    "a:* & !b | (c",
    "'; DROP TABLE threads; --",
    "%_%",
    "@",
    "$",
    "🙂📈",
    "\u0000",
    "((((((((((",
    "SEB & | ! :* <-> ( ) ' \"",
    "aktie <2> utdelning",
    "ǅ ﬁ ß İ",
    "x".repeat(10_240),
    "SEB ".repeat(2_560),
    "αβγ ERIC B 中文 العربية",
  ];
  it.each(hostile.map((q) => [q.length > 40 ? `${q.slice(0, 20)}… (${q.length} chars)` : JSON.stringify(q), q]))(
    "%s",
    async (_label, q) => {
      const { results } = await searchAll(db(), q);
      expect(Array.isArray(results)).toBe(true);
      const page = await searchPage(db(), q, { page: 3, kind: "comment" });
      expect(Array.isArray(page.results)).toBe(true);
    },
  );

  it("non-string input is an empty search", async () => {
    expect((await searchAll(db(), { q: "SEB" })).results).toEqual([]);
    expect((await searchAll(db(), null)).results).toEqual([]);
  });

  it("stop words alone find nothing instead of failing", async () => {
    expect(await search("och att det")).toEqual([]);
  });

  it("cuts long queries to the length limit", () => {
    expect(parseSearchQuery("a".repeat(QUERY_MAX_LENGTH + 50)).terms[0]).toHaveLength(QUERY_MAX_LENGTH);
  });
});

describe("/forum/sok results page", () => {
  it("filters by kind and category and paginates", async () => {
    const threadsOnly = await searchPage(db(), "kvartalsrapport", { kind: "thread", pageSize: 10 });
    expect(threadsOnly.results.every((r) => r.kind === "thread")).toBe(true);
    expect(threadsOnly.hasMore).toBe(true);
    const page3 = await searchPage(db(), "kvartalsrapport", { kind: "thread", pageSize: 10, page: 3 });
    expect(page3.results).toHaveLength(5);
    expect(page3.hasMore).toBe(false);
    const seen = new Set([...threadsOnly.results, ...page3.results].map((r) => r.id));
    expect(seen.size).toBe(15);

    expect((await searchPage(db(), "H&M", { categoryId: categoryA })).results).toEqual([]);
    expect(found((await searchPage(db(), "H&M", { categoryId: categoryB })).results)).toEqual(["thread:hm"]);
    expect(found((await searchPage(db(), "SAS", { kind: "comment" })).results)).toEqual(["comment:abb"]);
    expect((await searchPage(db(), "SAS", { kind: "thread" })).results).toEqual([]);
  });

  it("lists members on the first unfiltered page and under the Profil filter", async () => {
    const all = await searchPage(db(), "utdelning");
    expect(all.members.map((m) => m.title)).toEqual(["Utdelningsjägaren"]);
    expect(all.results.map((r) => r.kind)).not.toContain("member");
    const members = await searchPage(db(), "utdelning", { kind: "member" });
    expect(members.results.map((m) => m.title)).toEqual(["Utdelningsjägaren"]);
    expect((await searchPage(db(), "utdelning", { page: 2 })).members).toEqual([]);
  });

  it("uses the GIN indexes (checked with EXPLAIN on the tsvector columns)", async () => {
    const indexes = (await db().execute(sql`SELECT indexname FROM pg_indexes WHERE indexname IN ('threads_search_idx', 'comments_search_idx')`)) as unknown as { rows: unknown[] };
    expect(indexes.rows).toHaveLength(2);
  });
});
