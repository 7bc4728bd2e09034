/**
 * The shared member render (docs/decisions/039-shared-member-render.md). A plain member's page differs from every other
 * plain member's view of it only in small personal parts, so a member's GET of a forum page is
 * answered from a render made once for a generic member (`server/personal/generic-render.ts`),
 * kept for up to {@link MEMBER_PAGES_TTL_MS} and emptied with the other caches on every write, with
 * the member's parts set in the markup ({@link personalizePage}) and the same parts in an overlay
 * script that the browser applies to the loader data before it hydrates
 * (`app/lib/personal-overlay.ts`), so React finds exactly the markup it would render itself.
 *
 * Who gets it: a logged-in member who is not staff and not blocked, without a flash message or a
 * write in the last seconds (`borssnack_fresh`), on the forum home (not 'Bevakat'), a category, a
 * thread, a profile or the search page, when the page's manifest allows it
 * (`server/personal/page-overlay.ts`: not a thread they wrote on, no post by a member they mute,
 * not their own profile). Everyone else, and `.data` requests, take the normal path.
 *
 * @module
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { themeFromCookie, THEME_COOKIE } from "../../domain/theme";
import { OVERLAY_GLOBAL, targetKey, type OverlayViewer, type PersonalOverlay } from "../../domain/personal-overlay";
import { REACTION_TYPES } from "../../domain/values";
import type { NotificationItem } from "../../domain/notifications";
import { bookmarks as bm, profile as p, reactions as r, threadWatch as tw } from "../../domain/i18n/sv";
import { deflatePiece, freshPiece, gzipOfPieces, type DeflatedPiece } from "./gzip-pieces";
import { GENERIC_RENDER_HEADER, genericRenderHeader, takeManifest, type PageManifest } from "../personal/generic-render";
import { FRESH_COOKIE } from "./shared-page-data";
import { toClientViewer, type Viewer } from "../session";

/** How long a generic render is used (ms); every write anywhere empties it sooner. */
export const MEMBER_PAGES_TTL_MS = 10_000;
/** Upper bound of all kept renders together (bytes of their HTML, counted as UTF-16 length). */
export const MEMBER_PAGES_MAX_BYTES = 24 * 1024 * 1024;

/** The pages the shared render serves (the route table's paths, SPEC §2). */
const PAGE_PATHS = /^\/(?:forum\/?)?$|^\/forum\/(?:kategori\/[^/]+(?:\/trad\/[^/]+)?|profil\/[^/]+|sok|notifications)\/?$/;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?borssnack\.session_token=/;
const FLASH_OR_FRESH = new RegExp(`(?:^|;\\s*)(?:borssnack_flash|${FRESH_COOKIE})=`);

/** A generic render and where its personal parts are. */
interface Entry {
  at: number;
  /** The page as UTF-8; every position below is a byte offset into it. */
  body: Buffer;
  nonce: string;
  headers: Array<[string, string]>;
  /** Null: the page is not one the shared render serves (answered the normal way). */
  manifest: PageManifest | null;
  layout?: Layout;
}

/** What an answer puts in place of a fixed region: parts every answer has. */
type FixedKind = "nonce" | "key" | "avatar" | "nickname" | "overlay" | "notifications";

/** The notifications page's empty list place in a generic render (app/routes/notifications.tsx). */
const NOTIFICATIONS_PLACE = '<div hidden="" data-personal="notifications"></div>';

/**
 * The page cut into segments for gzip (server/cache/gzip-pieces.ts): every region every answer
 * replaces (nonce, comment key, header avatar and nickname, the overlay script's place) is a
 * segment of its own, the rest is cut about every {@link SEGMENT_BYTES} after a tag; a member's
 * reactions and saves change only the segments they fall in.
 */
interface Segment {
  start: number;
  end: number;
  fixed?: FixedKind;
  /** Deflated once, at the first gzip answer that uses it unchanged. */
  piece?: DeflatedPiece;
}

