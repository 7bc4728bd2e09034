/**
 * `<title>`, description and OpenGraph tags of a profile page.
 *
 * @module
 */
import type { MetaDescriptor } from "react-router";
import { app, profile as p } from "../../domain/i18n/sv";
import { NOINDEX } from "./seo";

/**
 * @param data the profile page's loader data (`bioText`: the bio's plain-text excerpt, `""` without
 *   a bio), or null when not found
 * @returns meta descriptors: title, description (the bio's text, else 'nick på Börssnack'),
 *   OpenGraph and the canonical `/@nickname` URL; for a missing profile the title and `noindex`
 */
export function profileMeta(
  data: { profile: { nickname: string; avatarUrl: string | null }; url: string; bioText: string } | null,
): MetaDescriptor[] {
  if (!data) return [{ title: `${p.notFound} – ${app.name}` }, NOINDEX];
  const { profile, url } = data;
  const description = data.bioText || `${profile.nickname} på ${app.name}`;
  return [
    { title: `${profile.nickname} – ${app.name}` },
    { name: "description", content: description },
    { property: "og:title", content: `${profile.nickname} – ${app.name}` },
    { property: "og:description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:url", content: url },
    { property: "og:site_name", content: app.name },
    ...(profile.avatarUrl ? [{ property: "og:image", content: profile.avatarUrl }] : []),
    { tagName: "link", rel: "canonical", href: url },
  ];
}
