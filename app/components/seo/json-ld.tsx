/**
 * `<script type="application/ld+json">` with one JSON-LD node (issue 20 "Structured data").
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
 * @param props.data the JSON-LD node, e.g. from `threadJsonLd`
 * @returns the script element
 */
export function JsonLd({ data }: { data: JsonLdObject }) {
  const nonce = (useRouteLoaderData("root") as { nonce?: string } | undefined)?.nonce;
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      // The browser hides the nonce attribute after parsing; React must not complain about it.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonLdScriptText(data) }}
    />
  );
}