/** Positions in an entry's body, found once per render. */
interface Layout {
  segments: Segment[];
  /** Per post key: the `aria-pressed="false"` of each reaction chip, in `REACTION_TYPES` order. */
  chips: Map<string, number[]>;
  /** Per post key: the end of its reaction form (after `</form>`), where an author's hint goes. */
  reactionFormEnd: Map<string, number>;
  /** Per post key: the 'Anmäl' button in its actions (start, end), replaced on the member's own posts. */
  actions: Map<string, { start: number; end: number }>;
  /** Per post key: the save button's `value="save"`, `aria-pressed`, icon and label. */
  saves: Map<string, ToggleAt>;
  subscribe?: ToggleAt;
  /** The profile's 'Följ' button: its variant classes, `aria-pressed` and label. */
  follow?: { classes: number; pressed: number; label: number };
}

/** Where a toggle's four differences are. */
interface ToggleAt {
  value: number;
  pressed: number;
  icon: number;
  label: number;
}

/** One replacement: `length` bytes at `at` become `text`. */
interface Edit {
  at: number;
  length: number;
  text: Buffer;
}

/** About how long a segment without a fixed region is (bytes). */
const SEGMENT_BYTES = 16 * 1024;
const PRESSED_FALSE = 'aria-pressed="false"';
const PRESSED_TRUE = Buffer.from('aria-pressed="true"');

/** React's escaping of text and attribute values (react-dom `escapeTextForBrowser`). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
}

/** Every byte offset of `needle` in `body` from `from` up to `to`. */
function allIndexes(body: Buffer, needle: string, from = 0, to = body.length): number[] {
  const found: number[] = [];
  if (!needle) return found;
  const bytes = Buffer.from(needle);
  for (let at = body.indexOf(bytes, from); at >= 0 && at < to; at = body.indexOf(bytes, at + bytes.length)) found.push(at);
  return found;
}

/** The toggle's differences inside the form that starts at `from`. */
function toggleAt(body: Buffer, from: number, value: string, icon: string, label: string): ToggleAt | undefined {
  const end = body.indexOf("</form>", from);
  const find = (needle: string) => {
    const at = body.indexOf(needle, from);
    return at >= 0 && at < end ? at : -1;
  };
  const at = { value: find(`value="${value}"`), pressed: find(PRESSED_FALSE), icon: find(`href="#icon-${icon}"`), label: find(`${escapeHtml(label)}</button>`) };
  return Object.values(at).every((i) => i >= 0) ? at : undefined;
}

/** The key attribute's value after `at` (`data-reactions="thread:…"`). */
function attributeValue(body: Buffer, at: number): string {
  return body.toString("latin1", at, body.indexOf('"', at));
}

/**
 * Finds the personal parts of a generic render.
 *
 * @param body the generic render (UTF-8)
 * @param nonce its CSP nonce ("" without CSP)
 * @param manifest what its loader reported
 * @param followClasses the follow button's variant classes off and on
 * @returns the {@link Layout}, or null when the header's avatar or `</head>` is missing
 */
