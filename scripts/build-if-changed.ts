#!/usr/bin/env node
/**
 * `npm start`'s first step: runs `react-router build` only when `BUILD_DIR` (default `build`) holds
 * no build made from the sources as they are now, so that restarting an unchanged checkout serves
 * the build it already has (docs/decisions/048-start-without-rebuild.md).
 *
 * The sources are every file of the project that Git would not ignore (the `.gitignore` files,
 * matched with the `ignore` package; `.git` and the build folder itself left out), because that is what the build reads:
 * Vite bundles `app/`, `domain/` and `server/` (the server build's entry is `server/http/app.ts`),
 * copies `public/`, runs the plugins of `scripts/` and the configs at the root, and Tailwind scans
 * every file Git does not ignore for class names. Besides their content the fingerprint holds
 * what changes the output without changing a file: Vite's `.env` files (ignored by Git, read by
 * Vite), `NODE_ENV` and `VITE_*` variables, and the Node version and platform.
 *
 * After a successful build the fingerprint is written into the build folder
 * (`<BUILD_DIR>/.sources.json`, outside `client/`, so never served); it is removed before a build
 * starts, and `react-router build` itself empties a build folder inside the project, so a build
 * that was interrupted, or made by `npm run build`, is built again on the next start.
 *
 * Usage: `node scripts/build-if-changed.ts [--force]` (`--force` builds whatever the fingerprint
 * says). Prints one line saying whether it builds and why. Exit status: 0 when the build is
 * current or was built; the build's own status when it fails (nothing is recorded then).
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ignore, { type Ignore } from "ignore";

/** The file inside the build folder that records the sources it was built from. */
export const MARKER_FILE = ".sources.json";

/** Version of the marker's format; a marker of another version means "build again". */
const MARKER_VERSION = 1;

/** Vite's env files for a production build (`envDir` is the project root; mode `production`). */
const VITE_ENV_FILES = [".env", ".env.local", ".env.production", ".env.production.local"];

/** What a build was made from: one fingerprint, and its parts for saying what changed. */
export interface SourceFingerprint {
  /** sha256 (hex) over `env` and `files` together. */
  fingerprint: string;
  /** Settings outside the files that change the build's output, by name. */
  env: Record<string, string>;
  /** Each source file's sha256 (hex) by its project-relative path (`/` separators), sorted. */
  files: Record<string, string>;
}

/** The rules of one `.gitignore` file, for the paths below its folder. */
export interface IgnoreRule {
  /** The folder of the `.gitignore` the rules come from, project-relative (`""` for the root). */
  base: string;
  /** Its patterns, matched as Git does (the `ignore` package). */
  patterns: Ignore;
}

/** Whether to build, and why, in a few words for the operator's console. */
export interface BuildDecision {
  build: boolean;
  reason: string;
}

/**
 * Reads the rules of one `.gitignore` file (Git's pattern format: comments, `!` negation,
 * trailing `/` for folders, a `/` at the start or inside anchoring to the file's folder,
 * `*`, `?`, `**` and `[…]`).
 *
 * @param text the file's content
 * @param base the file's folder, project-relative with `/` separators (`""` for the root)
 * @returns the rules in file order (a later rule wins over an earlier one)
 */
export function parseIgnoreRules(text: string, base: string): IgnoreRule[] {
  return [{ base, patterns: ignore().add(text) }];
}

/**
 * Whether Git would ignore a path by the given rules (the last matching rule decides).
 *
 * @param rules rules of the `.gitignore` files from the root down to the path's folder, in that order
 * @param rel the path, project-relative with `/` separators
 * @param isDir whether the path is a folder
 * @returns true when ignored
 */
export function isIgnored(rules: readonly IgnoreRule[], rel: string, isDir: boolean): boolean {
  let ignored = false;
  for (const { base, patterns } of rules) {
    if (base !== "" && !rel.startsWith(`${base}/`)) continue;
    const below = base === "" ? rel : rel.slice(base.length + 1);
    // A deeper file's rules come later and win, as in Git; a trailing `/` marks a folder.
    const verdict = patterns.test(isDir ? `${below}/` : below);
    if (verdict.ignored) ignored = true;
    else if (verdict.unignored) ignored = false;
  }
  return ignored;
}

/**
 * The project's source files: every file Git would not ignore by the project's `.gitignore` files,
 * without `.git` and the excluded folders. A folder Git ignores is not entered (Git cannot take a
 * file back in below it either). A symbolic link to a file counts as that file; one to a folder is
 * listed by its target's name and not followed.
 *
 * @param root the project folder
 * @param exclude project-relative folders to leave out as well (the build folder)
 * @returns project-relative paths with `/` separators, sorted
 * @throws when a folder cannot be read
 */
