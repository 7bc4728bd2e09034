/**
 * `<script type="application/ld+json">` with one JSON-LD node.
 *
 * @module
 */
import { useRouteLoaderData } from "react-router";
import { jsonLdScriptText, type JsonLdObject } from "../../lib/structured-data";

/**
 * Renders the node server side (and identically on hydration) as a data block. Browsers never
 * execute it, so the CSP would not need a nonce; it still carries the response's nonce (from the
 * root loader, as the theme script in `app/root.tsx`) so that every `<script>` of a page has one
 * (`tests/e2e/csp.spec.ts`; docs/decisions/036-structured-data.md). The text is escaped by
 * {@link jsonLdScriptText}, so no post text can close the element.
 *
 * Only search engines read it, from the server's HTML, so the node is built on the server alone:
 * callers pass `import.meta.env.SSR ? threadJsonLd(…) : null`, which leaves the builders out of the
 * browser's JavaScript (1.2 KB gzip of a first visit to a thread page). In the browser
 * React hydrates the element without rewriting its text, so the server's node stays in the page.
 *
 * @param props.data the JSON-LD node, e.g. from `threadJsonLd`; null in the browser build
 * @returns the script element
 */
export function JsonLd({ data }: { data: JsonLdObject | null }) {
  const nonce = (useRouteLoaderData("root") as { nonce?: string } | undefined)?.nonce;
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      // The browser hides the nonce attribute after parsing; React must not complain about it.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: data ? jsonLdScriptText(data) : "" }}
    />
  );
}
