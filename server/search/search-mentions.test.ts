/**
 * A mention is not what a post says: '@Göran_Utdelning' (which PostgreSQL's parser splits at the
 * underscore into 'göran' and 'utdelning') must not make a post a match for 'utdelning', nor be
 * marked in its snippet, while the member stays findable by nickname. Also: the SQL mention rule
 * of the index (server/search/document.ts) finds what cook.ts and the highlighter find, and the
 * migration that introduced it recomputes the rows that were already there.
 */
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { highlightSegments, searchTokens } from "../../domain/search-highlight";
import { cook } from "../content/cook";
import { createComment, createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { MENTION_PATTERN } from "./document";
import { searchAll, searchPage, type SearchResult } from "./search";

let forum: TestForum;
let goran: TestMember;
let writer: TestMember;
let categoryId: string;
const ids: Record<string, string> = {};

const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const keyOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
const found = (results: SearchResult[]) => results.map((r) => `${r.kind}:${keyOf(r.id)}`);
const search = async (q: string) => found((await searchAll(db(), q)).results);
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  forum = await createTestForum();
  goran = await createMember(forum, { nickname: "Göran_Utdelning" });
  writer = await createMember(forum, { nickname: "Skribenten" });
  categoryId = (await listCategories(db()))[0]!.id;
  const thread = await createThread(db(), actor(writer), {
    categoryId,
    title: "Bankerna inför hösten",
    body: "@Göran_Utdelning vad säger du om bankerna inför hösten?",
  });
  ids.thread = thread.id;
  ids.titled = (
    await createThread(db(), actor(writer), { categoryId, title: "Fråga till @Göran_Utdelning", body: "Hur ser kassaflödet ut?" })
  ).id;
  const comment = async (key: string, body: string) => {
    ids[key] = (await createComment(db(), actor(writer), thread.id, { body })).id;
  };
  await comment("mention", "@Göran_Utdelning håller du med om kvartalet?");
  await comment("mentionEnd", "Tack för tipset, @Göran_Utdelning.");
  await comment("word", "Utdelningen höjs med tio procent i år.");
  await comment("both", "@Göran_Utdelning håller med, utdelningen ser säker ut.");
}, 60_000);
afterAll(async () => forum?.close());

describe("search leaves mentions out", () => {
  it("'utdelning' finds posts that say it, not posts that only mention @Göran_Utdelning", async () => {
    const results = await search("utdelning");
    expect(results).toContain("comment:word");
    expect(results).toContain("comment:both");
    expect(results).not.toContain("comment:mention");
    expect(results).not.toContain("comment:mentionEnd");
    expect(results).not.toContain("thread:thread");
    expect(results).not.toContain("thread:titled");
    // Also as a whole word (not the last word, so not a prefix) and on the results page.
    expect(found((await searchPage(db(), "utdelning tio", { kind: "comment" })).results)).toEqual(["comment:word"]);
    expect(found((await searchPage(db(), "utdelning", { kind: "comment" })).results).sort()).toEqual(["comment:both", "comment:word"]);
  });

  it("a post with a mention still matches on its other words", async () => {
    expect((await search("kvartalet")).filter((r) => !r.startsWith("member:"))).toEqual(["comment:mention"]);
    expect(await search("bankerna hösten")).toContain("thread:thread");
    // A title with a mention still matches on its other words.
    expect((await search("fråga kassaflödet")).filter((r) => !r.startsWith("member:"))).toEqual(["thread:titled"]);
    expect((await search("fråga")).filter((r) => !r.startsWith("member:"))).toEqual(["thread:titled"]);
  });

  it("the member is still found by nickname, and the nickname's first word finds no post", async () => {
    expect(await search("Göran_Utdelning")).toContain(`member:${goran.id}`);
    const goranResults = await search("göran");
    expect(goranResults).toEqual([`member:${goran.id}`]);
  });

  it("marks the word in the snippet, whole, and not the nickname of the mention", async () => {
    const { results, terms } = await searchAll(db(), "utdelning");
    const both = results.find((r) => r.id === ids.both)!;
    expect(both.snippet).toBe("@Göran_Utdelning håller med, utdelningen ser säker ut.");
    expect(highlightSegments(both.snippet, terms).filter((s) => s.hit)).toEqual([{ text: "utdelningen", hit: true }]);
  });
});

