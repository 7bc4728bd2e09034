/**
 * Canonical URLs, pagination links and `noindex` for route `meta` functions. Pure.
 *
 * @module
 */
import type { MetaDescriptor } from "react-router";

/** `<meta name="robots" content="noindex">`: private, search, form and error pages. */
export const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex" };

/**
 * The absolute URL of one page of a paginated list: the first page has no `sida`, later pages
 * `?sida=N` (the pager's parameter, `app/components/forum/pager.tsx`).
 *
 * @param base the list's absolute canonical URL without a query, e.g. `https://x.se/forum/kategori/…`
 * @param page 1-based page number
 * @returns `base` for page 1, else `base?sida=N`
 */
export function pageUrl(base: string, page: number): string {
  return page > 1 ? `${base}?sida=${page}` : base;
}

/**
 * `<link rel="canonical">` for the page shown (canonical to itself) plus
 * `<link rel="prev">` when there is an earlier page and `<link rel="next">` when there is a later.
 *
 * @param base the list's absolute URL without a query
 * @param page the 1-based page shown
 * @param hasNext whether a later page exists
 * @returns one to three `link` descriptors, canonical first
 */
export function paginationLinks(base: string, page: number, hasNext: boolean): MetaDescriptor[] {
  return [
    { tagName: "link", rel: "canonical", href: pageUrl(base, page) },
    ...(page > 1 ? [{ tagName: "link", rel: "prev", href: pageUrl(base, page - 1) }] : []),
    ...(hasNext ? [{ tagName: "link", rel: "next", href: pageUrl(base, page + 1) }] : []),
  ];
}
