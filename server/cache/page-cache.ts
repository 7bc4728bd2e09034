/**
 * The page cache (docs/decisions/017, 039, 045, 047): one render of a page answers many requests.
 *
 * - **Visitors** (no session or flash cookie; not `/api`, `/auth`, `/admin`, `/uploads`,
 *   `/healthz`): a GET of a page or its `.data` is answered for {@link VISITOR_TTL_MS} from one
 *   render, the same bytes for everyone: without its nonce, with a CSP of its inline scripts'
 *   hashes (server/security/script-hashes.ts), compressed once per encoding. Not kept: an answer
 *   other than 200, one setting a cookie or one such a policy would break. An expired page is
 *   served while one request renders it again (up to 2 TTLs; dropped if that fails).
 * - **Plain members** (not staff or blocked; no flash message or `borssnack_fresh`): a page of
 *   {@link PAGE_PATHS} comes from one render for the generic member (./share-personal.ts), kept
 *   {@link MEMBER_TTL_MS}, with the member's personal parts (domain/personal.ts) rendered for the
 *   states the loaders' readers give (once per render and state) in place of the generic markup,
 *   the states in `PersonalData`, the nonce and renewed strings replaced; gzip answers are joined
 *   from pieces deflated once (./gzip-pieces.ts). A reader giving null, or a part not found in
 *   the page, sends the member to the normal path.
 *
 * One entry per audience, colour theme and URL, at most {@link PAGE_CACHE_MAX_BYTES} in all (least
 * recently used out first), one render per entry at a time, all emptied by every declared change
 * of pages (./page-writes.ts), here or on another instance.
 *
 * @module
 */
import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { themeFromCookie, THEME_COOKIE } from "../../domain/theme";
import { INBOX_PART, PERSONAL_DATA, VIEWER_PART, personalParts, scriptJson, type PersonalAnswer, type PersonalParts, type PersonalSlot, type PersonalStates } from "../../domain/personal";
import { cspWithHashes } from "../security/headers";
import { hashedPage } from "../security/script-hashes";
import { GENERIC_RENDER_HEADER, genericRenderSecret } from "./share-personal";
import type { Viewer } from "../accounts/session";
import { deflatePiece, freshPiece, gzipOfPieces, type DeflatedPiece } from "./gzip-pieces";
import { FRESH_COOKIE } from "./read-caches";

/** How long a visitors' page is served, and a generic member render used (ms; a write empties both sooner). */
export const VISITOR_TTL_MS = 1_000, MEMBER_TTL_MS = 10_000;
/** Upper bound of all kept pages with their compressed copies (bytes). */
export const PAGE_CACHE_MAX_BYTES = 48 * 1024 * 1024;
/** An expired visitors' page is served while one request renders it again, up to STALE_FACTOR × TTL; a
 * visitor waits at most COALESCE_WAIT_MS for another request's render of the same page. */
const STALE_FACTOR = 2, COALESCE_WAIT_MS = 5_000;
const MAX_ENTRY_BYTES = 1024 * 1024; // the largest single visitors' page kept (bytes)
/** Compression paid once per visitors' page: the 100-comment thread (367 KB) takes about 5 ms in each. */
const BROTLI_QUALITY = 6, GZIP_LEVEL = 6;
/** Compressed: bodies from the compression middleware's threshold, pages, loader data (`text/x-script`), JSON, XML. */
const COMPRESS_MIN_BYTES = 1024, COMPRESSIBLE = /^text\/|[/+](?:json|xml|javascript)\b/i;
const BYPASS_PATHS = /^\/(api|auth|admin|uploads|healthz)(\/|$|\.)/;
/** The pages whose loaders declare personal parts (the route table's paths, SPEC §2). */
const PAGE_PATHS = /^\/(?:forum\/?)?$|^\/forum\/(?:kategori\/[^/]+(?:\/trad\/[^/]+(?:\/(?!feed\.atom$)[^/]+)?)?|profil\/[^/]+|sok|notifications|inkorg(?:\/(?!ny\/?$)[^/]+)?)\/?$/;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?borssnack\.session_token=/;
const FLASH_COOKIE = /(?:^|;\s*)borssnack_flash=/;
const FRESH = new RegExp(`(?:^|;\\s*)${FRESH_COOKIE}=`);
/** Headers a kept page does not replay: per answer, or the entry's own (CSP, encoding). */
const SKIP_HEADERS = /^(content-security-policy|x-request-id|date|connection|keep-alive|transfer-encoding|content-length|content-encoding|set-cookie|x-cache)$/i;
/** A member page is cut into blocks of about this many bytes (a block no part of which differs is one piece). */
const BLOCK_BYTES = 16 * 1024;
/** A state's JSON longer than this (bytes) is deflated once and kept while the state object is. */
const KEPT_JSON_BYTES = 4 * 1024;
/** zlib level of a large state's parts: a member's list serves about one answer between writes (decision 043). */
const KEPT_STATE_LEVEL = 1;
/** Large states kept by their JSON text, the most recent first out last (about 30 KB each with their markup). */
const KEPT_TEXTS = 256;