function layoutOf(body: Buffer, nonce: string, manifest: PageManifest, followClasses: readonly [string, string]): Layout | null {
  const fixed: Array<{ start: number; end: number; kind: FixedKind }> = [];
  for (const at of allIndexes(body, nonce)) fixed.push({ start: at, end: at + Buffer.byteLength(nonce), kind: "nonce" });
  if (manifest.kind === "thread") for (const at of allIndexes(body, manifest.submitKey)) fixed.push({ start: at, end: at + manifest.submitKey.length, kind: "key" });
  const headEnd = body.indexOf("</head>");
  const avatarOpen = 'data-personal="avatar">';
  const nicknameOpen = 'data-personal="nickname">';
  const avatarAt = body.indexOf(avatarOpen);
  const nicknameAt = avatarAt >= 0 ? body.indexOf(nicknameOpen, avatarAt) : -1;
  if (headEnd < 0 || avatarAt < 0 || nicknameAt < 0) return null;
  const avatarStart = avatarAt + avatarOpen.length;
  // The avatar span's content ends where the nickname span begins: `…</span><span class=… data-personal="nickname">`.
  const avatarEnd = body.lastIndexOf("</span><span", nicknameAt);
  const nicknameStart = nicknameAt + nicknameOpen.length;
  const nicknameEnd = body.indexOf("</span>", nicknameStart);
  if (avatarEnd < avatarStart || nicknameEnd < nicknameStart) return null;
  fixed.push({ start: headEnd, end: headEnd, kind: "overlay" });
  if (manifest.kind === "notifications") {
    const place = body.indexOf(NOTIFICATIONS_PLACE);
    if (place < 0) return null;
    fixed.push({ start: place, end: place + NOTIFICATIONS_PLACE.length, kind: "notifications" });
  }
  fixed.push({ start: avatarStart, end: avatarEnd, kind: "avatar" });
  fixed.push({ start: nicknameStart, end: nicknameEnd, kind: "nickname" });
  fixed.sort((a, b) => a.start - b.start);

  const segments: Segment[] = [];
  let from = 0;
  const plain = (to: number) => {
    while (from < to) {
      // Cut after a tag's '>' about every SEGMENT_BYTES: never inside an attribute a member's
      // state changes.
      const near = from + SEGMENT_BYTES;
      const cut = near >= to ? to : body.indexOf(">", near) + 1;
      const end = cut <= 0 || cut > to ? to : cut;
      segments.push({ start: from, end });
      from = end;
    }
  };
  for (const region of fixed) {
    plain(region.start);
    segments.push({ start: region.start, end: region.end, fixed: region.kind });
    from = region.end;
  }
  plain(body.length);

  const layout: Layout = { segments, chips: new Map(), reactionFormEnd: new Map(), actions: new Map(), saves: new Map() };
  if (manifest.kind === "thread") {
    for (const at of allIndexes(body, 'data-reactions="')) {
      const keyStart = at + 'data-reactions="'.length;
      const formEnd = body.indexOf("</form>", keyStart);
      const chips = allIndexes(body, PRESSED_FALSE, keyStart, formEnd);
      const key = attributeValue(body, keyStart);
      if (chips.length === REACTION_TYPES.length) {
        layout.chips.set(key, chips);
        layout.reactionFormEnd.set(key, formEnd + "</form>".length);
      }
    }
    for (const at of allIndexes(body, 'data-actions="')) {
      const keyStart = at + 'data-actions="'.length;
      const start = body.indexOf(">", keyStart) + 1;
      const end = body.indexOf("</div>", start);
      // Another member's post: just 'Anmäl' (no menu, no nested element of the same kind).
      if (body.indexOf("<div", start) === -1 || body.indexOf("<div", start) > end) layout.actions.set(attributeValue(body, keyStart), { start, end });
    }
    for (const at of allIndexes(body, 'data-save="')) {
      const keyStart = at + 'data-save="'.length;
      const toggle = toggleAt(body, keyStart, "save", "bookmark", bm.save);
      if (toggle) layout.saves.set(attributeValue(body, keyStart), toggle);
    }
    const subscribeAt = body.indexOf("data-subscribe=");
    if (subscribeAt >= 0) layout.subscribe = toggleAt(body, subscribeAt, "subscribe", "bell", tw.subscribe);
  }
  if (manifest.kind === "profile") {
    const anchor = body.indexOf('data-follow=""');
    const start = anchor >= 0 ? body.lastIndexOf("<button", anchor) : -1;
    const tagEnd = anchor >= 0 ? body.indexOf(">", anchor) : -1;
    if (start >= 0 && tagEnd >= 0) {
      const inTag = (at: number) => (at > start && at < tagEnd ? at : -1);
      const classes = inTag(body.indexOf(followClasses[0], start));
      const pressed = inTag(body.indexOf(PRESSED_FALSE, start));
      const label = body.indexOf(`>${escapeHtml(p.follow)}</button>`, tagEnd) === tagEnd ? tagEnd + 1 : -1;
      if (classes >= 0 && pressed >= 0 && label >= 0) layout.follow = { classes, pressed, label };
    }
  }
  return layout;
}

