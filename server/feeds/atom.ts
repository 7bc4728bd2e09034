/**
 * Atom 1.0 documents for the forum's feeds, written with the `feed` package,
 * and the HTTP answer that carries them (`application/atom+xml; charset=utf-8`, public cache
 * headers, an ETag answered with 304). Rules in docs/decisions/035-feeds.md.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { Feed } from "feed";
import sanitizeHtml from "sanitize-html";
import { app, feeds as fd, forum as f } from "../../domain/i18n/sv";
import { commentPath, profilePath, threadPath } from "../../domain/paths";
import { ALLOWED_ATTRIBUTES, ALLOWED_SCHEMES, ALLOWED_TAGS } from "../content/cook";
import { FEED_SUMMARY_CHARS, plainExcerpt } from "../content/excerpt";
import type { FeedPost } from "./queries";

/** Seconds a feed reader or proxy may keep a feed (cache headers). */
export const FEED_MAX_AGE_S = 300;

/** What a feed is about: its titles and where it lives. */
export interface FeedHead {
  /** Swedish feed title (catalogue `feeds`). */
  title: string;
  /** Swedish subtitle (catalogue `feeds`). */
  subtitle: string;
  /** Path of the HTML page the feed follows, e.g. `/forum/kategori/{id}`. */
  pagePath: string;
  /** Path of the feed itself, e.g. `/forum/kategori/{id}/feed.atom`. */
  feedPath: string;
}

/** Characters XML 1.0 does not allow anywhere (a post could hold them). */
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for an element the `feed` package writes as `type="html"` CDATA: escaped and CDATA-safe. */
function htmlText(text: string): string {
  return cdataSafe(
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;"),
  );
}

/** Plain text for an element the `feed` package escapes itself: only XML-invalid characters go. */
function xmlText(text: string): string {
  return text.replace(XML_INVALID, "");
}

/** Removes XML-invalid characters and splits `]]>` so it cannot end the CDATA section early. */
function cdataSafe(html: string): string {
  return html.replace(XML_INVALID, "").replace(/\]\]>/g, "]]&gt;");
}

/**
 * The cooked HTML of a post with its own links and images made absolute on `PUBLIC_URL`
 * (`/forum/aktie/X` → `https://…/forum/aktie/X`; `#x` → the post's page URL + `#x`), since a feed
 * reader shows it away from the site. Passed through the cooker's allow-lists again;
 * everything else is kept as stored.
 *
 * @param html stored, already sanitised `body_html`
 * @param publicUrl `PUBLIC_URL` without a trailing slash
 * @param pageUrl absolute URL of the post's page, for fragment-only links
 * @returns HTML with absolute `href`/`src` values
 */
export function absoluteHtml(html: string, publicUrl: string, pageUrl: string): string {
  const absolute = (value: string | undefined) => {
    if (!value) return value;
    if (/^\/(?![/\\])/.test(value)) return `${publicUrl}${value}`;
    if (value.startsWith("#")) return `${pageUrl.replace(/#.*$/, "")}${value}`;
    return value;
  };
  // The cooker's own allow-lists (defence in depth: stored HTML is already sanitised), with images
  // now allowed on absolute http(s) URLs.
  return sanitizeHtml(html, {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: [...ALLOWED_SCHEMES],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowedSchemesAppliedToAttributes: ["href", "src"],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...(attribs.href ? { href: absolute(attribs.href)! } : {}) } }),
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...(attribs.src ? { src: absolute(attribs.src)! } : {}) } }),
    },
  });
}

/**
 * An entry's title: the thread title for a thread, 'Kommentar av @nick i "…"' for a comment.
 */
export function entryTitle(post: FeedPost): string {
  if (post.kind === "thread") return post.threadTitle;
  return post.authorNickname
    ? fd.commentEntry(post.authorNickname, post.threadTitle)
    : fd.commentEntryNoAuthor(post.threadTitle);
}

