/**
 * Every sector and industry in the real company data has a Swedish name in the catalogue
 * (the ticker page in Swedish), so a value added by a newer data set fails here instead of
 * showing English on the page. Reads `server/data/companies.csv` (a copy of
 * `../shared/data/se_listed_companies.csv`) through the same loader the server uses.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { sectors as sec } from "../../domain/i18n/sv";
import { industryName, sectorName } from "../../domain/sectors";
import { readCompanyList } from "../../server/tickers/companies";

const list = readCompanyList();
const distinct = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => !!v))].sort();

describe("Swedish sector and industry names", () => {
  it("the data has the columns this test relies on, and the loader reads every row", () => {
    const raw = parse(readFileSync(path.join(__dirname, "../../server/data/companies.csv"), "utf8"), {
      columns: true,
      skip_empty_lines: true,
    }) as Array<Record<string, string>>;
    expect(raw.length).toBeGreaterThan(700);
    expect(Object.keys(raw[0]!)).toEqual(expect.arrayContaining(["ticker", "sector", "industry", "website"]));
    // Every sector/industry value of the raw file reaches the list the server loads.
    expect(distinct(list.map((c) => c.sector))).toEqual(expect.arrayContaining(distinct(raw.map((r) => r.sector ?? null))));
    expect(distinct(list.map((c) => c.industry))).toEqual(expect.arrayContaining(distinct(raw.map((r) => r.industry ?? null))));
  });

  it("every sector in the data has a Swedish name", () => {
    const sectors = distinct(list.map((c) => c.sector));
    expect(sectors.length).toBeGreaterThanOrEqual(11);
    expect(sectors.filter((s) => !Object.hasOwn(sec.sectorNames, s))).toEqual([]);
  });

  it("every industry in the data has a Swedish name", () => {
    const industries = distinct(list.map((c) => c.industry));
    expect(industries.length).toBeGreaterThanOrEqual(50);
    expect(industries.filter((i) => !Object.hasOwn(sec.industryNames, i))).toEqual([]);
  });

  it("the catalogue has no names for values the data no longer has", () => {
    expect(Object.keys(sec.sectorNames).filter((s) => !list.some((c) => c.sector === s))).toEqual([]);
    expect(Object.keys(sec.industryNames).filter((i) => !list.some((c) => c.industry === i))).toEqual([]);
  });

  it("uses the standard Swedish GICS names", () => {
    expect(sectorName("Industrials")).toBe("Industri");
    expect(sectorName("Consumer Discretionary")).toBe("Sällanköpsvaror");
    expect(sectorName("Utilities")).toBe("Kraftförsörjning");
    expect(industryName("Machinery")).toBe("Maskiner");
    expect(industryName("Banks")).toBe("Banker");
  });

  it("shows an unknown value in English rather than failing, and nothing for no value", () => {
    expect(sectorName("Space Mining")).toBe("Space Mining");
    expect(industryName("toString")).toBe("toString");
    expect(sectorName(null)).toBeNull();
    expect(industryName("")).toBeNull();
  });
});
