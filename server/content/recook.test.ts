/**
 * Re-cooking on a real database (PGlite, or PostgreSQL with `TEST_DATABASE_URL`): rows written
 * before Markdown (`body_html = ''`) get their HTML and `post_tickers`; a second run changes
 * nothing; `forum recook` does the same from the command line. Also the storage helpers.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, markdown as md } from "../../domain/i18n/sv";
import { main } from "../platform/cli";
import { openDatabase, type Db } from "../db/client";
import { categories, comments, companies, postTickers, profiles, threads } from "../db/schema";
import { createMember, createTestDatabaseUrl, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { recookAll } from "./recook";
import { cookBio, cookForStorage, forgetTickerSet, indexTickers, loadTickerSet } from "./storage";

let forum: TestForum;
let db: Db;
let anna: TestMember;
let categoryId: string;

const COMPANIES = [
  { ticker: "VOLV-B", name: "AB Volvo ser. B", sector: "Industrials", industry: "Machinery" },
  { ticker: "ERIC-B", name: "Ericsson ser. B", sector: "Technology", industry: "Communications Equipment" },
];

beforeAll(async () => {
  forum = await createTestForum();
  db = forum.services.db;
  // The company list may or may not be loaded at start-up; these two must exist either way.
  await db.insert(companies).values(COMPANIES).onConflictDoNothing();
  anna = await createMember(forum, { nickname: "Aktie_Anna" });
  [{ id: categoryId }] = (await db.select({ id: categories.id }).from(categories).limit(1)) as [{ id: string }];
});
afterAll(async () => {
  await forum?.close();
});

async function tickerRows() {
  return db
    .select({
      ticker: postTickers.ticker,
      targetType: postTickers.targetType,
      targetId: postTickers.targetId,
      threadId: postTickers.threadId,
      createdAt: postTickers.createdAt,
    })
    .from(postTickers)
    .orderBy(asc(postTickers.targetType), asc(postTickers.targetId), asc(postTickers.ticker));
}

describe("recookAll", () => {
  it("fills body_html and bio_html of rows written before Markdown and rebuilds post_tickers", async () => {
    const [t1] = await db
      .insert(threads)
      .values({ categoryId, authorId: anna.id, title: "Volvo", body: "**Köp** $VOLV-B nu, @Aktie_Anna!\n\n- a\n- b" })
      .returning();
    const [t2] = await db
      .insert(threads)
      .values({ categoryId, authorId: anna.id, title: "Kod", body: "`$ERIC-B` är kod, <script>alert(1)</script>" })
      .returning();
    const [c1] = await db
      .insert(comments)
      .values({ threadId: t1!.id, authorId: anna.id, body: "Hellre $eric-b och $VOLV-B än $ABC" })
      .returning();
    const [c2] = await db
      .insert(comments)
      .values({ threadId: t1!.id, parentId: c1!.id, authorId: anna.id, body: "> citat\n\nhttps://di.se" })
      .returning();
    // A stale index row (ticker no longer in the body) and an orphan of a comment that is gone
    // (a trigger removes them on delete; rows from before it, or written by hand, remain).
    await indexTickers(db, { targetType: "thread", targetId: t2!.id, threadId: t2!.id, tickers: ["ERIC-B"] });
    await indexTickers(db, { targetType: "comment", targetId: randomUUID(), threadId: t2!.id, tickers: ["VOLV-B"] });
    await db.update(profiles).set({ bio: "Långsiktig i *$VOLV-B*" }).where(eq(profiles.id, anna.id));
    for (const t of [t1, t2]) expect(t!.bodyHtml).toBe("");

    const result = await recookAll(db, { batchSize: 1 });
    expect(result.threads).toBeGreaterThanOrEqual(2);
    expect(result.comments).toBeGreaterThanOrEqual(2);
    expect(result.bios).toBeGreaterThanOrEqual(1);
    expect(result.orphansRemoved).toBe(1);

    const html = async (table: typeof threads | typeof comments, id: string) =>
      (await db.select({ h: table.bodyHtml }).from(table).where(eq(table.id, id)))[0]!.h;
    expect(await html(threads, t1!.id)).toBe(
      '<p><strong>Köp</strong> <a href="/forum/aktie/VOLV-B" class="cashtag" data-ticker="VOLV-B">$VOLV-B</a> nu, ' +
        '<a href="/@Aktie_Anna" class="mention" data-mention="Aktie_Anna">@Aktie_Anna</a>!</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>',
    );
    expect(await html(threads, t2!.id)).toBe("<p><code>$ERIC-B</code> är kod, &lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(await html(comments, c1!.id)).toContain('<span class="cashtag">$ABC</span>');
    expect(await html(comments, c2!.id)).toContain('rel="nofollow ugc noopener"');
    const [bio] = await db.select({ h: profiles.bioHtml }).from(profiles).where(eq(profiles.id, anna.id));
    expect(bio!.h).toBe('<p>Långsiktig i <em><a href="/forum/aktie/VOLV-B" class="cashtag" data-ticker="VOLV-B">$VOLV-B</a></em></p>');

    const rows = await tickerRows();
    const summary = rows.map((r) => `${r.targetType}:${r.targetId === t1!.id ? "t1" : r.targetId === c1!.id ? "c1" : r.targetId}:${r.ticker}`);
    expect(summary.sort()).toEqual(["comment:c1:ERIC-B", "comment:c1:VOLV-B", "thread:t1:VOLV-B"]);
    // Index rows keep the post's own time, so the ticker page orders by when it was written.
    const t1Row = rows.find((r) => r.targetId === t1!.id)!;
    expect(t1Row.createdAt.getTime()).toBe(t1!.createdAt.getTime());
    expect(rows.find((r) => r.targetId === c1!.id)!.threadId).toBe(t1!.id);
  });

  it("is idempotent: a second run writes nothing and leaves the same rows", async () => {
    const before = await tickerRows();
    const htmlBefore = await db.select({ id: threads.id, h: threads.bodyHtml }).from(threads).orderBy(asc(threads.id));
    const again = await recookAll(db, { batchSize: 3 });
    expect(again.htmlChanged).toBe(0);
    expect(again.tickersChanged).toBe(0);
    expect(again.orphansRemoved).toBe(0);
    expect(await tickerRows()).toEqual(before);
    expect(await db.select({ id: threads.id, h: threads.bodyHtml }).from(threads).orderBy(asc(threads.id))).toEqual(htmlBefore);
  });

  it("reports progress per batch", async () => {
    const seen: number[] = [];
    await recookAll(db, { batchSize: 1, onProgress: (p) => seen.push(p.threads + p.comments + p.bios) });
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});

describe("storage helpers", () => {
  it("loadTickerSet reads companies and caches per handle", async () => {
    const set = await loadTickerSet(db, { maxAgeMs: 0 });
    expect(set.has("VOLV-B")).toBe(true);
    await db.insert(companies).values({ ticker: "TEST-X", name: "Testbolaget" }).onConflictDoNothing();
    expect((await loadTickerSet(db)).has("TEST-X")).toBe(false);
    forgetTickerSet(db);
    expect((await loadTickerSet(db)).has("TEST-X")).toBe(true);
  });

  it("cookForStorage links known tickers; indexTickers replaces a post's rows and skips unknown tickers", async () => {
    const cooked = await cookForStorage(db, "$volv-b $TEST-X $NOPE");
    expect(cooked.tickers).toEqual(["VOLV-B", "TEST-X"]);
    const [t] = await db
      .insert(threads)
      .values({ categoryId, authorId: anna.id, title: "Index", body: "x", bodyHtml: cooked.html })
      .returning({ id: threads.id });
    const entry = { targetType: "thread" as const, targetId: t!.id, threadId: t!.id };
    expect(await indexTickers(db, { ...entry, tickers: cooked.tickers })).toBe(2);
    expect(await indexTickers(db, { ...entry, tickers: ["ERIC-B", "NOPE", "eric-b"] })).toBe(1);
    const mine = await db
      .select({ ticker: postTickers.ticker })
      .from(postTickers)
      .where(and(eq(postTickers.targetType, "thread"), eq(postTickers.targetId, t!.id)));
    expect(mine).toEqual([{ ticker: "ERIC-B" }]);
    expect(await indexTickers(db, { ...entry, tickers: [] })).toBe(0);
  });

  it("indexTickers records the post's author; stances given replace, stances omitted are kept", async () => {
    const [t] = await db
      .insert(threads)
      .values({ categoryId, authorId: anna.id, title: "Syn", body: "x", bodyHtml: "" })
      .returning({ id: threads.id });
    const entry = { targetType: "thread" as const, targetId: t!.id, threadId: t!.id };
    const rows = () =>
      db
        .select({ ticker: postTickers.ticker, authorId: postTickers.authorId, sentiment: postTickers.sentiment, position: postTickers.position })
        .from(postTickers)
        .where(and(eq(postTickers.targetType, "thread"), eq(postTickers.targetId, t!.id)))
        .orderBy(asc(postTickers.ticker));
    await indexTickers(db, {
      ...entry,
      tickers: ["VOLV-B", "ERIC-B"],
      stances: { "VOLV-B": { sentiment: "bullish", position: "owns" } },
    });
    expect(await rows()).toEqual([
      { ticker: "ERIC-B", authorId: anna.id, sentiment: null, position: null },
      { ticker: "VOLV-B", authorId: anna.id, sentiment: "bullish", position: "owns" },
    ]);
    // A re-cook re-indexes without the composer's choices: they stay.
    await indexTickers(db, { ...entry, tickers: ["VOLV-B", "ERIC-B"] });
    expect((await rows()).find((r) => r.ticker === "VOLV-B")).toMatchObject({ sentiment: "bullish", position: "owns" });
    // An edit sends its choices: they replace the old ones, and a ticker left out of the map has none.
    await indexTickers(db, { ...entry, tickers: ["VOLV-B", "ERIC-B"], stances: { "ERIC-B": { sentiment: "bearish", position: null } } });
    expect(await rows()).toEqual([
      { ticker: "ERIC-B", authorId: anna.id, sentiment: "bearish", position: null },
      { ticker: "VOLV-B", authorId: anna.id, sentiment: null, position: null },
    ]);
  });

  it("cookBio gives null for a missing or blank bio", async () => {
    expect(await cookBio(db, null)).toBeNull();
    expect(await cookBio(db, "  ")).toBeNull();
    expect(await cookBio(db, "Hej")).toBe("<p>Hej</p>");
  });
});

describe("forum recook (CLI)", () => {
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "borssnack-recook-"));
    postgres = await createTestDatabaseUrl();
    env = {
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://localhost:3000",
      AUTH_SECRET: "recook-test-secret-that-is-long-enough-0123456789",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
  });
  afterAll(async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function run(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, env, { log: (m) => out.push(m), error: (m) => err.push(m) });
    return { code, stdout: out.join("\n"), stderr: err.join("\n") };
  }

  async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(dataDir, "pglite"), poolSize: 1 });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  }

  it("cooks old rows (loading the company list first) and is idempotent", async () => {
    expect((await run(["migrate"])).code).toBe(0);
    const threadId = await withDb(async (cdb) => {
      const [c] = await cdb.insert(categories).values({ name: "Aktier" }).returning({ id: categories.id });
      const [t] = await cdb
        .insert(threads)
        .values({ categoryId: c!.id, title: "Gammal", body: "Gammal tråd om $VOLV-B" })
        .returning({ id: threads.id });
      return t!.id;
    });
    const first = await run(["recook"]);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toBe(md.recooked(1, 0, 0, 1));
    await withDb(async (cdb) => {
      const [t] = await cdb.select({ h: threads.bodyHtml }).from(threads).where(eq(threads.id, threadId));
      expect(t!.h).toContain('data-ticker="VOLV-B"');
      expect(await cdb.select({ ticker: postTickers.ticker }).from(postTickers)).toEqual([{ ticker: "VOLV-B" }]);
    });
    expect((await run(["recook"])).stdout).toBe(md.recooked(1, 0, 0, 0));
  });

  it("takes no arguments and is in the usage", async () => {
    const r = await run(["recook", "--now"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(cli.usage);
    expect(cli.usage).toContain("forum recook");
  });
});

describe("recookIfNeeded (start-up)", () => {
  it("re-cooks when a row has no HTML, and does nothing when all are cooked", async () => {
    const { recookIfNeeded } = await import("./recook");
    const forum = await createTestForum();
    try {
      const db = forum.services.db;
      const [cat] = await db.select({ id: categories.id }).from(categories).limit(1);
      const m = await createMember(forum, { nickname: "Startkock" });
      await db.insert(threads).values({ categoryId: cat!.id, authorId: m.id, title: "Gammal", body: "**fet**", bodyHtml: "" });
      const first = await recookIfNeeded(db);
      expect(first).not.toBeNull();
      const [row] = await db.select({ html: threads.bodyHtml }).from(threads).where(eq(threads.title, "Gammal"));
      expect(row!.html).toContain("<strong>fet</strong>");
      expect(await recookIfNeeded(db)).toBeNull();
    } finally {
      await forum.close();
    }
  });
});

describe("mentions of members who do not exist", () => {
  it("stay plain text, are not mentions, while an existing member's mention is a link", async () => {
    const cooked = await cookForStorage(db, "Hej @aktie_anna och @zzzq!");
    expect(cooked.mentions).toEqual(["aktie_anna"]);
    expect(cooked.html).toContain('class="mention"');
    expect(cooked.html).toContain("@zzzq!");
    expect(cooked.html).not.toContain('data-mention="zzzq"');
    expect(cooked.html).not.toContain('href="/@zzzq"');
  });

  it("a body mentioning nobody known has no links at all, and recook agrees", async () => {
    const cooked = await cookForStorage(db, "@nobody_here @ingen_alls");
    expect(cooked.mentions).toEqual([]);
    expect(cooked.html).toBe("<p>@nobody_here @ingen_alls</p>");
    const [thread] = await db
      .insert(threads)
      .values({ categoryId, authorId: anna.id, title: "Omnämnanden", body: "Till @Aktie_Anna och @zzzq", bodyHtml: "" })
      .returning({ id: threads.id });
    await recookAll(db);
    const [row] = await db.select({ html: threads.bodyHtml }).from(threads).where(eq(threads.id, thread!.id));
    expect(row!.html).toContain('data-mention="Aktie_Anna"');
    expect(row!.html).not.toContain('data-mention="zzzq"');
  });
});