/**
 * The Atom document of a feed.
 *
 * Each entry: `id` = the post's permanent URL (`/forum/post/{threadId}` or
 * `/forum/kommentar/{commentId}`, absolute), `title` ({@link entryTitle}), `link` = the thread page
 * (with `#comment-{id}` for a comment), `author` = nickname with `uri` = the profile URL ('Okänd'
 * without uri for a deleted account), `published` = created, `updated` = last edit or created,
 * `summary type="html"` = the post's plain-text excerpt (`plainExcerpt`, {@link FEED_SUMMARY_CHARS}
 * characters; left out when the post has no text, e.g. only an image), `content type="html"` =
 * the cooked HTML with absolute links ({@link absoluteHtml}). Entries keep
 * the order given (newest first). The feed's `updated` is the newest entry's, or the Unix epoch for
 * an empty feed, so the same data always gives the same bytes (and the same ETag).
 *
 * @param head feed title, subtitle and paths
 * @param posts entries, newest first
 * @param publicUrl `PUBLIC_URL` without a trailing slash
 * @returns the XML text
 */
export function atomFeed(head: FeedHead, posts: readonly FeedPost[], publicUrl: string): string {
  const updatedOf = (p: FeedPost) => p.editedAt ?? p.createdAt;
  const newest = posts.reduce<Date | null>((max, p) => (!max || updatedOf(p) > max ? updatedOf(p) : max), null);
  const feedUrl = `${publicUrl}${head.feedPath}`;
  const feed = new Feed({
    id: feedUrl,
    title: xmlText(head.title),
    description: xmlText(head.subtitle),
    link: `${publicUrl}${head.pagePath}`,
    feed: feedUrl,
    language: "sv",
    updated: newest ?? new Date(0),
    generator: app.name,
    favicon: `${publicUrl}/icons/icon-192.png`,
  });
  for (const post of posts) {
    const link = `${publicUrl}${threadPath(post.categoryId, post.threadId, post.threadTitle, post.kind === "comment" ? post.id : undefined)}`;
    const id = post.kind === "comment" ? `${publicUrl}${commentPath(post.id)}` : `${publicUrl}/forum/post/${post.threadId}`;
    const summary = plainExcerpt(post.body, FEED_SUMMARY_CHARS);
    feed.addItem({
      id,
      title: htmlText(entryTitle(post)),
      link,
      date: updatedOf(post),
      published: post.createdAt,
      ...(summary ? { description: htmlText(summary) } : {}),
      content: cdataSafe(absoluteHtml(post.bodyHtml, publicUrl, link)),
      author: [
        post.authorId && post.authorNickname
          ? { name: xmlText(post.authorNickname), link: `${publicUrl}${profilePath(post.authorId)}` }
          : { name: f.unknownAuthor },
      ],
    });
  }
  return feed.atom1();
}

/**
 * The HTTP answer for a feed: `200` with `Content-Type: application/atom+xml; charset=utf-8`,
 * `Cache-Control: public, max-age=300` ({@link FEED_MAX_AGE_S}) and a strong ETag (SHA-256 of
 * the body), or `304` without a body when the request's `If-None-Match` names that ETag.
 *
 * @param request the incoming request (only `If-None-Match` is read)
 * @param xml the Atom document
 * @returns the Response
 */
export function feedResponse(request: Request, xml: string): Response {
  const etag = `"${createHash("sha256").update(xml).digest("base64url").slice(0, 32)}"`;
  const headers = {
    "Content-Type": "application/atom+xml; charset=utf-8",
    "Cache-Control": `public, max-age=${FEED_MAX_AGE_S}`,
    ETag: etag,
  };
  const match = request.headers.get("if-none-match");
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(xml, { status: 200, headers });
}

/**
 * A feed's 404: the Swedish message as plain text (unknown category, thread or ticker).
 *
 * @param message the catalogue's not-found text
 */
export function feedNotFound(message: string): Response {
  return new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
