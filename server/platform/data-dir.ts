/**
 * Locates files of the project at run time, from source (tsx, Vite) and from the compiled
 * server bundle (`build/server/index.js`) alike.
 *
 * @module
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/**
 * The project root: the nearest folder above this module whose package.json is named `borssnack`.
 *
 * @returns absolute path of the project root
 * @throws {Error} when no such package.json is found (the code was moved out of the project)
 */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).name === "borssnack") {
      cached = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Hittar inte projektets rot (package.json för borssnack)");
    dir = parent;
  }
}

/** Absolute path of the SQL migrations folder (`server/db/migrations`). */
export function migrationsFolder(): string {
  return path.join(projectRoot(), "server", "db", "migrations");
}
