/**
 * Every route of `app/routes.ts`, flattened for guard tests: the full URL pattern, the
 * module file and whether the module exports an action.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import routes from "../../../app/routes";

/** One route of the table. */
export interface RouteEntry {
  /** URL pattern with a leading `/`, e.g. `/forum/profil/:userId`, `/api/auth/*`. */
  pattern: string;
  /** Module path from the project root, e.g. `app/routes/profile.tsx`. */
  file: string;
  /** Whether the module exports `action` (it accepts POST). */
  hasAction: boolean;
}

interface ConfigEntry {
  path?: string;
  file: string;
  children?: ConfigEntry[];
}

const root = path.resolve(import.meta.dirname, "../../..");

/** @returns every route, parents (layouts) included only when they have a path */
export function routeTable(): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (entries: ConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const pattern = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix || "/";
      const file = path.join("app", entry.file);
      const source = readFileSync(path.join(root, file), "utf8");
      out.push({ pattern, file, hasAction: /export (async )?function action\b|export const action\b/.test(source) });
      if (entry.children) walk(entry.children, entry.path ? pattern : prefix);
    }
  };
  walk(routes as ConfigEntry[], "");
  return out;
}

/**
 * Fills a pattern's `:params` and `*` with a value (already URL-encoded or deliberately broken).
 *
 * @returns the path, e.g. `/forum/profil/%00`
 */
export function fillPattern(pattern: string, value: string): string {
  return pattern.replace(/:[A-Za-z]+\??/g, value).replace(/\*$/, value);
}
