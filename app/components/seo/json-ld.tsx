/**
 * `<script type="application/ld+json">` with one JSON-LD node (issue 20 "Structured data").
 *
 * @module
 */
import { jsonLdScriptText, type JsonLdObject } from "../../lib/structured-data";

/**
 * Renders the node server side (and identically on hydration) as a data block: browsers never
 * execute it, so the CSP needs no nonce for it (docs/decisions/036-structured-data.md). The text
 * is escaped by {@link jsonLdScriptText}, so no post text can close the element.
 *
 * @param props.data the JSON-LD node, e.g. from `threadJsonLd`
 * @returns the script element
 */
export function JsonLd({ data }: { data: JsonLdObject }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScriptText(data) }} />;
}