/** Bytes of an answer; `kept` ones recur in many answers and are deflated once, others once per answer (`piece`). */
type Part = { raw: Buffer; kept?: { piece?: DeflatedPiece; level?: number }; piece?: DeflatedPiece };

/** A piece of a member page (bytes `start`..`end`): plain, a part (generic markup), or replaced in every answer (nonce, renewed string, data). */
type Piece = Part & { start: number; end: number; kind?: "part" | "nonce" | "renew" | "data"; slot?: PersonalSlot };

/** Consecutive pieces (about {@link BLOCK_BYTES}; or one replaced per answer): `whole` answers when no part differs for the member. */
type Block = { pieces: Piece[]; whole?: Part };

/** A kept render: a visitors' page (`csp`, compressed copies) or a generic member render (`parts`). */
interface Entry {
  at: number; body: Buffer;
  headers: Array<[string, string | number | string[]]>;
  /** Visitors: the CSP of every answer (hash-sources instead of a nonce), if the render had one. */
  csp?: string;
  compressible?: boolean;
  gzip?: Buffer; br?: Buffer;
  /** Members: the render's nonce, declarations (null: not served this way), layout once found. */
  nonce?: string; parts?: PersonalParts<Viewer> | null;
  /** The data part's markup around its JSON: `before` split at the nonce. */
  layout?: { blocks: Block[]; data: { before: string[]; after: string } } | null;
  /** A part's markup per state (`name \0 JSON`), rendered once per render; null: the generic markup. */
  rendered?: Map<string, Part | null>;
}

/** How members' pages are made (the production build's, once it has loaded). */
export interface MemberRender {
  /** React Router's handler: renders `request` with the CSP nonce, collecting into `parts`. */
  render: (request: globalThis.Request, nonce: string, parts: PersonalParts<Viewer>) => Promise<globalThis.Response>;
  /** The plain member of a `Cookie` header, or null (visitor, staff, blocked). */
  viewer: (cookie: string) => Promise<Viewer | null>;
  /** The member's state of the header's {@link VIEWER_PART} (`toClientViewer`). */
  viewerState: (viewer: Viewer) => unknown;
}

/** `ttlMs`: a visitors' page's life (ms, default {@link VISITOR_TTL_MS}); `now`: a clock (ms); `onClear`: called on every emptying. */
export type PageCacheOptions = { ttlMs?: number; now?: () => number; onClear?: () => void };

/** `visitors` and `members` (once `renderMembers` said how) answer GETs, else pass; `clear()` empties; `size()`: entries, bytes. */
export type PageCache = { visitors: RequestHandler; members: RequestHandler; renderMembers(how: MemberRender): void; clear(): void; size(): { entries: number; bytes: number } };

/**
 * Finds a generic render's parts, in the order the page declared them, and cuts the body into
 * pieces (each part and each replaced string one of its own) and those into {@link Block}s.
 *
 * @returns the layout, or null when a part's generic markup is not where the page has it, or a
 *   replaced string lies inside a part other than the data part
 */
