/**
 * The companies the demo talks about: Nasdaq Stockholm tickers of the bundled list
 * (`server/data/companies.csv`, the same list as the `companies` table, so every cashtag links)
 * with what a forum needs to write about them naturally: the name people use, its genitive, the
 * kind of business (which decides which thread openings fit: order intake for industrials, net
 * interest income for banks, net asset value for investment companies…) and what they sell.
 *
 * Pure data and string building: no database, no I/O.
 *
 * @module
 */
import { sectorName } from "../../domain/sectors";

/** A company as the plan needs it (from `readCompanyList`, `server/tickers/companies.ts`). */
export interface PlanCompany {
  ticker: string;
  name: string;
  sector: string | null;
}

/**
 * The kind of business, as investors group companies when they talk: it decides which openings
 * and comments fit (an order-intake question suits an industrial, not a bank).
 */
export type CompanyGroup =
  | "industry"
  | "tech"
  | "bank"
  | "broker"
  | "holding"
  | "property"
  | "health"
  | "consumer"
  | "material"
  | "telecom"
  | "gaming";

/** A company with the slots templates fill. */
export interface DemoCompany {
  ticker: string;
  /** The name people use (`Volvo`). */
  name: string;
  /** The name in the genitive (`Volvos`, `H&M:s`, `Camurus`). */
  gen: string;
  /** The registered name of the data set (`AB Volvo (publ)`). */
  registeredName: string;
  /** `$TICKER`. */
  tag: string;
  /** Swedish sector name in lower case (`industri`), from the data set's sector. */
  sector: string;
  cap: "large" | "small";
  group: CompanyGroup;
  /** What they sell, as it reads after 'efterfrågan på' (`lastbilar`); absent for banks and holdings. */
  what?: string;
  dividend: boolean;
}

type Entry = { ticker: string; name: string; cap: "large" | "small"; group: CompanyGroup; what?: string; dividend?: true };

/**
 * The demo's companies in a fixed order. Names are the ones people write (the registered names
 * carry `AB (publ)` and lack å/ä/ö); `what` is what the market watches them sell.
 */
