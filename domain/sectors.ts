/**
 * Swedish names of a company's sector and industry (the ticker page in Swedish). The
 * data set (server/data/companies.csv, FinanceDatabase) names them in English, GICS style; the
 * catalogue group `sectors` translates every value present in it.
 *
 * @module
 */
import { sectors as sec } from "./i18n/sv";

/**
 * The Swedish name of a sector.
 *
 * @param sector English sector as in the data (`Industrials`), or null
 * @returns the Swedish name (`Industri`); the English value itself when the catalogue lacks it
 *   (a newer data set), never throws; null for null or empty
 */
export function sectorName(sector: string | null | undefined): string | null {
  if (!sector) return null;
  return Object.hasOwn(sec.sectorNames, sector) ? sec.sectorNames[sector]! : sector;
}

/**
 * The Swedish name of an industry.
 *
 * @param industry English industry as in the data (`Machinery`), or null
 * @returns the Swedish name (`Maskiner`); the English value when unknown; null for null or empty
 */
export function industryName(industry: string | null | undefined): string | null {
  if (!industry) return null;
  return Object.hasOwn(sec.industryNames, industry) ? sec.industryNames[industry]! : industry;
}