/** Edits that turn a generic toggle into its "on" state. */
function toggleOn(at: ToggleAt, value: [string, string], icon: [string, string], label: [string, string]): Edit[] {
  const edit = (pos: number, from: string, to: string): Edit => ({ at: pos, length: Buffer.byteLength(from), text: Buffer.from(to) });
  return [
    edit(at.value, `value="${value[0]}"`, `value="${value[1]}"`),
    { at: at.pressed, length: PRESSED_FALSE.length, text: PRESSED_TRUE },
    edit(at.icon, `href="#icon-${icon[0]}"`, `href="#icon-${icon[1]}"`),
    edit(at.label, escapeHtml(label[0]), escapeHtml(label[1])),
  ];
}

/** JSON made safe inside `<script>` (`<`, `>`, `&`, U+2028, U+2029 as `\\u` escapes). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * The overlay as an inline script, in parts: the notifications' JSON (when there are any) is
 * `notificationsJson`, given apart so that a kept one goes out as it is (the same JSON as one
 * `JSON.stringify` of the whole overlay, the key last).
 */
function overlayScriptParts(overlay: PersonalOverlay, nonce: string, notificationsJson: Part | null): Part[] {
  const { notifications, ...rest } = overlay;
  const open = `<script${nonce ? ` nonce="${nonce}"` : ""}>window.${OVERLAY_GLOBAL}=`;
  const json = scriptJson(rest);
  if (!notifications || !notificationsJson) return [{ raw: Buffer.from(`${open}${json}</script>`) }];
  return [{ raw: Buffer.from(`${open}${json.slice(0, -1)},"notifications":`) }, notificationsJson, { raw: Buffer.from("}</script>") }];
}

/** Bytes of an answer, and when they are the same in many answers, their deflated copy once made. */
interface Part {
  raw: Buffer;
  /**
   * Kept bytes (a segment of the render, a member's list): deflated once, at the first gzip answer,
   * at `level` (zlib 1..9, default 6).
   */
  kept?: { piece?: DeflatedPiece; level?: number };
}

/** A member's notification list as the answers set it, made once per list read (see {@link createMemberPages}). */
interface ListParts {
  /** The list's markup (`renderNotificationList`). */
  html: Part;
  /** The items as the overlay's JSON. */
  json: Part;
}

/** A member's answer: the page's segments, each kept or made for this answer. */
export interface PersonalPage {
  /** The segments' bytes in order, and for each whether it is kept (deflated once) or new. */
  parts: Part[];
}

/**
 * The member's page: a generic render with the member's parts set.
 *
 * @param body the generic render
 * @param layout its {@link Layout}
 * @param nonce this answer's CSP nonce (replaces the render's)
 * @param overlay the member's parts
 * @param avatarMarkup the member's header avatar as React renders it
 * @param followClasses the follow button's variant classes off and on
 * @param ownActions the actions of a member's own post as React renders them
 * @param notificationList the notifications page's list for given items as React renders it
 * @param listParts the list's markup and JSON for given items (default: made for this answer from
 *   `notificationList`); the shared render passes parts kept per read
 * @returns the parts, or null when a part the overlay needs is not in the markup (the caller then
 *   renders the page for the member the normal way)
 */