describe("the index's SQL mention rule", () => {
  // Each text with the mentions cook.ts finds in it (every well-formed @nick counts there).
  const cases: Array<[string, string[]]> = [
    ["@anna hej", ["anna"]],
    ["Hej @Göran_Utdelning!", ["Göran_Utdelning"]],
    ["(@Per-Olof) och @kalle.", ["Per-Olof", "kalle"]],
    ["Fråga @anna.b. eller @Åsa_Ö, tack", ["anna.b", "Åsa_Ö"]],
    ["Åsa:@anna och €@bertil", ["anna", "bertil"]],
    ["**@anna** skrev", ["anna"]],
    ["mejla anna@example.se", []],
    ["\\@anna är inte en tagg", []],
    ["#@anna x.@anna a@@anna 5%@anna", []],
    ["@a är för kort", []],
    [`@${"x".repeat(31)} är för lång`, []],
    [`@${"x".repeat(30)}... räcker`, ["x".repeat(30)]],
    ["@annaé och @anna_ och é@anna", ["anna_"]],
  ];

  it.each(cases)("%s", async (text, mentions) => {
    expect(cook(text).mentions).toEqual(mentions);
    // The highlighter's rule (domain/search-highlight.ts).
    expect(searchTokens(text).filter((t) => t.mention).map((t) => t.text.slice(1))).toEqual(mentions);
    // The index's rule, and what it leaves for to_tsvector.
    const [row] = await rows<{ matches: string[] }>(
      sql`SELECT coalesce(array_agg(m[1] ORDER BY n), '{}') AS matches
            FROM regexp_matches(${text}, ${MENTION_PATTERN}, 'g') WITH ORDINALITY AS t(m, n)`,
    );
    expect(row!.matches.map((m) => m.slice(1).replace(/\.+$/, ""))).toEqual(mentions);
  });

  it("the stored search_vector holds no word of a mention", async () => {
    const [row] = await rows<{ lexemes: string[] }>(
      sql`SELECT array(SELECT lexeme FROM unnest(search_vector) ORDER BY lexeme) AS lexemes FROM comments WHERE id = ${ids.mention}`,
    );
    expect(row!.lexemes.length).toBeGreaterThan(0);
    expect(row!.lexemes.filter((l) => l.startsWith("göran") || l.startsWith("utdelning"))).toEqual([]);
  });
});

describe("the migration", () => {
  const journal = JSON.parse(readFileSync(new URL("../db/migrations/meta/_journal.json", import.meta.url), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const tag = journal.entries.find((e) => e.tag.endsWith("_search_without_mentions"))!.tag;
  const statements = readFileSync(new URL(`../db/migrations/${tag}.sql`, import.meta.url), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);

  it("recomputes the rows already stored and keeps the GIN indexes", async () => {
    // Back to the columns of 0007_search.sql, as on a database before the migration.
    for (const statement of [
      "ALTER TABLE threads DROP COLUMN search_vector",
      `ALTER TABLE threads ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
         setweight(to_tsvector('swedish'::regconfig, coalesce(title, '')), 'A') ||
         setweight(to_tsvector('swedish'::regconfig, coalesce(body, '')), 'B')) STORED`,
      "ALTER TABLE comments DROP COLUMN search_vector",
      `ALTER TABLE comments ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
         setweight(to_tsvector('swedish'::regconfig, coalesce(body, '')), 'B')) STORED`,
      "CREATE INDEX threads_search_idx ON threads USING gin (search_vector)",
      "CREATE INDEX comments_search_idx ON comments USING gin (search_vector)",
    ]) {
      await db().execute(sql.raw(statement));
    }
    expect(await search("utdelning")).toContain("comment:mention");

    for (const statement of statements) await db().execute(sql.raw(statement));
    const results = await search("utdelning");
    expect(results).not.toContain("comment:mention");
    expect(results).not.toContain("thread:thread");
    expect(results).toContain("comment:word");
    const indexes = await rows<{ indexname: string }>(
      sql`SELECT indexname FROM pg_indexes WHERE indexname IN ('threads_search_idx', 'comments_search_idx') ORDER BY 1`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(["comments_search_idx", "threads_search_idx"]);
  });
});
