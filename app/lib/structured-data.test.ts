/**
 * The JSON-LD serializer and builders: text of a post can never close
 * the script element (checked with a real HTML parser, htmlparser2), the parsed JSON is the value
 * put in, and the nodes carry the properties Google's forum and profile structured data ask for.
 */
import { parseDocument, DomUtils } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { jsonLdScriptText, profileJsonLd, threadJsonLd, websiteJsonLd } from "./structured-data";

const HOSTILE = "</script><script>alert(1)</script><!-- <script> --> & \u2028\u2029 </SCRIPT >";

/** Scripts of the document as an HTML parser sees them. */
function scripts(html: string) {
  return DomUtils.getElementsByTagName("script", parseDocument(html).children);
}

describe("jsonLdScriptText", () => {
  it("escapes <, >, &, U+2028 and U+2029, so the element holds exactly one JSON text", () => {
    const value = { "@type": "Comment", text: HOSTILE, nested: [{ headline: HOSTILE }] };
    const text = jsonLdScriptText(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain("\\u003c/script\\u003e");
    const html = `<html><head><script type="application/ld+json">${text}</script></head><body><p>efter</p></body></html>`;
    const found = scripts(html);
    expect(found).toHaveLength(1);
    expect(JSON.parse(DomUtils.textContent(found[0]!))).toEqual(value);
  });

  it("without the escaping the same text would break out (the test can tell)", () => {
    const html = `<script type="application/ld+json">${JSON.stringify({ text: HOSTILE })}</script>`;
    expect(scripts(html).length).toBeGreaterThan(1);
  });
});

const author = { id: "a1", nickname: "Anna Ö", avatarUrl: null, edgeLevel: 0, roleId: "member" };

describe("threadJsonLd", () => {
  const base = {
    publicUrl: "https://borssnack.se",
    threadUrl: "https://borssnack.se/forum/kategori/c/trad/t",
    pageUrl: "https://borssnack.se/forum/kategori/c/trad/t?sida=2",
    category: { name: "Aktier" },
    thread: { id: "t", title: "Rubrik", createdAt: "2026-01-02T03:04:05.000Z", editedAt: null, commentsCount: 3, reactionsCount: 7, author },
    comments: [
      {
        id: "k1", parentId: null, body: "k", bodyHtml: "<p>Svar</p>", createdAt: "2026-01-03T00:00:00.000Z", editedAt: "2026-01-04T00:00:00.000Z",
        repliesCount: 1, reactionsCount: 2, author: null,
        replies: [{ id: "k2", parentId: "k1", body: "r", bodyHtml: "<p>Reply</p>", createdAt: "2026-01-05T00:00:00.000Z", editedAt: null, repliesCount: 0, reactionsCount: 0, author }],
      },
    ],
    // The loader's plain texts (server/content/excerpt.ts), by id; k2 has none.
    texts: { t: "Brödtext", k1: "Svar" },
  };

  it("has headline, text, url, author Person with the profile URL, dates, counters and the page's comments", () => {
    const ld = threadJsonLd(base);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "DiscussionForumPosting",
      headline: "Rubrik",
      text: "Brödtext",
      url: base.threadUrl,
      author: { "@type": "Person", name: "Anna Ö", url: "https://borssnack.se/@Anna%20%C3%96" },
      datePublished: "2026-01-02T03:04:05.000Z",
      interactionStatistic: [
        { "@type": "InteractionCounter", interactionType: "https://schema.org/CommentAction", userInteractionCount: 3 },
        { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: 7 },
      ],
    });
    expect(ld).not.toHaveProperty("dateModified");
    const comments = ld.comment as Record<string, unknown>[];
    expect(comments.map((c) => c.url)).toEqual([`${base.pageUrl}#comment-k1`, `${base.pageUrl}#comment-k2`]);
    expect(comments[0]).toMatchObject({ "@type": "Comment", text: "Svar", datePublished: "2026-01-03T00:00:00.000Z", dateModified: "2026-01-04T00:00:00.000Z", author: { "@type": "Person", name: "Okänd" } });
    expect(comments[1]).toMatchObject({ author: { name: "Anna Ö" }, text: "" });
  });

  it("has dateModified when the post was edited", () => {
    expect(threadJsonLd({ ...base, thread: { ...base.thread, editedAt: "2026-02-01T00:00:00.000Z" } }).dateModified).toBe("2026-02-01T00:00:00.000Z");
  });
});

describe("profileJsonLd and websiteJsonLd", () => {
  it("ProfilePage with the member as its Person", () => {
    const ld = profileJsonLd(
      { nickname: "Anna", avatarUrl: "/uploads/a.webp", createdAt: "2025-01-01T00:00:00.000Z", threadsCount: 2, commentsCount: 3, followersCount: 4 },
      "https://borssnack.se/@Anna",
      "Långsiktig",
    );
    expect(ld).toMatchObject({
      "@type": "ProfilePage",
      mainEntity: {
        "@type": "Person", name: "Anna", url: "https://borssnack.se/@Anna", description: "Långsiktig", image: "https://borssnack.se/uploads/a.webp",
        agentInteractionStatistic: { interactionType: "https://schema.org/WriteAction", userInteractionCount: 5 },
        interactionStatistic: { interactionType: "https://schema.org/FollowAction", userInteractionCount: 4 },
      },
    });
  });
  it("WebSite with a SearchAction on /forum/sok?q=", () => {
    expect(websiteJsonLd("https://borssnack.se")).toMatchObject({
      "@type": "WebSite",
      url: "https://borssnack.se/forum",
      potentialAction: { "@type": "SearchAction", target: { urlTemplate: "https://borssnack.se/forum/sok?q={search_term_string}" }, "query-input": "required name=search_term_string" },
    });
  });
});