const DEMO_COMPANIES: readonly Entry[] = [
  { ticker: "VOLV-B", name: "Volvo", cap: "large", group: "industry", what: "lastbilar", dividend: true },
  { ticker: "ERIC-B", name: "Ericsson", cap: "large", group: "tech", what: "mobilnät" },
  { ticker: "ATCO-A", name: "Atlas Copco", cap: "large", group: "industry", what: "kompressorer" },
  { ticker: "SEB-A", name: "SEB", cap: "large", group: "bank", dividend: true },
  { ticker: "SHB-A", name: "Handelsbanken", cap: "large", group: "bank", dividend: true },
  { ticker: "SWED-A", name: "Swedbank", cap: "large", group: "bank", dividend: true },
  { ticker: "NDA-SE", name: "Nordea", cap: "large", group: "bank", dividend: true },
  { ticker: "HM-B", name: "H&M", cap: "large", group: "consumer", what: "kläder" },
  { ticker: "INVE-B", name: "Investor", cap: "large", group: "holding", dividend: true },
  { ticker: "EVO", name: "Evolution", cap: "large", group: "gaming", what: "livecasino" },
  { ticker: "SAND", name: "Sandvik", cap: "large", group: "industry", what: "gruvutrustning" },
  { ticker: "ABB", name: "ABB", cap: "large", group: "industry", what: "elektrifiering" },
  { ticker: "AZN", name: "AstraZeneca", cap: "large", group: "health", what: "cancerläkemedel" },
  { ticker: "ASSA-B", name: "Assa Abloy", cap: "large", group: "industry", what: "lås och dörrar" },
  { ticker: "ESSITY-B", name: "Essity", cap: "large", group: "consumer", what: "hygienprodukter", dividend: true },
  { ticker: "TELIA", name: "Telia", cap: "large", group: "telecom", what: "mobilabonnemang", dividend: true },
  { ticker: "TEL2-B", name: "Tele2", cap: "large", group: "telecom", what: "mobilabonnemang", dividend: true },
  { ticker: "SAAB-B", name: "Saab", cap: "large", group: "industry", what: "försvarsmateriel" },
  { ticker: "SKF-B", name: "SKF", cap: "large", group: "industry", what: "kullager", dividend: true },
  { ticker: "ALFA", name: "Alfa Laval", cap: "large", group: "industry", what: "värmeväxlare" },
  { ticker: "HEXA-B", name: "Hexagon", cap: "large", group: "tech", what: "mätteknik" },
  { ticker: "CAST", name: "Castellum", cap: "large", group: "property", what: "kontorslokaler" },
  { ticker: "BALD-B", name: "Balder", cap: "large", group: "property", what: "hyresbostäder" },
  { ticker: "SAGA-B", name: "Sagax", cap: "large", group: "property", what: "lagerlokaler" },
  { ticker: "BOL", name: "Boliden", cap: "large", group: "material", what: "koppar och zink", dividend: true },
  { ticker: "SSAB-B", name: "SSAB", cap: "large", group: "material", what: "stål", dividend: true },
  { ticker: "NIBE-B", name: "Nibe", cap: "large", group: "industry", what: "värmepumpar" },
  { ticker: "AXFO", name: "Axfood", cap: "large", group: "consumer", what: "dagligvaror", dividend: true },
  { ticker: "INDU-C", name: "Industrivärden", cap: "large", group: "holding", dividend: true },
  { ticker: "LATO-B", name: "Latour", cap: "large", group: "holding" },
  { ticker: "LIFCO-B", name: "Lifco", cap: "large", group: "industry", what: "nischade industriprodukter" },
  { ticker: "ADDT-B", name: "Addtech", cap: "large", group: "industry", what: "tekniska komponenter" },
  { ticker: "SECU-B", name: "Securitas", cap: "large", group: "industry", what: "bevakningstjänster", dividend: true },
  { ticker: "TREL-B", name: "Trelleborg", cap: "large", group: "industry", what: "tätningar" },
  { ticker: "AZA", name: "Avanza", cap: "large", group: "broker", dividend: true },
  { ticker: "SAVE", name: "Nordnet", cap: "large", group: "broker", dividend: true },
  { ticker: "HOLM-B", name: "Holmen", cap: "large", group: "material", what: "kartong och trävaror", dividend: true },
  { ticker: "SOBI", name: "Sobi", cap: "large", group: "health", what: "läkemedel mot sällsynta sjukdomar" },
  { ticker: "MYCR", name: "Mycronic", cap: "small", group: "tech", what: "mönsterritare" },
  { ticker: "BOOZT", name: "Boozt", cap: "small", group: "consumer", what: "kläder på nätet" },
  { ticker: "VIT-B", name: "Vitec", cap: "small", group: "tech", what: "vertikal mjukvara" },
  { ticker: "VITR", name: "Vitrolife", cap: "small", group: "health", what: "IVF-produkter" },
  { ticker: "CAMX", name: "Camurus", cap: "small", group: "health", what: "depåläkemedel" },
  { ticker: "XVIVO", name: "Xvivo", cap: "small", group: "health", what: "utrustning för organtransplantationer" },
  { ticker: "BIOA-B", name: "BioArctic", cap: "small", group: "health", what: "Alzheimerbehandling" },
  { ticker: "NOTE", name: "NOTE", cap: "small", group: "tech", what: "elektroniktillverkning" },
  { ticker: "MTRS", name: "Munters", cap: "small", group: "industry", what: "klimatsystem" },
  { ticker: "THULE", name: "Thule", cap: "small", group: "consumer", what: "takboxar och cykelhållare", dividend: true },
  { ticker: "BETS-B", name: "Betsson", cap: "small", group: "gaming", what: "onlinespel", dividend: true },
  { ticker: "HPOL-B", name: "Hexpol", cap: "small", group: "material", what: "gummikompounder", dividend: true },
  { ticker: "SINCH", name: "Sinch", cap: "small", group: "tech", what: "mobila meddelanden" },
  { ticker: "STORY-B", name: "Storytel", cap: "small", group: "consumer", what: "ljudböcker" },
];

/**
 * The Swedish genitive of a company name: `:s` after an abbreviation or a name ending in a capital
 * (`SEB:s`, `H&M:s`), nothing after s, x or z (`Camurus`, `Sagax`), else `s` (`Volvos`).
 *
 * @param name the name people use
 * @returns the genitive form
 */
export function genitive(name: string): string {
  const last = name.at(-1) ?? "";
  if (/[A-ZÅÄÖ&]/.test(last)) return `${name}:s`;
  if (/[sxz]/.test(last)) return name;
  return `${name}s`;
}

/**
 * The demo's companies that are in the bundled list, with their Swedish sector.
 *
 * @param list every known company (`readCompanyList()`)
 * @returns the companies of the demo found in `list`, in the demo's fixed order (a ticker the
 *   list lacks is left out, so every cashtag the demo writes links to a ticker page)
 */
export function demoCompanies(list: readonly PlanCompany[]): DemoCompany[] {
  const byTicker = new Map(list.map((c) => [c.ticker, c]));
  return DEMO_COMPANIES.flatMap((d) => {
    const c = byTicker.get(d.ticker);
    if (!c) return [];
    return [
      {
        ticker: d.ticker,
        name: d.name,
        gen: genitive(d.name),
        registeredName: c.name,
        tag: `$${d.ticker}`,
        sector: (sectorName(c.sector) ?? "").toLowerCase(),
        cap: d.cap,
        group: d.group,
        ...(d.what ? { what: d.what } : {}),
        dividend: Boolean(d.dividend),
      },
    ];
  });
}

/**
 * Where a company's name (or its genitive) stands in a text, as a whole word.
 *
 * @param name the name people use (`Alfa Laval`, `H&M`)
 * @returns a pattern matching `Alfa Laval`, `Alfa Lavals`, `H&M:s`, never inside another word;
 *   group 1 is the genitive ending, if any
 */
export function namePattern(name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(:s|s)?(?![\\p{L}\\p{N}])`, "u");
}
