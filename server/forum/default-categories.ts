/**
 * The Swedish stock-market categories a new forum starts with.
 *
 * @module
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { categories } from "../db/schema";

/** Name and description of each default category, in display order (first is newest). */
export const DEFAULT_CATEGORIES: ReadonlyArray<{ name: string; description: string }> = [
  { name: "Allmänt om börsen", description: "Allt som rör börsen i stort: nyheter, stämningar och dagens rörelser." },
  { name: "Large Cap", description: "Storbolagen på Stockholmsbörsen: Volvo, Ericsson, Atlas Copco och de andra." },
  { name: "Small Cap & First North", description: "Småbolag, tillväxtcase och First North-listade bolag." },
  { name: "Teknisk analys", description: "Grafer, trender, stöd och motstånd, indikatorer och mönster." },
  { name: "Fonder & ETF:er", description: "Indexfonder, aktiva fonder, ETF:er och fondportföljer." },
  { name: "Makro & räntor", description: "Riksbanken, inflation, räntor, valutor och konjunktur." },
  { name: "Utdelningar", description: "Utdelningsaktier, direktavkastning och utdelningsstrategier." },
  { name: "Krypto", description: "Bitcoin, Ethereum och resten av kryptomarknaden." },
  { name: "Nybörjarhörnan", description: "Inga frågor är för enkla. Här hjälper vi nya sparare att komma igång." },
  { name: "Off topic", description: "Allt annat mellan himmel och jord." },
];

/**
 * Creates the default categories when the table is empty; does nothing otherwise.
 * `created_at` is staggered one second apart so "newest first" (SPEC §7) shows them in order.
 *
 * @param db database handle
 * @returns number of categories created (0 when some already existed)
 */
export async function ensureDefaultCategories(db: Db): Promise<number> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(categories)) as [{ n: number }];
  if (n > 0) return 0;
  const now = Date.now();
  await db
    .insert(categories)
    .values(
      DEFAULT_CATEGORIES.map((c, i) => ({ ...c, createdAt: new Date(now - i * 1000) })),
    )
    .onConflictDoNothing();
  return DEFAULT_CATEGORIES.length;
}
