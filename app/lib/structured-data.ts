/**
 * Structured data (schema.org JSON-LD) for search engines: the
 * thread page's `DiscussionForumPosting`, the profile's `ProfilePage` and the forum home's
 * `WebSite` with a `SearchAction`, and the one serializer that makes them safe to put inside a
 * `<script type="application/ld+json">` element. Pure: no DOM, no Node built-ins, no `server/`.
 * Rules in docs/decisions/036-structured-data.md.
 *
 * @module
 */
import type { AuthorView, CommentView, ProfileView } from "../../domain/views";
import { app, forum as f } from "../../domain/i18n/sv";

/** A JSON-LD node: a plain JSON object (strings, numbers, booleans, arrays, nested objects). */
export type JsonLdObject = { [key: string]: JsonLdValue };
/** Any JSON value a JSON-LD node may hold. */
export type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];

/** `<`, `>`, `&`, U+2028 and U+2029: the characters escaped in a JSON-LD script element. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * Serializes a JSON-LD node for the body of a `<script type="application/ld+json">` element
 * ("values are escaped so no text of a post can close the script element"):
 * `JSON.stringify`, then every `<`, `>`, `&`, U+2028 and U+2029 becomes its JSON escape
 * (`\u003c`, `\u003e`, `\u0026`, `\u2028`, `\u2029`). The result contains no `</script`, no
 * `<!--` and no `-->`, so an HTML parser ends the element only at the real closing tag, and
 * `JSON.parse` of the element's text gives back exactly `value`.
 *
 * @param value the JSON-LD node (plain JSON; no `undefined`, functions or cycles)
 * @returns the escaped JSON text, to be set as the script element's raw content
 * @throws TypeError from `JSON.stringify` for a cyclic value or a BigInt
 */
export function jsonLdScriptText(value: JsonLdObject): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * The absolute profile URL of a member: `<PUBLIC_URL>/@{nickname}`, the profile page's canonical
 * URL (`server/profiles/page.ts`).
 *
 * @param publicUrl `PUBLIC_URL` without a trailing slash, e.g. `https://borssnack.se`
 * @param nickname the member's nickname as stored
 * @returns e.g. `https://borssnack.se/@Anna`
 */
export function profileUrl(publicUrl: string, nickname: string): string {
  return `${publicUrl}/@${encodeURIComponent(nickname)}`;
}

/** schema.org `Person` for a post's author; a deleted account is a `Person` named 'Okänd' without URL. */
function person(publicUrl: string, author: AuthorView | null): JsonLdObject {
  if (!author) return { "@type": "Person", name: f.unknownAuthor };
  return { "@type": "Person", name: author.nickname, url: profileUrl(publicUrl, author.nickname) };
}

/** One `InteractionCounter`, e.g. `LikeAction` × 3. */
function counter(action: "CommentAction" | "LikeAction" | "WriteAction" | "FollowAction", count: number): JsonLdObject {
  return { "@type": "InteractionCounter", interactionType: `https://schema.org/${action}`, userInteractionCount: count };
}

/** What {@link threadJsonLd} reads: the thread page's loader data, as far as it matters here. */
export interface ThreadJsonLdInput {
  /** `PUBLIC_URL` without a trailing slash. */
  publicUrl: string;
  /** Absolute URL of the thread's first page (its canonical URL without `?sida`). */
  threadUrl: string;
  /** Absolute URL of the page shown (the first page, or `…?sida=N`); comment URLs hang off it. */
  pageUrl: string;
  thread: {
    id: string;
    title: string;
    /** ISO 8601 times. */
    createdAt: string;
    editedAt: string | null;
    commentsCount: number;
    reactionsCount: number;
    author: AuthorView | null;
  };
  category: { name: string };
  /** This page's top-level comments, each with its replies (`replies` may be absent on replies). */
  comments: (Omit<CommentView, "replies" | "reactions" | "stances"> & { replies?: Omit<CommentView, "replies" | "reactions" | "stances">[] })[];
  /**
   * The plain text of the thread and of each comment, by id: the loader's `plainTexts`
   * (`plainExcerpt` in server/content/excerpt.ts: no Markdown, quotes and images dropped). A post
   * without an entry has the text `""`.
   */
  texts: Readonly<Record<string, string>>;
}