export function personalizePage(
  body: Buffer,
  layout: Layout,
  nonce: string,
  overlay: PersonalOverlay,
  avatarMarkup: string,
  followClasses: readonly [string, string],
  ownActions: string,
  notificationList: (items: NotificationItem[]) => string = () => "",
  listParts: (items: NotificationItem[]) => ListParts = (items) => ({
    html: { raw: Buffer.from(notificationList(items)) },
    json: { raw: Buffer.from(scriptJson(items)) },
  }),
): PersonalPage | null {
  const edits: Edit[] = [];
  if (overlay.profile?.following) {
    if (!layout.follow) return null;
    const { classes, pressed, label } = layout.follow;
    edits.push(
      { at: classes, length: Buffer.byteLength(followClasses[0]), text: Buffer.from(followClasses[1]) },
      { at: pressed, length: PRESSED_FALSE.length, text: PRESSED_TRUE },
      { at: label, length: Buffer.byteLength(escapeHtml(p.follow)), text: Buffer.from(escapeHtml(p.unfollow)) },
    );
  }
  const thread = overlay.thread;
  if (thread) {
    const own = new Set(thread.own);
    for (const key of own) {
      // SPEC §5: never a reaction on one's own post: the chips disabled with the hint, and the
      // author's menu ('Redigera', 'Radera') instead of 'Anmäl'.
      const chips = layout.chips.get(key);
      const formEnd = layout.reactionFormEnd.get(key);
      const actions = layout.actions.get(key);
      if (!chips || formEnd === undefined || !actions) return null;
      const hintId = `reaction-hint-${key.replace(":", "-")}`;
      const mine = thread.reactions[key] ?? [];
      REACTION_TYPES.forEach((type, i) => {
        const generic = `${PRESSED_FALSE} title="${escapeHtml(r.labels[type])}" class="reaction-chip"`;
        const pressed = mine.includes(type) ? 'aria-pressed="true"' : PRESSED_FALSE;
        edits.push({
          at: chips[i]!,
          length: Buffer.byteLength(generic),
          text: Buffer.from(`disabled="" ${pressed} aria-describedby="${hintId}" title="${escapeHtml(r.ownContent)}" class="reaction-chip opacity-60"`),
        });
      });
      edits.push({ at: formEnd, length: 0, text: Buffer.from(`<span id="${hintId}" class="text-xs text-slate-500">${escapeHtml(r.ownContent)}</span>`) });
      edits.push({ at: actions.start, length: actions.end - actions.start, text: Buffer.from(ownActions) });
    }
    for (const [key, types] of Object.entries(thread.reactions)) {
      if (own.has(key)) continue;
      const chips = layout.chips.get(key);
      if (!chips) return null;
      for (const type of types) edits.push({ at: chips[REACTION_TYPES.indexOf(type)]!, length: PRESSED_FALSE.length, text: PRESSED_TRUE });
    }
    for (const key of thread.saved) {
      const save = layout.saves.get(key);
      if (!save) return null;
      edits.push(...toggleOn(save, ["save", "unsave"], ["bookmark", "bookmark-check"], [bm.save, bm.saved]));
    }
    if (thread.subscribed) {
      if (!layout.subscribe) return null;
      edits.push(...toggleOn(layout.subscribe, ["subscribe", "unsubscribe"], ["bell", "bell-off"], [tw.subscribe, tw.unsubscribe]));
    }
  }
  edits.sort((a, b) => a.at - b.at);
  const list = overlay.notifications ? listParts(overlay.notifications) : null;
  const one = (text: string): Part[] => [{ raw: Buffer.from(text) }];
  const fixedText: Record<FixedKind, Part[] | null> = {
    nonce: nonce ? one(nonce) : null,
    key: thread ? one(thread.submitKey) : null,
    avatar: one(avatarMarkup),
    nickname: one(escapeHtml(overlay.viewer.nickname)),
    overlay: overlayScriptParts(overlay, nonce, list?.json ?? null),
    notifications: list ? [list.html] : null,
  };
  const parts: PersonalPage["parts"] = [];
  let next = 0;
  for (const segment of layout.segments) {
    if (segment.fixed) {
      const text = fixedText[segment.fixed];
      if (text) parts.push(...text);
      else parts.push({ raw: body.subarray(segment.start, segment.end), kept: segment });
      continue;
    }
    if (next >= edits.length || edits[next]!.at >= segment.end) {
      parts.push({ raw: body.subarray(segment.start, segment.end), kept: segment });
      continue;
    }
    const pieces: Buffer[] = [];
    let from = segment.start;
    while (next < edits.length && edits[next]!.at < segment.end) {
      const edit = edits[next]!;
      pieces.push(body.subarray(from, edit.at), edit.text);
      from = edit.at + edit.length;
      next += 1;
    }
    pieces.push(body.subarray(from, segment.end));
    parts.push({ raw: Buffer.concat(pieces) });
  }
  return { parts };
}

