/**
 * The results page's member chip (`/forum/sok`, 'Profiler'): a nickname with an underscore stays
 * one piece of text, 'Göran_Utdelning', with the searched word marked whole inside it.
 *
 * The chip is a flex row with a gap: every element child is laid out as an item of its own, with
 * the gap between. The nickname must therefore be a single child (one inline span holding the
 * text and its `<mark>`), not one child per highlight segment ('Göran_ Utdelning').
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { SearchResult } from "../../../domain/search";
import { MemberChip } from "./member-chip";

const goran: SearchResult = {
  kind: "member",
  id: "00000000-0000-4000-8000-000000000001",
  title: "Göran_Utdelning",
  snippet: "",
  author_name: "Göran_Utdelning",
  author_id: "00000000-0000-4000-8000-000000000001",
  category_id: null,
  thread_id: null,
  created_at: "2026-01-01T00:00:00.000Z",
  avatar_url: null,
};

function render(terms: string[]): string {
  const Stub = createRoutesStub([{ path: "/forum/sok", Component: () => createElement(MemberChip, { member: goran, terms }) }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/forum/sok?q=utdelning"] }));
}

/** The element children of the chip's link (the flex items), as their outer HTML. */
function flexItems(html: string): string[] {
  const inner = /<a [^>]*>([\s\S]*)<\/a>/.exec(html)?.[1] ?? "";
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (const tag of inner.matchAll(/<(\/?)([a-z]+)[^>]*?(\/?)>/g)) {
    if (tag[3] === "/" || ["img", "br", "input"].includes(tag[2]!)) {
      if (depth === 0) items.push(tag[0]);
      continue;
    }
    if (tag[1] === "/") {
      depth -= 1;
      if (depth === 0) items.push(inner.slice(start, tag.index! + tag[0].length));
    } else {
      if (depth === 0) start = tag.index!;
      depth += 1;
    }
  }
  return items;
}

const text = (html: string) => html.replace(/<[^>]*>/g, "");

describe("member chip", () => {
  it("shows 'Göran_Utdelning' as one item with 'Utdelning' marked whole", () => {
    const html = render(["utdelning"]);
    expect(html).toContain(`href="/forum/profil/${goran.id}"`);
    const items = flexItems(html);
    // The avatar, then the nickname.
    expect(items).toHaveLength(2);
    const name = items[1]!;
    expect(text(name)).toBe("Göran_Utdelning");
    expect(name).toMatch(/^<span>Göran_<mark [^>]*>Utdelning<\/mark><\/span>$/);
  });

  it("shows the nickname as one item without a match too", () => {
    const items = flexItems(render([]));
    expect(items).toHaveLength(2);
    expect(items[1]).toBe("<span>Göran_Utdelning</span>");
  });
});
