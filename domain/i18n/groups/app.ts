/** Product name and document title (SPEC §1). */
export const app = {
  name: "Börssnack",
  title: "Sveriges nya forum för börssnack",
  description:
    "Börssnack är forumet där svenska traders och investerare diskuterar aktier, fonder, makro och krypto.",
  copyright: (year: number) => `© ${year} Börssnack. Alla rättigheter förbehållna.`,
  poweredBy: "Drivs med öppen källkod",
  /** The accessible name of the toast region (sonner's default is English). */
  toastRegion: "Aviseringar",
  toastClose: "Stäng aviseringen",
  /** SPEC §2 footer, "a link to the provider": 'Drivs av <provider>'. */
  providedBy: "Drivs av",
  footerData:
    "Bolagsdata: FinanceDatabase (MIT). Exempeltexter: Swedish NER corpus av Andreas Klintberg, baserad på Språkbanken Webbnyheter 2012, CC BY 4.0.",
} as const;
