/**
 * The demo members of `forum seed-demo`: sixteen Swedish forum regulars,
 * each with a style that decides what they write about, a bio that fits it, a join date, and a
 * generated avatar (initials on a coloured disc, {@link avatarSvg}). One is a moderator and one an
 * admin, so a newcomer can try the staff pages with a demo login.
 *
 * Pure data and string building: no database, no I/O.
 *
 * @module
 */
import type { Role } from "../../domain/roles";

/** What a member mostly writes about; the plan (`./plan.ts`) picks authors and commenters by it. */
export type DemoStyle =
  | "quality"
  | "dividend"
  | "technical"
  | "smallcap"
  | "index"
  | "newbie"
  | "daytrader"
  | "macro"
  | "realestate"
  | "sceptic"
  | "value"
  | "analyst"
  | "growth"
  | "health";

/** A demo account: nickname (with å/ä/ö), e-mail on the reserved `.example` domain, profile text. */
export interface DemoUser {
  nickname: string;
  email: string;
  bio: string;
  /** How many days before the seed's 'now' the member joined ('Medlem sedan'). */
  joinedDaysAgo: number;
  /** What the member writes about. */
  style: DemoStyle;
  /** The member's role: one moderator and one admin (SPEC §5 Roles). */
  role: Role;
  /** Background colour of the generated avatar (`#rrggbb`). */
  color: string;
}