/**
 * The thread page's `DiscussionForumPosting` (Google's "Discussion forum" structured
 * data): `headline` (title), `text` (plain text of the post, from `texts`), `url` (the first page: one
 * discussion however many comment pages it has), `author` (`Person` with the absolute profile
 * URL), `datePublished`, `dateModified` only when edited, `interactionStatistic` (`CommentAction`
 * = comments and replies, `LikeAction` = reactions on the post), `articleSection` (category) and
 * `comment`: this page's comments and their replies in page order as `Comment` items (author,
 * datePublished, dateModified when edited, text, url `pageUrl#comment-{id}`, reactions).
 *
 * @param input see {@link ThreadJsonLdInput}
 * @returns the JSON-LD node, `@context` included
 */
export function threadJsonLd(input: ThreadJsonLdInput): JsonLdObject {
  const { publicUrl, thread } = input;
  const flat = input.comments.flatMap((c) => [c, ...(c.replies ?? [])]);
  return {
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    headline: thread.title,
    text: input.texts[thread.id] ?? "",
    url: input.threadUrl,
    mainEntityOfPage: input.pageUrl,
    author: person(publicUrl, thread.author),
    datePublished: thread.createdAt,
    ...(thread.editedAt ? { dateModified: thread.editedAt } : {}),
    articleSection: input.category.name,
    interactionStatistic: [counter("CommentAction", thread.commentsCount), counter("LikeAction", thread.reactionsCount)],
    comment: flat.map(
      (c): JsonLdObject => ({
        "@type": "Comment",
        url: `${input.pageUrl}#comment-${c.id}`,
        author: person(publicUrl, c.author),
        datePublished: c.createdAt,
        ...(c.editedAt ? { dateModified: c.editedAt } : {}),
        text: input.texts[c.id] ?? "",
        interactionStatistic: [counter("LikeAction", c.reactionsCount)],
      }),
    ),
  };
}

/**
 * The profile page's `ProfilePage` (Google's "Profile page" structured data):
 * `mainEntity` is the member as a `Person` (name = nickname, `url` = the profile's canonical
 * URL, `description` = the bio's plain text, `image` = avatar URL made absolute against `url`) with
 * `agentInteractionStatistic` `WriteAction` = threads + comments written and
 * `interactionStatistic` `FollowAction` = followers; `dateCreated` = joining time.
 *
 * @param profile the profile shown ({@link ProfileView}; only public fields are read)
 * @param url the profile page's canonical absolute URL
 * @param bioText the bio's plain-text excerpt (the page data's `bioText`, from `plainExcerpt` in
 *   server/content/excerpt.ts); `""` leaves `description` out
 * @returns the JSON-LD node, `@context` included
 */
export function profileJsonLd(
  profile: Pick<ProfileView, "nickname" | "avatarUrl" | "createdAt" | "threadsCount" | "commentsCount" | "followersCount">,
  url: string,
  bioText: string,
): JsonLdObject {
  const image = profile.avatarUrl ? new URL(profile.avatarUrl, url).href : null;
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url,
    dateCreated: profile.createdAt,
    mainEntity: {
      "@type": "Person",
      name: profile.nickname,
      alternateName: `@${profile.nickname}`,
      url,
      ...(bioText ? { description: bioText } : {}),
      ...(image ? { image } : {}),
      agentInteractionStatistic: counter("WriteAction", profile.threadsCount + profile.commentsCount),
      interactionStatistic: counter("FollowAction", profile.followersCount),
    },
  };
}

/**
 * The forum home's `WebSite` with a `SearchAction`: `url` `<PUBLIC_URL>/forum`, and
 * `potentialAction.target` `<PUBLIC_URL>/forum/sok?q={search_term_string}` (the search page).
 *
 * @param publicUrl `PUBLIC_URL` without a trailing slash
 * @returns the JSON-LD node, `@context` included
 */
export function websiteJsonLd(publicUrl: string): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: app.name,
    description: app.description,
    url: `${publicUrl}/forum`,
    inLanguage: "sv-SE",
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${publicUrl}/forum/sok?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}