function layoutOf(body: Buffer, nonce: string, parts: PersonalParts<Viewer>): Entry["layout"] {
  const regions: Piece[] = [];
  let data: { before: string[]; after: string } | null = null;
  let cursor = 0;
  for (const slot of parts.slots) {
    const generic = Buffer.from(slot.html(slot.generic));
    const start = generic.length > 0 ? body.indexOf(generic, cursor) : -1;
    if (start < 0) {
      // The part renders differently alone than in the page (a hook reading context): a defect of
      // the page, which then renders for each member.
      console.warn(`[medlemssidor] delen ${slot.name} finns inte i sidan; sidan renderas för varje medlem`);
      return null;
    }
    cursor = start + generic.length;
    regions.push({ raw: body.subarray(start, cursor), start, end: cursor, kind: slot.name === PERSONAL_DATA ? "data" : "part", slot, kept: {} });
    if (slot.name === PERSONAL_DATA) {
      const mark = randomUUID();
      const [before, after] = slot.html(mark).split(mark);
      data = { before: before!.split(nonce), after: after! };
    }
  }
  if (!data) return null;
  const marks: Array<{ at: number; end: number; kind: "nonce" | "renew" }> = [];
  for (const [i, text] of [nonce, ...parts.renew].entries()) {
    const bytes = Buffer.from(text);
    for (let at = bytes.length ? body.indexOf(bytes) : -1; at >= 0; at = body.indexOf(bytes, at + bytes.length)) marks.push({ at, end: at + bytes.length, kind: i ? "renew" : "nonce" });
  }
  for (const mark of marks) {
    const within = regions.find((r) => r.slot && mark.at < r.end && mark.end > r.start);
    // The data part writes its own nonce; a string renewed inside another part would not be.
    if (within?.kind === "part") return null;
    if (!within) regions.push({ raw: body.subarray(mark.at, mark.end), start: mark.at, end: mark.end, kind: mark.kind });
  }
  regions.sort((a, b) => a.start - b.start);
  const blocks: Block[] = [];
  const add = (piece: Piece) => {
    const last = blocks.at(-1);
    if (piece.kind && piece.kind !== "part") blocks.push({ pieces: [piece] });
    else if (!last?.whole || last.whole.raw.length >= BLOCK_BYTES) blocks.push({ pieces: [piece], whole: piece });
    else {
      last.pieces.push(piece);
      last.whole = { raw: body.subarray(last.pieces[0]!.start, piece.end), kept: {} };
    }
  };
  let from = 0;
  for (const region of [...regions, { start: body.length, end: body.length } as Piece]) {
    if (from < region.start) add({ raw: body.subarray(from, region.start), start: from, end: region.start, kept: {} });
    if (region.end > region.start) add(region);
    from = region.end;
  }
  return { blocks, data };
}

