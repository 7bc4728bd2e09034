/**
 * Companies listed on Nasdaq Stockholm: the cashtag vocabulary (cashtags
 * and ticker pages). Loaded at start-up from `server/data/companies.csv`
 * (FinanceDatabase, MIT; see server/data/SOURCES.md), never fetched at run time.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { asc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies } from "../db/schema";
import { projectRoot } from "../platform/data-dir";

/** A company as the app shows it. */
export interface Company {
  /** Upper-case Nasdaq Stockholm ticker, e.g. `VOLV-B`. */
  ticker: string;
  name: string;
  /** GICS-style sector in English as in the data set (`Industrials`); the page translates it. */
  sector: string | null;
  /** GICS-style industry in English (`Machinery`). */
  industry: string | null;
  /** Company website, `http://` or `https://` only; null when the data has none. */
  website: string | null;
}

/**
 * Large companies the data set lacks (server/data/SOURCES.md "Known gaps"), added by hand from
 * Nasdaq Stockholm's public listing.
 */
const SUPPLEMENT: Company[] = [
  { ticker: "INVE-A", name: "Investor AB ser. A", sector: "Financials", industry: "Diversified Financial Services", website: "https://www.investorab.com" },
  { ticker: "INVE-B", name: "Investor AB ser. B", sector: "Financials", industry: "Diversified Financial Services", website: "https://www.investorab.com" },
  { ticker: "NDA-SE", name: "Nordea Bank Abp", sector: "Financials", industry: "Banks", website: "https://www.nordea.com" },
];

/**
 * A website address from the data, kept only when it is an absolute `http(s)` URL (no
 * `javascript:` or relative links reach the page).
 *
 * @param raw the CSV cell, e.g. `http://www.volvogroup.com`
 * @returns the normalised URL, or null
 */
export function safeWebsite(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Reads the bundled company list.
 *
 * @returns companies with upper-case tickers, the supplement included
 * @throws when the CSV is missing or lacks the ticker and name columns
 */
export function readCompanyList(): Company[] {
  const file = path.join(projectRoot(), "server", "data", "companies.csv");
  const rows = parse(readFileSync(file, "utf8"), { columns: true, skip_empty_lines: true, trim: true }) as Array<
    Record<string, string>
  >;
  const list = rows
    .filter((r) => r.ticker && r.name)
    .map((r) => ({
      ticker: r.ticker!.toUpperCase(),
      name: r.name!,
      sector: r.sector || null,
      industry: r.industry || null,
      website: safeWebsite(r.website),
    }));
  const known = new Set(list.map((c) => c.ticker));
  return [...list, ...SUPPLEMENT.filter((c) => !known.has(c.ticker))];
}

/**
 * Loads the company list into the `companies` table when the table holds fewer rows than the
 * list (first start, or a newer list) or fewer websites (rows from before the website column);
 * existing rows are updated.
 *
 * @returns number of companies written (0 when the table was already complete)
 */
export async function ensureCompanies(db: Db): Promise<number> {
  const list = readCompanyList();
  const [{ n, sites }] = (await db
    .select({ n: sql<number>`count(*)::int`, sites: sql<number>`count(${companies.website})::int` })
    .from(companies)) as [{ n: number; sites: number }];
  // Rows written before the website column are refreshed once.
  if (n >= list.length && sites >= list.filter((c) => c.website).length) return 0;
  for (let i = 0; i < list.length; i += 200) {
    await db
      .insert(companies)
      .values(list.slice(i, i + 200))
      .onConflictDoUpdate({
        target: companies.ticker,
        set: { name: sql`excluded.name`, sector: sql`excluded.sector`, industry: sql`excluded.industry`, website: sql`excluded.website` },
      });
  }
  return list.length;
}

/**
 * One company by ticker (case-insensitive).
 *
 * @returns the company, or null for an unknown ticker
 */
export async function getCompany(db: Db, ticker: string): Promise<Company | null> {
  if (!/^[A-Za-z0-9]{1,10}(-[A-Za-z0-9]{1,4})?$/.test(ticker)) return null;
  const [row] = await db.select().from(companies).where(eq(companies.ticker, ticker.toUpperCase())).limit(1);
  return row ?? null;
}

/**
 * Ticker suggestions for `$` in a composer: tickers starting with the query first, then names
 * containing it ('$volvo' suggests VOLV-A and VOLV-B).
 *
 * @param query text after `$`, at least 1 character
 * @param limit maximum rows (default 8)
 * @returns companies, best matches first
 */
export async function searchCompanies(db: Db, query: string, limit = 8): Promise<Company[]> {
  const q = query.trim().slice(0, 40);
  if (!q) return [];
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select()
    .from(companies)
    .where(or(ilike(companies.ticker, `${escaped}%`), ilike(companies.name, `%${escaped}%`)))
    .orderBy(
      sql`CASE WHEN ${companies.ticker} ILIKE ${`${escaped}%`} THEN 0 ELSE 1 END`,
      asc(sql`length(${companies.ticker})`),
      asc(companies.ticker),
    )
    .limit(limit);
}