export function listSourceFiles(root: string, exclude: readonly string[] = []): string[] {
  const skip = new Set([".git", ...exclude]);
  const out: string[] = [];
  const walk = (rel: string, inherited: readonly IgnoreRule[]) => {
    const entries = readdirSync(path.join(root, rel), { withFileTypes: true });
    let rules = inherited;
    if (entries.some((e) => e.name === ".gitignore" && e.isFile())) {
      rules = [...inherited, ...parseIgnoreRules(readFileSync(path.join(root, rel, ".gitignore"), "utf8"), rel)];
    }
    for (const entry of entries) {
      const child = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (skip.has(child)) continue;
      if (entry.isSymbolicLink()) {
        // A link to a file counts as the file; one to a folder by its target's name (not
        // followed: no cycles); a dangling one not at all.
        const target = statSync(path.join(root, child), { throwIfNoEntry: false });
        if ((target?.isFile() || target?.isDirectory()) && !isIgnored(rules, child, false)) out.push(child);
      } else if (entry.isDirectory()) {
        if (!isIgnored(rules, child, true)) walk(child, rules);
      } else if (entry.isFile() && !isIgnored(rules, child, false)) out.push(child);
    }
  };
  walk("", []);
  return out.sort();
}

/**
 * The fingerprint of the sources a build in `buildDir` would be made from (see the module comment
 * for what counts).
 *
 * @param root the project folder
 * @param options.buildDir the build folder (project-relative or absolute): left out of the sources
 * @param options.env the environment the build would run with (`NODE_ENV`, `VITE_*`)
 * @returns the fingerprint, the settings and each file's hash
 * @throws when a folder or file cannot be read (a file that disappears meanwhile is left out)
 */
export function fingerprintSources(root: string, options: { buildDir: string; env: NodeJS.ProcessEnv }): SourceFingerprint {
  const buildRel = path.relative(root, path.resolve(root, options.buildDir));
  const inside = buildRel !== "" && !buildRel.startsWith("..") && !path.isAbsolute(buildRel);
  const paths = listSourceFiles(root, inside ? [buildRel.split(path.sep).join("/")] : []);
  for (const name of VITE_ENV_FILES) if (existsSync(path.join(root, name)) && !paths.includes(name)) paths.push(name);
  paths.sort();

  const files: Record<string, string> = {};
  for (const rel of paths) {
    const full = path.join(root, rel);
    let content: Buffer | string;
    try {
      content = statSync(full).isDirectory() ? `link to ${readlinkSync(full)}` : readFileSync(full);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    files[rel] = createHash("sha256").update(content).digest("hex");
  }

  // Vite builds with NODE_ENV=production when it is unset, so both are one build.
  const env: Record<string, string> = {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    NODE_ENV: options.env.NODE_ENV || "production",
  };
  for (const name of Object.keys(options.env).sort()) {
    if (name.startsWith("VITE_")) env[name] = options.env[name] ?? "";
  }
  const fingerprint = createHash("sha256")
    .update(JSON.stringify({ version: MARKER_VERSION, env, files }))
    .digest("hex");
  return { fingerprint, env, files };
}

/** The sha256 of the server build's entry: ties the marker to the build it was written for. */
function entryHash(buildPath: string): string | undefined {
  try {
    return createHash("sha256").update(readFileSync(path.join(buildPath, "server/index.js"))).digest("hex");
  } catch {
    return undefined;
  }
}

/** Up to three of the paths whose hashes differ between two file maps, and how many in all. */
function changedFiles(before: Record<string, string>, now: Record<string, string>): string {
  const changed: string[] = [];
  for (const [rel, hash] of Object.entries(now)) {
    if (before[rel] === undefined) changed.push(`${rel} (ny)`);
    else if (before[rel] !== hash) changed.push(rel);
  }
  for (const rel of Object.keys(before)) if (now[rel] === undefined) changed.push(`${rel} (borttagen)`);
  if (changed.length === 0) return "";
  const more = changed.length > 3 ? ` och ${changed.length - 3} till` : "";
  return `${changed.slice(0, 3).join(", ")}${more}`;
}

/**
 * Decides whether the build folder must be built again for the given sources: when it holds no
 * server build, no marker (or one of another format), a marker written for another build, or a
 * marker of other sources.
 *
 * @param buildPath the build folder (absolute)
 * @param current the fingerprint of the sources now ({@link fingerprintSources})
 * @param shownName the build folder as the operator named it, for the reason
 * @returns whether to build and why (Swedish, like `server.js`'s own lines)
 */
export function decideBuild(buildPath: string, current: SourceFingerprint, shownName: string): BuildDecision {
  const entry = entryHash(buildPath);
  if (entry === undefined) return { build: true, reason: `inget bygge finns i ${shownName}/` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.join(buildPath, MARKER_FILE), "utf8"));
  } catch {
    return { build: true, reason: `det syns inte vilka källor bygget i ${shownName}/ gjordes av: 'npm run build', avbrutet eller äldre` };
  }
  const marker = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Partial<Record<"version" | "fingerprint" | "entry" | "env" | "files", unknown>>;
  if (marker.version !== MARKER_VERSION || typeof marker.files !== "object" || marker.files === null || typeof marker.env !== "object" || marker.env === null) {
    return { build: true, reason: `${shownName}/${MARKER_FILE} har ett annat format` };
  }
  if (marker.entry !== entry) return { build: true, reason: `bygget i ${shownName}/ har byggts om sedan källorna registrerades` };
  if (marker.fingerprint === current.fingerprint) {
    return { build: false, reason: `bygget i ${shownName}/ är gjort av källorna som de är nu (${Object.keys(current.files).length} filer)` };
  }
  const files = changedFiles(marker.files as Record<string, string>, current.files);
  if (files !== "") return { build: true, reason: `källorna har ändrats sedan förra bygget: ${files}` };
  const before = marker.env as Record<string, string>;
  const settings = [...new Set([...Object.keys(before), ...Object.keys(current.env)])].filter((k) => before[k] !== current.env[k]);
  return { build: true, reason: `${settings.join(", ") || "inställningarna"} har ändrats sedan förra bygget` };
}