/** @returns a new {@link PageCache} with {@link PageCacheOptions} */
export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const ttl = options.ttlMs ?? VISITOR_TTL_MS;
  const now = options.now ?? Date.now;
  const held = (entry: Entry) => entry.body.length * (entry.parts ? 1.25 : 1) + (entry.csp?.length ?? 0) + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);
  const entries = new LRUCache<string, Entry>({ maxSize: PAGE_CACHE_MAX_BYTES, sizeCalculation: (entry) => Math.max(1, Math.round(held(entry))) });
  /** Renders under way, by key; settled when done. */
  const pending = new Map<string, Promise<unknown>>();
  let generation = 0;
  let made: MemberRender | undefined;
  let swept = -Infinity;
  const store = (key: string, entry: Entry) => {
    // Drops what is too old to serve (once per TTL), so a crawler's pages do not stay until the memory cap.
    if (now() - swept >= ttl && (swept = now()))
      for (const [k, e] of [...entries.entries()]) if (swept - e.at >= (e.parts === undefined ? ttl * STALE_FACTOR : MEMBER_TTL_MS)) entries.delete(k);
    entries.set(key, entry);
  };
  const clear = () => {
    entries.clear();
    generation += 1;
    options.onClear?.();
  };

  /** A visitors' page in `encoding`, compressed on first use (in a buffer of its own: zlib's output is a view of a 16 KiB chunk). */
  const encoded = (key: string, hit: Entry, encoding: "br" | "gzip"): Buffer => {
    let copy = hit[encoding];
    if (!copy) {
      const params = { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: hit.body.length, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT };
      copy = hit[encoding] = Buffer.from(encoding === "br" ? brotliCompressSync(hit.body, { params }) : gzipSync(hit.body, { level: GZIP_LEVEL }));
      // Counted in the memory bound (lru-cache sizes an entry when it is set).
      if (entries.peek(key) === hit) entries.delete(key) && entries.set(key, hit);
    }
    return copy;
  };

  /** Sends `body` (already compressed in `encoding`, or not) with the entry's headers. */
  const send = (res: Response, entry: Entry, cache: string, body: Buffer, encoding: string | null) => {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.parts) res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("X-Cache", cache);
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    // Already encoded: the compression middleware leaves it alone.
    if (encoding) res.setHeader("Content-Encoding", encoding).setHeader("Vary", "Accept-Encoding");
    res.setHeader("Content-Length", body.length);
    res.status(200).end(body);
  };

  /** Answers a visitor from `hit`: brotli, else gzip, else as it is, as the client takes it. */
  const serve = (req: Request, res: Response, key: string, hit: Entry) => {
    const accepts = String(req.headers["accept-encoding"] ?? "");
    const encoding = !hit.compressible ? null : /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : null;
    send(res, hit, "HIT", encoding ? encoded(key, hit, encoding) : hit.body, encoding);
  };

  const visitors = (req: Request, res: Response, next: NextFunction) => {
    const cookie = req.headers.cookie ?? "";
    if (req.method !== "GET" || BYPASS_PATHS.test(req.path) || SESSION_COOKIE.test(cookie) || FLASH_COOKIE.test(cookie)) return next();
    // The page differs per colour theme (`<html class="dark">`, the head script).
    const key = `visitor ${themeFromCookie(cookie)} ${req.originalUrl}`;
    const hit = entries.get(key);
    const age = hit ? now() - hit.at : Infinity;
    // Fresh; or just expired while one request renders it again (writes empty the cache, so a
    // stale entry only lacks what invalidation cannot see).
    if (hit && (age < ttl || (age < ttl * STALE_FACTOR && pending.has(key)))) return serve(req, res, key, hit);
    if (!hit && pending.has(key)) {
      // Another request is rendering this page: wait for it instead of rendering it 50 times at once.
      void Promise.race([pending.get(key)!, delay(COALESCE_WAIT_MS, undefined, { ref: false })]).then(() => {
        const ready = entries.get(key);
        if (ready && now() - ready.at < ttl && !res.headersSent) serve(req, res, key, ready);
        else next();
      });
      return;
    }
    // Miss: the render is this request's answer; a copy is kept.
    let settle: (value?: unknown) => void = () => {};
    pending.set(key, new Promise((resolve) => (settle = resolve)));
    res.on("close", () => {
      pending.delete(key);
      // A failed re-render (database down, 5xx): no stale copy outlives it.
      if (res.statusCode !== 200) entries.delete(key);
      settle();
    });
    const startedIn = generation;
    const chunks: Buffer[] = [];
    let size = 0;
    for (const method of ["write", "end"] as const) {
      const original = res[method].bind(res) as (...args: unknown[]) => unknown;
      (res as unknown as Record<string, unknown>)[method] = (chunk?: unknown, ...rest: unknown[]) => {
        if (size <= MAX_ENTRY_BYTES && chunk != null && typeof chunk !== "function") {
          const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof rest[0] === "string" ? (rest[0] as BufferEncoding) : "utf8");
          size += buffer.length;
          chunks.push(buffer);
        }
        return original(chunk, ...rest);
      };
    }
    res.setHeader("X-Cache", "MISS");
    res.on("finish", () => {
      // A write that happened meanwhile may have made this answer stale: not kept.
      if (size > MAX_ENTRY_BYTES || res.statusCode !== 200 || res.getHeader("set-cookie") || startedIn !== generation) return;
      const headers = Object.entries(res.getHeaders()).filter((h): h is [string, string | number | string[]] => !SKIP_HEADERS.test(h[0]) && h[1] !== undefined);
      // One page for every answer: without the render's nonce, the CSP with the hashes of the
      // page's own inline scripts in its place.
      const nonce = String(res.locals.cspNonce ?? "");
      const type = String(res.getHeader("content-type") ?? "");
      const page = hashedPage(Buffer.concat(chunks), nonce, { html: /^text\/html\b/i.test(type) });
      const policy = res.getHeader("content-security-policy");
      const csp = page && nonce && typeof policy === "string" ? cspWithHashes(policy, page.hashes) : undefined;
      if (!page || csp === null) return;
      store(key, { at: now(), body: page.body, headers, csp, compressible: page.body.length >= COMPRESS_MIN_BYTES && COMPRESSIBLE.test(type) });
    });
    next();
  };

  const renderEntry = async (req: Request, key: string): Promise<Entry> => {
    const startedIn = generation;
    const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
    const nonce = randomBytes(16).toString("base64");
    const parts = personalParts<Viewer>();
    const headers = { accept: "text/html", cookie: `${THEME_COOKIE}=${themeFromCookie(req.headers.cookie)}`, [GENERIC_RENDER_HEADER]: genericRenderSecret() };
    const response = await made!.render(new globalThis.Request(url, { headers }), nonce, parts);
    const body = Buffer.from(await response.arrayBuffer());
    const usable = response.status === 200 && !response.headers.has("set-cookie") && parts.readers.length > 0;
    const entry: Entry = { at: now(), body: usable ? body : Buffer.alloc(0), nonce, headers: [], parts: usable ? parts : null, rendered: new Map() };
    response.headers.forEach((value, name) => SKIP_HEADERS.test(name) || entry.headers.push([name, value]));
    if (startedIn === generation) store(key, entry);
    return entry;
  };

  /** The kept render of `key`, the one in flight, or one made for this request (only then `fresh`). */
  const memberEntry = async (req: Request, key: string): Promise<{ entry: Entry; fresh: boolean }> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < MEMBER_TTL_MS) return { entry: hit, fresh: false };
    const waiting = pending.get(key) as Promise<Entry> | undefined;
    if (waiting) return { entry: await waiting, fresh: false };
    pending.set(key, renderEntry(req, key).finally(() => pending.delete(key)));
    return { entry: await (pending.get(key) as Promise<Entry>), fresh: true };
  };

  // The header's state per viewer object (the session lookup's, the same until a write): made once.
  const viewerStates = new WeakMap<Viewer, unknown>();
  // A state's JSON; a large one kept while the state object is (a member's notification list is
  // the same array until a write: its 40 KB of JSON are made, rendered and deflated once), and the
  // last KEPT_TEXTS by their text (a member's own thread list is read anew for each answer).
  type KeptJson = Part & { rendered: WeakMap<Piece, Part | null> };
  const json = new WeakMap<object, KeptJson>();
  const texts = new Map<string, KeptJson>();
  const jsonOf = (state: unknown): string | KeptJson => {
    const object = typeof state === "object" && state !== null ? state : null;
    const kept = object && json.get(object);
    if (kept) return kept;
    const text = scriptJson(state);
    if (text.length <= KEPT_JSON_BYTES || !object) return text;
    const part = texts.get(text) ?? { raw: Buffer.from(text), kept: { level: KEPT_STATE_LEVEL }, rendered: new WeakMap<Piece, Part | null>() };
    json.set(object, part);
    texts.delete(text);
    if (texts.set(text, part).size > KEPT_TEXTS) texts.delete(texts.keys().next().value!);
    return part;
  };

  /**
   * A part's markup for a state (its {@link jsonOf}), once per render and state: found by JSON, or
   * kept beside a large state's JSON (so it goes with the state); null: the generic markup.
   */
  const renderedPart = (entry: Entry, piece: Piece, state: unknown, json: string | KeptJson): Part | null => {
    const byJson = typeof json === "string";
    const key = byJson ? `${piece.slot!.name}\0${json}` : "";
    let part = byJson ? entry.rendered!.get(key) : json.rendered.get(piece);
    if (part === undefined) {
      const raw = Buffer.from(piece.slot!.html(state));
      part = raw.equals(piece.raw) ? null : { raw, kept: byJson ? {} : { level: KEPT_STATE_LEVEL } };
      if (byJson) entry.rendered!.set(key, part);
      else json.rendered.set(piece, part);
    }
    return part;
  };

  /** A member's answer in parts, or null when their page is to be rendered for them alone. */
  const answer = async (entry: Entry, read: PersonalAnswer, viewer: Viewer, nonce: string): Promise<Part[] | null> => {
    const parts = entry.parts!;
    const given = await Promise.all(parts.readers.map((reader) => reader(viewer, read)));
    if (given.some((states) => states === null)) return null;
    const layout = entry.layout === undefined ? (entry.layout = layoutOf(entry.body, entry.nonce!, parts)) : entry.layout;
    if (!layout) return null;
    let mine = viewerStates.get(viewer);
    if (!mine) viewerStates.set(viewer, (mine = made!.viewerState(viewer)));
    const states: PersonalStates = Object.assign({ [VIEWER_PART]: mine, [INBOX_PART]: viewer.inboxUnread }, ...given);
    // The states' JSON as one fresh piece, but a kept (large) one as it is.
    const jsons = new Map<string, string | KeptJson>();
    const dataParts: Part[] = [];
    let text = `${layout.data.before.join(nonce || entry.nonce!)}{`;
    for (const name in states) {
      const json = jsonOf(states[name]);
      text += `${jsons.size ? "," : ""}${scriptJson(name)}:${typeof json === "string" ? json : ""}`;
      jsons.set(name, json);
      if (typeof json === "string") continue;
      dataParts.push({ raw: Buffer.from(text) }, json);
      text = "";
    }
    dataParts.push({ raw: Buffer.from(`${text}}${layout.data.after}`) });
    // One nonce part, and one new string per marked string, wherever they occur (a page has 20 nonces).
    const noncePart = { raw: Buffer.from(nonce || entry.nonce!) };
    const fresh = new Map<string, Part>();
    const renewed = (old: string) => fresh.get(old) ?? fresh.set(old, { raw: Buffer.from(randomUUID()) }).get(old)!;
    const out: Part[] = [];
    for (const { pieces, whole } of layout.blocks) {
      const piece = pieces[0]!;
      if (piece.kind === "nonce") out.push(noncePart);
      else if (piece.kind === "renew") out.push(renewed(piece.raw.toString()));
      else if (piece.kind === "data") out.push(...dataParts);
      else {
        // The parts the member's states name, in their markup; a block where none differs, whole.
        let differs = false;
        for (const p of pieces) {
          const json = p.kind === "part" ? jsons.get(p.slot!.name) : undefined;
          const part = json === undefined ? null : renderedPart(entry, p, states[p.slot!.name], json);
          differs ||= part !== null;
          out.push(part ?? p);
        }
        if (!differs) out.splice(out.length - pieces.length, pieces.length, whole!);
      }
    }
    return out;
  };

  const members = (req: Request, res: Response, next: NextFunction) => {
    const cookie = req.headers.cookie ?? "";
    // Not a client navigation's loader data (`….data`): that is the member's own.
    if (!made || req.method !== "GET" || req.path.endsWith(".data") || !PAGE_PATHS.test(req.path) || !SESSION_COOKIE.test(cookie) || FLASH_COOKIE.test(cookie) || FRESH.test(cookie)) return next();
    void (async () => {
      const viewer = await made!.viewer(cookie);
      if (!viewer) return false;
      const { entry, fresh } = await memberEntry(req, `member ${themeFromCookie(cookie)} ${req.originalUrl}`);
      if (!entry.parts) return false;
      const parts = await answer(entry, { fresh, ip: req.socket.remoteAddress ?? "" }, viewer, String(res.locals.cspNonce ?? ""));
      if (!parts || res.headersSent) return false;
      const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
      const pieces = gzip && parts.map((part) => (part.kept ? (part.kept.piece ??= deflatePiece(part.raw, part.kept.level)) : (part.piece ??= freshPiece(part.raw))));
      const body = pieces ? gzipOfPieces(pieces) : Buffer.concat(parts.map((part) => part.raw));
      send(res, entry, "SHARED", body, gzip ? "gzip" : null);
      return true;
    })().then(
      (served) => served || next(),
      // Anything unexpected (a database outage while reading the member's states): the normal
      // path answers, with its own error pages.
      (error: unknown) => {
        console.error("[medlemssidor] den delade sidan kunde inte användas:", error);
        if (!res.headersSent) next();
      },
    );
  };

  return { visitors, members, renderMembers: (how) => void (made = how), clear, size: () => ({ entries: entries.size, bytes: entries.calculatedSize }) };
}