/**
 * The demo accounts, in a fixed order (the first is the one the README suggests logging in as).
 * E-mails use `demo.borssnack.example` (a reserved domain), so no real person can receive mail
 * meant for them.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    nickname: "Aktie-Åsa",
    email: "asa@demo.borssnack.example",
    bio: "Långsiktig investerare sedan 2009. Gillar kvalitetsbolag, tråkiga industrier och lång horisont. Säljer nästan aldrig.",
    joinedDaysAgo: 1240,
    style: "quality",
    role: "member",
    color: "#1d4ed8",
  },
  {
    nickname: "Göran_Utdelning",
    email: "goran@demo.borssnack.example",
    bio: "Pensionär som lever på utdelningar. Banker, telekom och dagligvaror. Direktavkastning över allt, men inte till vilket pris som helst.",
    joinedDaysAgo: 980,
    style: "dividend",
    role: "member",
    color: "#047857",
  },
  {
    nickname: "Björn.Trendkoll",
    email: "bjorn@demo.borssnack.example",
    bio: "Teknisk analys: glidande medelvärden, RSI och volym. Stop loss alltid. Grafen har rätt (nästan).",
    joinedDaysAgo: 720,
    style: "technical",
    role: "member",
    color: "#7c3aed",
  },
  {
    nickname: "Märta_Småbolag",
    email: "marta@demo.borssnack.example",
    bio: "Småbolagsjägare. Läser årsredovisningar för nöjes skull och går gärna på bolagsstämmor i Mölndal.",
    joinedDaysAgo: 530,
    style: "smallcap",
    role: "member",
    color: "#b45309",
  },
  {
    nickname: "Örjan-Index",
    email: "orjan@demo.borssnack.example",
    bio: "Indexfonder först, investmentbolag sedan. Avgifter är den enda gratislunchen.",
    joinedDaysAgo: 410,
    style: "index",
    role: "member",
    color: "#0e7490",
  },
  {
    nickname: "Kryptokalle",
    email: "kalle@demo.borssnack.example",
    bio: "Ny på börsen, gammal i kryptovärlden. Här för att lära mig. Ställer dumma frågor så att du slipper.",
    joinedDaysAgo: 21,
    style: "newbie",
    role: "member",
    color: "#be185d",
  },
  {
    nickname: "Daytrader_Dani",
    email: "dani@demo.borssnack.example",
    bio: "Daytrader på heltid sedan två år. In före nio, ute före halv sex. Inga positioner över natten.",
    joinedDaysAgo: 260,
    style: "daytrader",
    role: "member",
    color: "#dc2626",
  },
  {
    nickname: "Makro-Lena",
    email: "lena@demo.borssnack.example",
    bio: "Nationalekonom. Följer Riksbanken, KPIF och kronan närmare än de flesta. Aktier är mest en bisyssla.",
    joinedDaysAgo: 860,
    style: "macro",
    role: "member",
    color: "#4338ca",
  },
  {
    nickname: "Fastighets-Fredrik",
    email: "fredrik@demo.borssnack.example",
    bio: "Har jobbat med kommersiella fastigheter i tjugo år. Räntekänslig till både jobb och portfölj.",
    joinedDaysAgo: 640,
    style: "realestate",
    role: "member",
    color: "#57534e",
  },
  {
    nickname: "Skeptiska_Sara",
    email: "sara@demo.borssnack.example",
    bio: "Djävulens advokat. Blankar ibland, ifrågasätter alltid. Om alla är överens har något gått fel.",
    joinedDaysAgo: 470,
    style: "sceptic",
    role: "member",
    color: "#0f766e",
  },
  {
    nickname: "Värde-Nils",
    email: "nils@demo.borssnack.example",
    bio: "Gammal revisor. Köper kassaflöden till rea och väntar. P/E, EV/EBIT och en kopp kaffe.",
    joinedDaysAgo: 1100,
    style: "value",
    role: "member",
    color: "#15803d",
  },
  {
    nickname: "Ingrid.Rapport",
    email: "ingrid@demo.borssnack.example",
    bio: "Före detta bankanalytiker. Läser rapporterna klockan sju så att ni kan sova. Inga köpråd.",
    joinedDaysAgo: 900,
    style: "analyst",
    role: "member",
    color: "#9333ea",
  },
  {
    nickname: "Mod-Maja",
    email: "maja@demo.borssnack.example",
    bio: "Moderator på Börssnack. Säg vad du tycker om bolagen, inte om varandra. Själv blandar jag index och några industribolag.",
    joinedDaysAgo: 1180,
    style: "quality",
    role: "moderator",
    color: "#0369a1",
  },
  {
    nickname: "Admin-Anders",
    email: "anders@demo.borssnack.example",
    bio: "Driver Börssnack på kvällar och helger. Hör av dig om något krånglar. Äger mest investmentbolag.",
    joinedDaysAgo: 1300,
    style: "index",
    role: "admin",
    color: "#334155",
  },
  {
    nickname: "Tove_Tillväxt",
    email: "tove@demo.borssnack.example",
    bio: "Tillväxt före utdelning. Mjukvara, mätteknik och allt som skalar. Tål att det svänger.",
    joinedDaysAgo: 330,
    style: "growth",
    role: "member",
    color: "#c2410c",
  },
  {
    nickname: "Hälso-Hugo",
    email: "hugo@demo.borssnack.example",
    bio: "Läkare som investerar i det jag förstår: medicinteknik, läkemedel och en och annan biotechchansning.",
    joinedDaysAgo: 150,
    style: "health",
    role: "member",
    color: "#0891b2",
  },
];

/**
 * The initials of a nickname for its avatar: the first letter of each of its first two parts
 * (split at `-`, `_`, `.`), upper case; `Aktie-Åsa` → `AÅ`, `Kryptokalle` → `K`.
 *
 * @param nickname a demo nickname
 * @returns one or two letters
 */
export function initials(nickname: string): string {
  const parts = nickname.split(/[-_.]+/).filter((p) => p.length > 0);
  return parts
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join("");
}

/**
 * A 256×256 SVG avatar: the member's initials in white on a disc of their colour with a soft
 * diagonal light, no external fonts or images (rendered by sharp/librsvg with the system's sans
 * serif). The upload pipeline turns it into the stored WebP.
 *
 * @param user the member (nickname and colour)
 * @returns SVG source text
 */
export function avatarSvg(user: Pick<DemoUser, "nickname" | "color">): string {
  const text = initials(user.nickname);
  const size = text.length > 1 ? 104 : 128;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#000000" stop-opacity="0.18"/></linearGradient></defs>
<rect width="256" height="256" fill="${user.color}"/>
<rect width="256" height="256" fill="url(#g)"/>
<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${text}</text>
</svg>`;
}
