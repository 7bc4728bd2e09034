/**
 * The memory settings every server process runs with ("server RSS … peak ≤ 400 MiB";
 * docs/decisions/041-memory-settings.md): V8 heap flags and glibc allocator variables. Both must
 * be in place when the process starts, so `server.js` replaces its own process image with
 * `process.execve` (same pid, same arguments, nothing left behind) when they are missing, before
 * anything else is loaded. A cluster's workers inherit them from the primary.
 *
 * Measured on `bench_full` (docs/performance.md, ninth session), one process:
 * - `--max-old-space-size=256`: without a cap V8 lets the old generation grow to hundreds of MiB
 *   before a full collection (the heap is sized for the machine's 24 GiB); the forum's live
 *   objects are 50–120 MiB under the bench's load.
 * - `--max-semi-space-size=16`: the young generation's two halves (Node 24's default grows them to
 *   64 MiB each, which a rendering process fills and keeps).
 * - `MALLOC_MMAP_THRESHOLD_=1048576`: allocations of 1 MiB and more (the brotli and gzip encoders'
 *   windows and tables, made again each time a cached page is compressed) are mapped and given
 *   back to the system when freed. glibc's default threshold rises after each such free, after
 *   which those buffers came from the heap and stayed as RSS: 205 → 385 MiB over one bench case,
 *   against 205 → 326 MiB and back to 243 with the fixed threshold, at the same req/s.
 * - `MALLOC_ARENA_MAX=2`: at most two malloc arenas instead of eight per core, for the libuv
 *   threads that compress and hash.
 *
 * The operator's own value of each (command line, `NODE_OPTIONS`, environment) wins.
 *
 * Loaded by `server.js` through Node's type stripping before the build: imports nothing.
 *
 * @module
 */

/** V8 flags (name → the whole flag) a server process gets unless the operator set that flag. */
export const SERVER_V8_FLAGS: Readonly<Record<string, string>> = {
  "--max-old-space-size": "--max-old-space-size=256",
  "--max-semi-space-size": "--max-semi-space-size=16",
};

/** Allocator variables (glibc) a server process gets unless already set. */
export const SERVER_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "1048576",
};

/** Set in the environment of the replaced process, so it never replaces itself twice. */
export const MEMORY_SETTINGS_ENV = "BORSSNACK_MEMORY_SETTINGS";

/** What {@link memorySettings} decides. */
export type MemorySettings =
  | { restart: false }
  | {
      restart: true;
      /** The whole argument vector for `process.execve` (the Node binary first). */
      argv: string[];
      /** The environment for the new image. */
      env: Record<string, string>;
    };

/**
 * Whether this process should start again with the memory settings, and how.
 *
 * @param input.execPath the Node binary (`process.execPath`)
 * @param input.execArgv Node's own arguments (`process.execArgv`)
 * @param input.argv the script and its arguments (`process.argv.slice(1)`)
 * @param input.env the environment (`process.env`); `BORSSNACK_MEMORY_SETTINGS=off` turns the
 *   whole thing off
 * @returns `{ restart: false }` when every setting is already there (or was set by the operator),
 *   on a re-started image, or when turned off; else the argument vector and environment with the
 *   missing settings added. Never throws.
 */
export function memorySettings(input: {
  execPath: string;
  execArgv: readonly string[];
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
}): MemorySettings {
  const { env } = input;
  if (env[MEMORY_SETTINGS_ENV] === "off" || env[MEMORY_SETTINGS_ENV] === "applied") return { restart: false };
  // V8 accepts both --max-old-space-size and --max_old_space_size.
  const name = (flag: string) => flag.split("=")[0]!.replaceAll("_", "-");
  const given = new Set([...input.execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/)].filter((a) => a.startsWith("--")).map(name));
  const flags = Object.entries(SERVER_V8_FLAGS)
    .filter(([flag]) => !given.has(flag))
    .map(([, whole]) => whole);
  const malloc = Object.entries(SERVER_MALLOC_ENV).filter(([key]) => env[key] === undefined);
  if (flags.length === 0 && malloc.length === 0) return { restart: false };
  const next: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) next[key] = value;
  for (const [key, value] of malloc) next[key] = value;
  next[MEMORY_SETTINGS_ENV] = "applied";
  return { restart: true, argv: [input.execPath, ...flags, ...input.execArgv, ...input.argv], env: next };
}
