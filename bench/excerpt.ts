/**
 * `npx tsx bench/excerpt.ts [rounds]`: what a plain-text excerpt costs when read
 * (docs/decisions/050-plain-excerpts.md). 100 typical bodies — short comments, posts of a few
 * paragraphs with emphasis, links, mentions and cashtags, quotes from 'Citera', an own image,
 * a few long posts — each turned into a 200-character excerpt (`plainExcerpt`), compared with
 * the whole text (the JSON-LD's), with parsing every paragraph as cooking does (`markdownTokens`),
 * with cooking (`cook`, what writes do) and with the old `slice(0, 200)`. Output: µs
 * of CPU and of wall time per body (mean over the rounds, after a warm-up), and CPU ms per list page
 * of 30 rows.
 *
 * @module
 */
import { performance } from "node:perf_hooks";
import { cook, markdownTokens } from "../server/content/cook";
import { PREVIEW_CHARS, plainExcerpt } from "../server/content/excerpt";
import { quoteMarkdown } from "../domain/quote";

const rounds = Number(process.argv[2] ?? 200);

const SENTENCES = [
  "Volvo levererade ett starkt kvartal och orderingången ökade mer än väntat.",
  "Marginalen i lastbilar var **klart bättre** än konsensus, men bussar drar ner.",
  "Jag tycker att värderingen ser _rimlig_ ut med P/E runt 11 på nästa års vinst.",
  "Se rapporten på [Avanza](https://www.avanza.se/aktier/om-aktien.html/5269/volvo-b) och www.di.se.",
  "Har ni sett vad @Skeptiska_Sara skrev om $ERIC-B i förra veckan?",
  "Utdelningen på 18 kr plus extra 10 kr ger en direktavkastning på över 7 %.",
  "Räntorna faller, så cykliska bolag som $SAND och $ATCO-A borde gynnas.",
  "Jag köpte mer i dag på 245 kr, men sätter en stop loss under 230.",
];
const IMAGE = "/uploads/posts/abcdefghijklmnopqrstuv-1200x800.webp";

/** Sentence `i` onwards, `n` of them, as one paragraph. */
const paragraph = (i: number, n: number) => Array.from({ length: n }, (_, k) => SENTENCES[(i + k) % SENTENCES.length]).join(" ");

/** 100 bodies: 40 short comments, 30 posts of 2–4 paragraphs, 20 with a quote, 5 with an image, 5 long. */
function bodies(): string[] {
  const out: string[] = [];
  for (let i = 0; i < 40; i += 1) out.push(paragraph(i, 1 + (i % 3)));
  for (let i = 0; i < 30; i += 1) out.push(Array.from({ length: 2 + (i % 3) }, (_, k) => paragraph(i + k, 2 + (k % 2))).join("\n\n"));
  for (let i = 0; i < 20; i += 1) {
    const quote = quoteMarkdown({ nickname: "Skeptiska_Sara", text: paragraph(i, 2 + (i % 2)), href: "/forum/kommentar/0b7c5a4e-8f7e-4d7a-9c51-2a1f3c0d9e11" });
    out.push(`${quote}${paragraph(i + 3, 1 + (i % 3))}`);
  }
  for (let i = 0; i < 5; i += 1) out.push(`${paragraph(i, 2)}\n\n![graf](${IMAGE})\n\n- ${SENTENCES[i]}\n- ${SENTENCES[i + 1]}`);
  for (let i = 0; i < 5; i += 1) out.push(Array.from({ length: 12 }, (_, k) => paragraph(i + k, 4)).join("\n\n"));
  return out;
}

/**
 * Mean µs per body of `fn` over `rounds` passes through `list`, after 20 passes of warm-up: of
 * the process's CPU (user + system; less disturbed by other work on the machine) and of wall time.
 */
function measure(list: readonly string[], fn: (body: string) => unknown): { cpu: number; wall: number } {
  let sink = 0;
  for (let r = 0; r < 20; r += 1) for (const body of list) sink += String(fn(body)).length;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let r = 0; r < rounds; r += 1) for (const body of list) sink += String(fn(body)).length;
  const wall = ((performance.now() - t0) * 1000) / (rounds * list.length);
  const cpu1 = process.cpuUsage(cpu0);
  if (sink < 0) console.log(sink);
  return { cpu: (cpu1.user + cpu1.system) / (rounds * list.length), wall };
}

const list = bodies();
const chars = list.reduce((sum, b) => sum + b.length, 0);
console.log(`${list.length} bodies, ${Math.round(chars / list.length)} characters on average, ${rounds} rounds`);
const rows: Array<[string, (body: string) => unknown]> = [
  ["slice(0, 200) (before)", (b) => b.slice(0, PREVIEW_CHARS)],
  ["plainExcerpt(body, 200)", (b) => plainExcerpt(b, PREVIEW_CHARS)],
  ["plainExcerpt(body) (whole)", (b) => plainExcerpt(b)],
  ["markdownTokens(body)", (b) => markdownTokens(b).length],
  ["cook(body).html (a write)", (b) => cook(b).html],
];
console.log(`${"".padEnd(28)} ${"CPU µs/body".padStart(12)} ${"wall µs/body".padStart(13)} ${"CPU ms/30 rows".padStart(15)}`);
for (const [name, fn] of rows) {
  const { cpu, wall } = measure(list, fn);
  console.log(`${name.padEnd(28)} ${cpu.toFixed(2).padStart(12)} ${wall.toFixed(2).padStart(13)} ${((cpu * 30) / 1000).toFixed(3).padStart(15)}`);
}
