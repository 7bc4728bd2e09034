/**
 * Chunk groups of the browser build (issue 21: the JavaScript of a first visit to a thread page).
 *
 * Rolldown's automatic splitting made ~70 files for one thread page, most under 2 KiB; gzip
 * compresses each file alone, so many small files cost ~15 % more than the same code in a few.
 * Four groups, each only of modules that every page (every forum page) loads on its first paint
 * anyway:
 *
 * - `framework`: the `node_modules` code statically reachable from the client entry (React,
 *   React DOM, React Router) — every page;
 * - `root`: what the root route statically imports besides those — every page;
 * - `layout`: what the forum layout statically imports besides those (header, search box,
 *   footer, catalogue groups they use, …) and no route outside it (landing, auth and admin
 *   pages) imports — every forum page;
 * - `common`: what the forum layout shares with the landing, auth and admin pages (buttons,
 *   allowed values, paths, the market status, …), taken before `layout` so that group's pull of
 *   its members' dependencies cannot drag them in (which made the auth pages load the header).
 *
 * Route code keeps the automatic splitting. Tried and dropped: a `thread-page` group (what only
 * the thread route imports) also takes its members' dependencies, which dragged code shared with
 * other routes into it, so every page downloaded the thread page's chunk (+10–15 KiB elsewhere);
 * a `thread-shared` group saved the thread page 4 KiB but cost the auth and admin pages ~14 KiB.
 *
 * Style sheets are left alone (React Router marks a sheet that a lazily loaded chunk shares with
 * `#` in its manifest). Modules reached only through a dynamic `import()` (menus, dialogs,
 * popovers, the cashtag menu) belong to no group and stay in their own lazily loaded chunks. "Statically reachable" is
 * decided by walking `importers` up from the module, so a module also imported dynamically
 * elsewhere is grouped only when a static chain from one of the roots reaches it. The catalogue
 * barrel `domain/i18n/sv.ts` re-exports every group, so a group module counts as imported by the
 * files that name it in their import from the `i18n/sv` barrel (the bundler drops the barrel).
 *
 * @module
 */

import { readFileSync } from "node:fs";

/** What the chunking context tells about a module (Rolldown's `ModuleInfo`, the part used). */
interface ModuleInfoLike {
  importers: readonly string[];
}

/** Rolldown's chunking context (the part used). */
interface ChunkingContextLike {
  getModuleInfo(moduleId: string): ModuleInfoLike | null;
}

/** The catalogue barrel, which re-exports every group module. */
const CATALOGUE_BARREL = /\/domain\/i18n\/sv\.ts$/;
/** A catalogue group module; the capture is the group's name. */
const CATALOGUE_GROUP = /\/domain\/i18n\/groups\/(\w+)\.ts$/;

/** The chunks, in the order they capture modules. */
const CHUNKS = ["framework", "root", "common", "layout"] as const;

/** Group name → the route modules (file paths relative to the project, no query) it starts from. */
const ROOTS: Array<[group: string, test: (file: string) => boolean]> = [
  ["framework", (file) => file.endsWith("/entry.client.tsx")],
  ["root", (file) => file.endsWith("/app/root.tsx")],
  ["layout", (file) => file.endsWith("/app/routes/forum-layout.tsx")],
  // Routes outside the forum layout (app/routes.ts): what they import stays out of `layout`.
  ["outside", (file) => /\/app\/routes\/(landing|auth-[\w-]+|admin-[\w-]+)\.tsx$/.test(file)],
];

/**
 * Makes the Rolldown `codeSplitting` groups that put first-paint modules into the chunks above.
 *
 * @returns groups whose `name(moduleId, ctx)` gives the chunk name or `null` (left to the
 *   automatic splitting); reachability is memoised per build
 */
export function firstPaintChunkGroups(): Array<{ name: (moduleId: string, ctx: ChunkingContextLike) => string | null; priority: number }> {
  const memo = new Map<string, Set<string>>();

  const groupNames = new Map<string, Set<string>>();
  /** The catalogue groups a source file imports from the `i18n/sv` barrel. */
  function catalogueGroupsOf(file: string): Set<string> {
    let names = groupNames.get(file);
    if (!names) {
      names = new Set();
      let text = "";
      try {
        text = readFileSync(file, "utf8");
      } catch {
        // a virtual module: it imports no catalogue group
      }
      for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'][./]*(?:domain\/)?i18n\/sv["']/g)) {
        for (const part of m[1]!.split(",")) {
          const name = part.trim().split(/\s+as\s+/)[0];
          if (name) names.add(name);
        }
      }
      groupNames.set(file, names);
    }
    return names;
  }

  /**
   * The static importers of a module. A catalogue group's importer is the `i18n/sv` barrel, which
   * every user of any group imports: look through it to the files that name this group.
   */
  function importersOf(id: string, ctx: ChunkingContextLike): readonly string[] {
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    const group = CATALOGUE_GROUP.exec(id.split("?")[0]!)?.[1];
    if (!group) return importers;
    return importers.flatMap((importer) =>
      CATALOGUE_BARREL.test(importer.split("?")[0]!)
        ? (ctx.getModuleInfo(importer)?.importers ?? []).filter((user) => catalogueGroupsOf(user.split("?")[0]!).has(group))
        : [importer],
    );
  }

  /** The roots (group names) that reach a module by static imports only. */
  function reachedBy(id: string, ctx: ChunkingContextLike, visiting: Set<string>): Set<string> {
    const known = memo.get(id);
    if (known) return known;
    const found = new Set<string>();
    const file = id.split("?")[0]!;
    for (const [group, test] of ROOTS) if (test(file)) found.add(group);
    if (visiting.has(id)) return found;
    visiting.add(id);
    for (const importer of importersOf(id, ctx)) {
      for (const group of reachedBy(importer, ctx, visiting)) found.add(group);
    }
    visiting.delete(id);
    // Only memoise complete answers (not ones cut short by a cycle through a module in progress).
    if (visiting.size === 0) memo.set(id, found);
    return found;
  }

  const chunkOf = (moduleId: string, ctx: ChunkingContextLike): string | null => {
    // Style sheets stay with their route (React Router lists them per route in its manifest).
    if (/\.css($|\?)/.test(moduleId)) return null;
    // Route modules stay in their own chunks (their style sheet imports go with them).
    const file = moduleId.split("?")[0]!;
    if (ROOTS.some(([, test]) => test(file))) return null;
    const roots = reachedBy(moduleId, ctx, new Set());
    if (roots.has("framework")) return moduleId.includes("/node_modules/") ? "framework" : null;
    if (roots.has("root")) return "root";
    if (roots.has("layout")) return roots.has("outside") ? "common" : "layout";
    return null;
  };
  // One group per chunk, the framework captured first: a group also takes its members'
  // dependencies, so the layout group must not be the first to reach React.
  return CHUNKS.map((chunk, i) => ({
    name: (moduleId: string, ctx: ChunkingContextLike) => (chunkOf(moduleId, ctx) === chunk ? chunk : null),
    priority: CHUNKS.length - i,
  }));
}