/**
 * The answer's body: gzip from the kept pieces and the new ones (small ones as stored blocks,
 * edited segments deflated at level 1), or the plain bytes.
 *
 * @param page from {@link personalizePage}
 * @param gzip whether the client takes gzip
 * @returns the body
 */
function bodyOf(page: PersonalPage, gzip: boolean): Buffer {
  if (!gzip) return Buffer.concat(page.parts.map((part) => part.raw));
  const fresh = new Map<Buffer, DeflatedPiece>();
  return gzipOfPieces(
    page.parts.map((part) => {
      if (part.kept) return (part.kept.piece ??= deflatePiece(part.raw, part.kept.level));
      let piece = fresh.get(part.raw);
      if (!piece) fresh.set(part.raw, (piece = freshPiece(part.raw)));
      return piece;
    }),
  );
}

/** What the shared member render needs from the application. */
export interface MemberPagesOptions {
  /** React Router's handler for a Fetch request, with the CSP nonce the render is to carry. */
  render: (request: globalThis.Request, nonce: string) => Promise<globalThis.Response>;
  /** The member of a request's session cookie, or null (server/session.ts `viewerFromHeaders`). */
  viewer: (cookie: string) => Promise<Viewer | null>;
  /**
   * The member's overlay for a page, or null when the page is to be rendered for them alone
   * (server/personal/page-overlay.ts `pageOverlay`). `rendered`: the generic render was made for
   * this request (it started it or waited for the one in flight), not kept from an earlier one.
   */
  overlay: (viewer: Viewer, manifest: PageManifest, ip: string, rendered: boolean) => Promise<Omit<PersonalOverlay, "viewer"> | null>;
  /** The header avatar markup (the build's server entry renders it with React). */
  avatarMarkup: (viewer: OverlayViewer) => string;
  /** The follow button's variant classes off and on (the build's server entry). */
  followClasses: readonly [string, string];
  /** The actions of a member's own post ('Åtgärder' menu, closed; the build's server entry). */
  ownActions: string;
  /** The notifications page's list for a member's items (the build's server entry). */
  notificationList?: (items: NotificationItem[]) => string;
  /** Clock for tests (default `Date.now`). */
  now?: () => number;
}

/** The shared member render: its middleware, and a way to empty it. */
export interface MemberPages {
  middleware: RequestHandler;
  /** Drops every kept render (called with the other caches on every write). */
  clear(): void;
  /** Renders kept, for tests. */
  size(): number;
}

/**
 * Creates the shared member render.
 *
 * @param options see {@link MemberPagesOptions}
 * @returns {@link MemberPages}
 */
