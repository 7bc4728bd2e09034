/**
 * Cooking: examples of the Markdown subset, mentions and cashtags, and
 * property tests (fast-check) that no input, however hostile, cooks into a script, an event
 * handler, a `javascript:`/`data:` URL or a tag outside the allow-list.
 */
import fc from "fast-check";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { MAX_POST_IMAGES, parsePostImageUrl } from "../../domain/uploads";
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, EXTERNAL_REL, cook, plainTextTickers, sanitizeCooked } from "./cook";

const KNOWN = new Set(["VOLV-B", "ERIC-B", "3KR", "INVE-B"]);
const isKnownTicker = (t: string) => KNOWN.has(t);
const html = (source: string) => cook(source, { isKnownTicker }).html;

/** Every tag with its attributes, as a browser-like parser sees the output. */
function tagsOf(output: string): Array<{ name: string; attribs: Record<string, string> }> {
  const tags: Array<{ name: string; attribs: Record<string, string> }> = [];
  const parser = new Parser(
    { onopentag: (name, attribs) => tags.push({ name, attribs }) },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(output);
  parser.end();
  return tags;
}

/** Problems found in cooked output; empty when it is safe. */
function unsafety(output: string): string[] {
  const problems: string[] = [];
  if (/<\s*script/i.test(output)) problems.push("<script in output");
  // Text never contains a raw `<` (it is escaped), so any `<…>` is a tag.
  // Quoted attribute values are text (an image's alt may read `" onerror="`, escaped as &quot;), so
  // they are blanked before looking for an `on…=` attribute name.
  const tags = output.match(/<[a-z][^>]*>/gi) ?? [];
  if (tags.some((tag) => /\son[a-z]+\s*=/i.test(tag.replace(/"[^"]*"|'[^']*'/g, '""')))) {
    problems.push("event handler attribute (raw)");
  }
  for (const { name, attribs } of tagsOf(output)) {
    if (!(ALLOWED_TAGS as readonly string[]).includes(name)) problems.push(`tag <${name}>`);
    const allowed = ALLOWED_ATTRIBUTES[name] ?? [];
    for (const [attr, value] of Object.entries(attribs)) {
      if (!allowed.includes(attr)) problems.push(`attribute ${attr} on <${name}>`);
      if (/^on/i.test(attr)) problems.push(`event handler ${attr}`);
      // What the browser would resolve: strip controls and whitespace before the scheme check.
      const url = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
      if (attr === "href" && /^(javascript|data|vbscript|file):/.test(url)) problems.push(`href ${value}`);
      if (attr === "href" && !/^(https?:\/\/|mailto:|\/(?![/\\])|#)/.test(url)) problems.push(`href scheme ${value}`);
      // Only the forum's own post images are shown.
      if (name === "img" && attr === "src" && !parsePostImageUrl(value)) problems.push(`img src ${value}`);
    }
  }
  return problems;
}

/** An own post image path of the shape the upload endpoint answers. */
const OWN = "/uploads/posts/AbCdEfGhIjKlMnOpQrStUv-1200x675.webp";

describe("images", () => {
  it("an own post image becomes a lazy <img> with its size, inside a link to the full size", () => {
    expect(html(`![graf](${OWN})`)).toBe(
      `<p><a href="${OWN}" class="post-image"><img src="${OWN}" alt="graf" width="1200" height="675" loading="lazy" decoding="async" /></a></p>`,
    );
  });

  it("a foreign image address becomes a plain link with the external rel, never an <img>", () => {
    const out = html("![kurs](https://evil.example/track.png)");
    expect(out).toBe(`<p><a href="https://evil.example/track.png" rel="${EXTERNAL_REL}" target="_blank">kurs</a></p>`);
    // Look-alikes of our path are foreign too: another host, another folder, a bad size, a query.
    for (const src of [
      `https://evil.example${OWN}`,
      `//evil.example${OWN}`,
      "/uploads/avatars/u1/AbCdEfGhIjKlMnOpQrStUv.webp",
      "/uploads/posts/AbCdEfGhIjKlMnOpQrStUv-9999x675.webp",
      `${OWN}?x=1`,
      `/uploads/posts/../avatars/AbCdEfGhIjKlMnOpQrStUv-10x10.webp`,
    ]) {
      expect(html(`![x](${src})`), src).not.toContain("<img");
    }
  });

  it("no other attribute survives on an image, whatever HTML reaches the sanitiser", () => {
    const out = sanitizeCooked(
      `<img src="${OWN}" alt="a" width="5000" height="1" onerror="alert(1)" style="x" class="y" srcset="https://e.x/a.png 2x" loading="eager">` +
        `<img src="https://evil.example/a.png" alt="b"><img src="data:image/png;base64,AAAA">`,
    );
    expect(out).toBe(`<img src="${OWN}" alt="a" width="1200" height="675" loading="lazy" decoding="async" />`);
  });

  it(`at most ${MAX_POST_IMAGES} images per post are shown; the rest become links`, () => {
    const out = html(Array.from({ length: MAX_POST_IMAGES + 2 }, () => `![b](${OWN})`).join("\n\n"));
    expect(out.match(/<img /g)).toHaveLength(MAX_POST_IMAGES);
  });

  it("an own image inside a link gets no link of its own (no nested links)", () => {
    const out = html(`[![g](${OWN})](https://x.se)`);
    expect(out.match(/<a /g)).toHaveLength(1);
    expect(out).toContain(`<img src="${OWN}"`);
  });
});

describe("Markdown subset", () => {
  it("emphasis, line breaks and paragraphs", () => {
    expect(html("**fet** och *kursiv*\nny rad\n\nnytt stycke")).toBe(
      "<p><strong>fet</strong> och <em>kursiv</em><br />\nny rad</p>\n<p>nytt stycke</p>",
    );
  });

  it("bullet and numbered lists", () => {
    expect(html("- ett\n- två")).toBe("<ul>\n<li>ett</li>\n<li>två</li>\n</ul>");
    expect(html("3. tre\n4. fyra")).toBe('<ol start="3">\n<li>tre</li>\n<li>fyra</li>\n</ol>');
  });

  it("quotes and code", () => {
    expect(html("> citat")).toBe("<blockquote>\n<p>citat</p>\n</blockquote>");
    expect(html("`x = 1`")).toBe("<p><code>x = 1</code></p>");
    expect(html("```\nkod\n```")).toBe("<pre><code>kod\n</code></pre>");
  });

  it("headings, rules, images and tables are not rendered as such", () => {
    const out = html("# Rubrik\n---\n![bild](https://exempel.se/a.png)\n|a|b|\n|-|-|");
    expect(out).not.toMatch(/<(h\d|hr|img|table)/);
    expect(out).toContain("# Rubrik");
  });

  it("code keeps @x and $X literal", () => {
    const cooked = cook("`@anna $VOLV-B`\n\n```\n@bertil $ERIC-B\n```\n\n    @indrag $INVE-B", { isKnownTicker });
    expect(cooked.html).toContain("<code>@anna $VOLV-B</code>");
    expect(cooked.html).toContain("@bertil $ERIC-B");
    expect(cooked.html).toContain("@indrag $INVE-B");
    expect(cooked.html).not.toContain("<a");
    expect(cooked.mentions).toEqual([]);
    expect(cooked.tickers).toEqual([]);
  });

  it("raw <script> is shown as text", () => {
    expect(html("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });

  it("<img onerror> is shown as text", () => {
    const out = html('<img src=x onerror="alert(1)">');
    expect(out).toBe('<p>&lt;img src=x onerror="alert(1)"&gt;</p>');
    expect(tagsOf(out).map((t) => t.name)).toEqual(["p"]);
  });

  it("[x](javascript:alert(1)) is not a link", () => {
    for (const src of ["[x](javascript:alert(1))", "[x](JavaScript:alert(1))", "[x](  javascript:alert(1))", "<javascript:alert(1)>"]) {
      const out = html(src);
      expect(out, src).not.toContain("<a");
      expect(unsafety(out), src).toEqual([]);
    }
  });

  it("data: and protocol-relative links are not links", () => {
    expect(html("[x](data:text/html;base64,PHNjcmlwdD4=)")).not.toContain("<a");
    expect(html("[x](//evil.example)")).toBe("<p>x</p>");
  });

  it("external links and autolinks get rel nofollow ugc noopener and open in a new tab", () => {
    expect(html("[Avanza](https://www.avanza.se)")).toBe(
      `<p><a href="https://www.avanza.se" rel="${EXTERNAL_REL}" target="_blank">Avanza</a></p>`,
    );
    expect(html("Se https://di.se/artikel")).toBe(
      `<p>Se <a href="https://di.se/artikel" rel="${EXTERNAL_REL}" target="_blank">https://di.se/artikel</a></p>`,
    );
    expect(html("www.avanza.se")).toContain(`href="http://www.avanza.se" rel="${EXTERNAL_REL}"`);
  });

  it("internal links get no nofollow", () => {
    expect(html("[regler](/forum/kategori/x)")).toBe('<p><a href="/forum/kategori/x">regler</a></p>');
  });
});

describe("mentions", () => {
  it("at the start, after a space and after punctuation", () => {
    const cooked = cook("@anna hej @Börs-Bertil, (@Aktie_Åsa)", { isKnownTicker });
    expect(cooked.html).toBe(
      '<p><a href="/@anna" class="mention" data-mention="anna">@anna</a> hej ' +
        '<a href="/@B%C3%B6rs-Bertil" class="mention" data-mention="Börs-Bertil">@Börs-Bertil</a>, ' +
        '(<a href="/@Aktie_%C3%85sa" class="mention" data-mention="Aktie_Åsa">@Aktie_Åsa</a>)</p>',
    );
    expect(cooked.mentions).toEqual(["anna", "Börs-Bertil", "Aktie_Åsa"]);
  });

  it("trailing dots are trimmed, the case is kept, duplicates counted once", () => {
    const cooked = cook("Tack @Anna.B. Och @anna.b igen.", { isKnownTicker });
    expect(cooked.html).toContain('data-mention="Anna.B">@Anna.B</a>. Och');
    expect(cooked.mentions).toEqual(["Anna.B"]);
  });

  it("not in e-mail addresses", () => {
    const cooked = cook("Mejla anna@exempel.se eller bo@lokal", { isKnownTicker });
    expect(cooked.mentions).toEqual([]);
    expect(cooked.html).not.toContain("mention");
    expect(cooked.html).toContain('href="mailto:anna@exempel.se"');
  });

  it("not inside link text or URLs, not escaped, not too short", () => {
    const cooked = cook("[hej @anna](https://exempel.se) https://medium.com/@bertil \\@cecilia @a", { isKnownTicker });
    expect(cooked.mentions).toEqual([]);
    expect(cooked.html).toContain("@cecilia");
  });
});

describe("cashtags", () => {
  it("$VOLV-B known → link", () => {
    const cooked = cook("Köper $VOLV-B idag", { isKnownTicker });
    expect(cooked.html).toBe(
      '<p>Köper <a href="/forum/aktie/VOLV-B" class="cashtag" data-ticker="VOLV-B">$VOLV-B</a> idag</p>',
    );
    expect(cooked.tickers).toEqual(["VOLV-B"]);
  });

  it("$ABC unknown → span, not indexed", () => {
    const cooked = cook("$ABC?", { isKnownTicker });
    expect(cooked.html).toBe('<p><span class="cashtag">$ABC</span>?</p>');
    expect(cooked.tickers).toEqual([]);
  });

  it("$volv-b is normalised to upper case", () => {
    const cooked = cook("$volv-b och $Volv-B", { isKnownTicker });
    expect(cooked.html).toContain('data-ticker="VOLV-B">$VOLV-B</a> och <a');
    expect(cooked.tickers).toEqual(["VOLV-B"]);
  });

  it("the longest known ticker wins; money, escapes and words stay text", () => {
    const cooked = cook("$ERIC-B-aktien $3kr kostar $100 eller US$5, \\$INVE-B", { isKnownTicker });
    expect(cooked.html).toContain('data-ticker="ERIC-B">$ERIC-B</a>-aktien');
    expect(cooked.html).toContain('data-ticker="3KR">$3KR</a>');
    expect(cooked.html).toContain("$100 eller US$5, $INVE-B");
    expect(cooked.tickers).toEqual(["ERIC-B", "3KR"]);
  });

  it("without isKnownTicker every cashtag is a span", () => {
    expect(cook("$VOLV-B").html).toBe('<p><span class="cashtag">$VOLV-B</span></p>');
  });

  it("a blank source cooks to nothing", () => {
    expect(cook("  \n ")).toEqual({ html: "", mentions: [], tickers: [], quotes: [] });
  });
});

const DANGEROUS = [
  // Images, own and foreign.
  "![",
  "](/uploads/posts/AbCdEfGhIjKlMnOpQrStUv-1200x675.webp)",
  "](https://evil.example/a.png)",
  "\" onerror=\"alert(1)",
  "<script",
  "</script>",
  "<script>alert(1)</script>",
  "javascript:",
  "JaVaScRiPt:",
  "java\tscript:",
  "&#106;avascript:",
  "javascript&colon;",
  "onerror=",
  " onload=alert(1)",
  '"><',
  "'><",
  "<img src=x ",
  "<svg/onload=alert(1)>",
  "<a href=",
  "<iframe",
  "data:text/html,",
  "data:text/html;base64,PHNjcmlwdD4=",
  "vbscript:",
  "[x](",
  "](",
  ")",
  "<",
  ">",
  "`",
  "```\n",
  "\n\n",
  "\n> ",
  "\n- ",
  "*",
  "_",
  "@",
  "@anna",
  "$VOLV-B",
  "$",
  "\\",
  "&",
  "&lt;",
  "&#x3C;",
  "\u0000",
  "\u202e",
  "\u2028",
  "å",
  "😀",
  "\uD800",
  " ",
  "http://",
  "https://exempel.se/",
  "mailto:",
  "//",
  "www.",
];

const hostile = fc
  .array(fc.oneof(fc.constantFrom(...DANGEROUS), fc.string({ maxLength: 6 }), fc.string({ unit: "grapheme", maxLength: 4 })), {
    maxLength: 40,
  })
  .map((parts) => parts.join(""));

describe("cooking is safe whatever the input (fast-check)", () => {
  it("arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (source) => {
        expect(unsafety(html(source))).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it("the safety check tells an escaped alt text from a real event handler (fast-check seed 999743900)", () => {
    const source = '![" onerror="alert(1)](/uploads/posts/AbCdEfGhIjKlMnOpQrStUv-1200x675.webp)';
    expect(html(source)).toContain('alt="&quot; onerror=&quot;alert(1)"');
    expect(unsafety(html(source))).toEqual([]);
    expect(unsafety('<p><img src="/x.webp" alt="" onerror="alert(1)"></p>')).toContain("event handler attribute (raw)");
  });

  it("strings built from dangerous fragments", () => {
    fc.assert(
      fc.property(hostile, (source) => {
        expect(unsafety(html(source))).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it("mentions and tickers found are well-formed", () => {
    fc.assert(
      fc.property(hostile, (source) => {
        const cooked = cook(source, { isKnownTicker });
        for (const m of cooked.mentions) expect(m).toMatch(/^[A-Za-z0-9ÅÄÖåäö._-]{2,30}$/);
        for (const t of cooked.tickers) expect(KNOWN.has(t)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("the checker itself catches unsafe HTML (so the properties can fail)", () => {
    expect(unsafety("<script>x</script>")).not.toEqual([]);
    expect(unsafety('<p onclick="x">a</p>')).not.toEqual([]);
    expect(unsafety('<a href="javascript:alert(1)">a</a>')).not.toEqual([]);
    expect(unsafety('<a href=" data:text/html,x">a</a>')).not.toEqual([]);
    expect(unsafety("<img src=x>")).not.toEqual([]);
    expect(unsafety('<a href="/forum" class="mention">a</a>')).toEqual([]);
  });
});

describe("plainTextTickers (thread titles)", () => {
  const titleTickers = (title: string) => plainTextTickers(title, { isKnownTicker });

  it("finds the title's known tickers by the body's rule, in order, once each", () => {
    expect(titleTickers("Dags att köpa $VOLV-B?")).toEqual(["VOLV-B"]);
    expect(titleTickers("$eric-b-aktien mot $VOLV-B och $ERIC-B igen")).toEqual(["ERIC-B", "VOLV-B"]);
    expect(titleTickers("$3KR, $INVE-B.")).toEqual(["3KR", "INVE-B"]);
  });

  it("agrees with cook on what is not a known cashtag", () => {
    for (const title of ["Kostar $100", "mejl a$VOLV-B", "\\$VOLV-B", "$VOLV-BX", "$NOPE-X", "Ingen aktie", "$VOLV-B_x"]) {
      expect(titleTickers(title)).toEqual(cook(title, { isKnownTicker }).tickers);
    }
    expect(titleTickers("\\$VOLV-B")).toEqual([]);
    expect(titleTickers("Kostar $100")).toEqual([]);
  });

  it("reads a title as plain text: Markdown characters do not hide a cashtag", () => {
    expect(titleTickers("*$VOLV-B* `$ERIC-B`")).toEqual(["VOLV-B", "ERIC-B"]);
  });
});