/**
 * Records that the build folder was built from the given sources (after a successful build only).
 * Written to a temporary file first and renamed, so a marker is never half written.
 *
 * @param buildPath the build folder (absolute), holding a finished build
 * @param current the fingerprint computed before the build started
 * @throws when the build has no `server/index.js` or the marker cannot be written
 */
export function recordBuild(buildPath: string, current: SourceFingerprint): void {
  const entry = entryHash(buildPath);
  if (entry === undefined) throw new Error(`${buildPath} har ingen server/index.js efter bygget`);
  const marker = { version: MARKER_VERSION, fingerprint: current.fingerprint, entry, env: current.env, files: current.files };
  const temporary = path.join(buildPath, `${MARKER_FILE}.${process.pid}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(marker, null, 1)}\n`);
  renameSync(temporary, path.join(buildPath, MARKER_FILE));
}

/**
 * The command: decides, prints one line, builds with `react-router build` when needed (output
 * shown as it comes) and records the sources after a successful build.
 *
 * @param root the project folder
 * @param options.argv the command's arguments (`--force` builds in any case)
 * @param options.env the environment (`BUILD_DIR`, and what the fingerprint reads)
 * @returns the exit status: 0 when the build is current or was built, else the build's status
 */
export function buildIfChanged(root: string, options: { argv: readonly string[]; env: NodeJS.ProcessEnv }): number {
  const buildDir = options.env.BUILD_DIR ?? "build";
  const buildPath = path.resolve(root, buildDir);
  const shown = buildDir.replace(/\/+$/, "");
  let current: SourceFingerprint | undefined;
  let decision: BuildDecision;
  try {
    current = fingerprintSources(root, { buildDir, env: options.env });
    decision = options.argv.includes("--force") ? { build: true, reason: "ombett med --force" } : decideBuild(buildPath, current, shown);
  } catch (error) {
    // The check is an optimisation: when it cannot be made, build (and record nothing).
    decision = { build: true, reason: `källorna kunde inte läsas (${(error as Error).message}); bygget registreras inte` };
  }
  if (!decision.build) {
    console.log(`Börssnack: startar utan att bygga, ${decision.reason} (bygg ändå: node scripts/build-if-changed.ts --force)`);
    return 0;
  }
  console.log(`Börssnack: bygger ${shown}/, ${decision.reason}`);
  // An interrupted build must not leave a marker that still matches.
  rmSync(path.join(buildPath, MARKER_FILE), { force: true });
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    env: options.env,
    stdio: "inherit",
  });
  if (result.status !== 0) return result.status ?? 1;
  if (current) recordBuild(buildPath, current);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  process.exitCode = buildIfChanged(root, { argv: process.argv.slice(2), env: process.env });
}