export function createMemberPages(options: MemberPagesOptions): MemberPages {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({
    maxSize: MEMBER_PAGES_MAX_BYTES,
    // The body, and its deflated pieces once a gzip answer has made them (about a fifth).
    sizeCalculation: (entry) => Math.max(1, Math.round(entry.body.length * 1.25)),
  });
  const pending = new Map<string, Promise<Entry>>();
  let generation = 0;
  // A member's notification list as markup and JSON, once per list read: the member reads
  // (server/cache/member-reads.ts) hand out the same items array until a write, so the list is
  // rendered and deflated once for all the answers that show it, not for each (0.3 ms
  // of React and 0.15 ms of deflate per answer). Dropped with the items array.
  const lists = new WeakMap<NotificationItem[], ListParts>();
  const listParts = (items: NotificationItem[]): ListParts => {
    let made = lists.get(items);
    if (!made) {
      // Level 1, as a list made for one answer was: while writes keep emptying the member reads,
      // each list is used about once, and level 6 cost 0.37 ms more per 38 KB list for 7 % fewer bytes.
      made = { html: { raw: Buffer.from(notificationList(items)), kept: { level: 1 } }, json: { raw: Buffer.from(scriptJson(items)), kept: { level: 1 } } };
      lists.set(items, made);
    }
    return made;
  };
  const notificationList = options.notificationList ?? (() => "");

  const renderEntry = async (req: Request, key: string): Promise<Entry> => {
    const startedIn = generation;
    const { value, renderId } = genericRenderHeader();
    const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
    const theme = themeFromCookie(req.headers.cookie);
    const nonce = randomBytes(16).toString("base64");
    let response: globalThis.Response;
    let body: Buffer;
    let manifest: PageManifest | null;
    try {
      response = await options.render(
        new globalThis.Request(url, {
          headers: { accept: "text/html", cookie: `${THEME_COOKIE}=${theme}`, [GENERIC_RENDER_HEADER]: value },
        }),
        nonce,
      );
      body = Buffer.from(await response.arrayBuffer());
    } finally {
      // Taken also when the render failed, so a reported manifest never stays behind.
      manifest = takeManifest(renderId) ?? null;
    }
    const usable = response.status === 200 && !response.headers.has("set-cookie") && manifest !== null;
    const headers: Array<[string, string]> = [];
    response.headers.forEach((v, name) => {
      if (!/^(set-cookie|content-length|content-encoding|transfer-encoding|date|connection|keep-alive)$/i.test(name)) headers.push([name, v]);
    });
    const entry: Entry = { at: now(), body: usable ? body : Buffer.alloc(0), nonce, headers, manifest: usable ? manifest : null };
    if (startedIn === generation) entries.set(key, entry);
    return entry;
  };

  /** The kept render of `key` (`rendered` false), or the one made (or in flight) for this request. */
  const entryFor = async (req: Request, key: string): Promise<{ entry: Entry; rendered: boolean }> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < MEMBER_PAGES_TTL_MS) return { entry: hit, rendered: false };
    let render = pending.get(key);
    if (!render) {
      render = renderEntry(req, key).finally(() => pending.delete(key));
      pending.set(key, render);
    }
    return { entry: await render, rendered: true };
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const cookie = req.headers.cookie ?? "";
    // Not a client navigation's loader data (`….data`): that is the member's own.
    if (req.method !== "GET" || req.path.endsWith(".data") || !PAGE_PATHS.test(req.path) || !SESSION_COOKIE.test(cookie) || FLASH_OR_FRESH.test(cookie)) return next();
    void (async () => {
      const viewer = await options.viewer(cookie);
      if (!viewer) return false;
      const key = `${themeFromCookie(cookie)} ${req.originalUrl}`;
      const { entry, rendered } = await entryFor(req, key);
      if (!entry.manifest) return false;
      const personal = await options.overlay(viewer, entry.manifest, req.socket.remoteAddress ?? "", rendered);
      if (!personal) return false;
      const client = toClientViewer(viewer);
      const overlay: PersonalOverlay = { viewer: client, ...personal };
      if (entry.layout === undefined) entry.layout = layoutOf(entry.body, entry.nonce, entry.manifest, options.followClasses) ?? undefined;
      if (!entry.layout) return false;
      const page = personalizePage(entry.body, entry.layout, String(res.locals.cspNonce ?? ""), overlay, options.avatarMarkup(client), options.followClasses, options.ownActions, notificationList, listParts);
      if (page === null || res.headersSent) return false;
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("X-Cache", "SHARED");
      const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
      const body = bodyOf(page, gzip);
      if (gzip) {
        // Already encoded: the compression middleware leaves it alone.
        res.setHeader("Content-Encoding", "gzip");
        res.setHeader("Vary", "Accept-Encoding");
      }
      res.setHeader("Content-Length", body.length);
      res.status(200).end(body);
      return true;
    })().then(
      (served) => {
        if (!served) next();
      },
      // Anything unexpected (a database outage while reading the member's part): the normal
      // path answers, with its own error pages.
      (error: unknown) => {
        console.error("[medlemssidor] den delade sidan kunde inte användas:", error);
        if (!res.headersSent) next();
      },
    );
  };

  return {
    middleware,
    clear: () => {
      entries.clear();
      generation += 1;
    },
    size: () => entries.size,
  };
}
