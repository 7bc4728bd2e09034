/**
 * Chunk groups of the browser build (the JavaScript of a first visit to a thread page).
 *
 * Rolldown's automatic splitting made ~70 files for one thread page, most under 2 KiB; gzip
 * compresses each file alone, so many small files cost ~15 % more than the same code in a few.
 * Three groups:
 *
 * - `framework`: the `node_modules` code statically reachable from the client entry (React,
 *   React DOM, React Router) — every page;
 * - `root`: what the root route (and the client entry) statically imports besides those, and
 *   what the forum layout or the thread page shares with the landing, auth and admin pages
 *   (buttons, allowed values, paths, the market status, dates, …) — every page;
 * - `layout`: what the forum layout statically imports (header, search box, footer, catalogue
 *   groups they use, …) and what the thread page imports (post body, reactions, report button,
 *   pager, live updates, …), besides those — every forum page. The thread page is where most
 *   visitors land (search engines, shared links): its imports in one file instead of 15 cost it
 *   4.7 KiB less gzip (142.8 → 138.1 KiB); the other forum pages download them once, up front
 *   (home 135.8 → 141.9 KiB, a category 132.7 → 139.0), and have them when a thread is opened.
 *
 * Route modules keep their own chunks, and other routes' imports the automatic splitting. Tried
 * and dropped: a `thread-page` group of its own also took its members' dependencies, which dragged
 * code shared with other routes into it, so every page downloaded it (+10–15 KiB elsewhere); a
 * `thread-shared` group saved the thread page 4 KiB but cost the auth and admin pages ~14 KiB
 * (what they share with the thread page now goes to `root`, a few KiB).
 *
 * Style sheets are left alone (React Router marks a sheet that a lazily loaded chunk shares with
 * `#` in its manifest). Modules reached only through a dynamic `import()` (menus, dialogs,
 * popovers, the cashtag menu) belong to no group and stay in their own lazily loaded chunks. "Statically reachable" is
 * decided by walking `importers` up from the module, so a module also imported dynamically
 * elsewhere is grouped only when a static chain from one of the roots reaches it. The catalogue
 * barrel `domain/i18n/sv.ts` re-exports every group, so a group module counts as imported by the
 * files that name it in their import from the `i18n/sv` barrel (the bundler drops the barrel);
 * likewise an icon of `lucide-react` counts as imported by the files that name it.
 *
 * @module
 */

import { readFileSync } from "node:fs";

/** What the chunking context tells about a module (Rolldown's `ModuleInfo`, the part used). */
interface ModuleInfoLike {
  importers: readonly string[];
  /** The module's code after the plugins' transforms; null when not available. */
  code?: string | null;
}

/** Rolldown's chunking context (the part used). */
interface ChunkingContextLike {
  getModuleInfo(moduleId: string): ModuleInfoLike | null;
}

/** The catalogue barrel, which re-exports every group module. */
const CATALOGUE_BARREL = /\/domain\/i18n\/sv\.ts$/;
/** A catalogue group module; the capture is the group's name. */
const CATALOGUE_GROUP = /\/domain\/i18n\/groups\/(\w+)\.ts$/;

/** lucide's barrel, which re-exports every icon module (under three names each). */
const ICON_BARREL = /\/node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/;
/** An icon module of lucide. */
const ICON_MODULE = /\/node_modules\/lucide-react\/dist\/esm\/icons\/[\w-]+\.mjs$/;

/** The chunks, in the order they capture modules. */
const CHUNKS = ["framework", "root", "layout"] as const;

/** Group name → the route modules (file paths relative to the project, no query) it starts from. */
const ROOTS: Array<[group: string, test: (file: string) => boolean]> = [
  ["framework", (file) => file.endsWith("/entry.client.tsx")],
  ["root", (file) => file.endsWith("/app/root.tsx")],
  ["layout", (file) => file.endsWith("/app/routes/forum-layout.tsx")],
  // The thread page, where most visitors land (from search engines and shared links).
  ["thread", (file) => file.endsWith("/app/routes/thread.tsx")],
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
  /**
   * A module's code as the bundler has it: after the plugins' transforms (React Router's browser
   * copy of a route module no longer has its loader and action, nor the imports only they used),
   * else the file on disk; "" for a virtual module.
   */
  function codeOf(id: string, ctx: ChunkingContextLike): string {
    const code = ctx.getModuleInfo(id)?.code;
    if (typeof code === "string") return code;
    try {
      return readFileSync(id.split("?")[0]!, "utf8");
    } catch {
      return "";
    }
  }

  /** The catalogue groups a module imports from the `i18n/sv` barrel. */
  function catalogueGroupsOf(id: string, ctx: ChunkingContextLike): Set<string> {
    let names = groupNames.get(id);
    if (!names) {
      names = new Set();
      const text = codeOf(id, ctx);
      for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'][^"']*i18n\/sv(?:\.ts)?["']/g)) {
        for (const part of m[1]!.split(",")) {
          const name = part.trim().split(/\s+as\s+/)[0];
          if (name) names.add(name);
        }
      }
      groupNames.set(id, names);
    }
    return names;
  }

  const iconNames = new Map<string, Set<string>>();
  /** The names lucide's barrel exports an icon module under (`Flag`, `FlagIcon`, `LucideFlag`). */
  function namesOfIcon(barrel: string, icon: string): Set<string> {
    if (iconNames.size === 0) {
      const text = readFileSync(barrel, "utf8");
      for (const m of text.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']\.\/icons\/([\w-]+)\.mjs["']/g)) {
        const names = new Set(m[1]!.split(",").map((part) => part.trim().split(/\s+as\s+/)[1] ?? ""));
        iconNames.set(m[2]!, names);
      }
    }
    return iconNames.get(/([\w-]+)\.mjs$/.exec(icon)![1]!) ?? new Set();
  }

  const iconImports = new Map<string, Set<string>>();
  /** The icons a module imports from `lucide-react`, by the names it uses. */
  function iconsImportedBy(id: string, ctx: ChunkingContextLike): Set<string> {
    let names = iconImports.get(id);
    if (!names) {
      names = new Set();
      const text = codeOf(id, ctx);
      for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'][^"']*lucide-react[^"']*["']/g)) {
        for (const part of m[1]!.split(",")) {
          const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0];
          if (name) names.add(name);
        }
      }
      iconImports.set(id, names);
    }
    return names;
  }

  /**
   * The static importers of a module. A catalogue group's importer is the `i18n/sv` barrel, which
   * every user of any group imports: look through it to the files that name this group. The same
   * for an icon and lucide's barrel (else every icon the app uses anywhere went into `root`).
   */
  function importersOf(id: string, ctx: ChunkingContextLike): readonly string[] {
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    if (ICON_MODULE.test(id.split("?")[0]!)) {
      return importers.flatMap((importer) => {
        const barrel = importer.split("?")[0]!;
        if (!ICON_BARREL.test(barrel)) return [importer];
        const names = namesOfIcon(barrel, id.split("?")[0]!);
        return (ctx.getModuleInfo(importer)?.importers ?? []).filter((user) => [...iconsImportedBy(user, ctx)].some((n) => names.has(n)));
      });
    }
    const group = CATALOGUE_GROUP.exec(id.split("?")[0]!)?.[1];
    if (!group) return importers;
    return importers.flatMap((importer) =>
      CATALOGUE_BARREL.test(importer.split("?")[0]!)
        ? (ctx.getModuleInfo(importer)?.importers ?? []).filter((user) => catalogueGroupsOf(user, ctx).has(group))
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
    if (roots.has("framework") && moduleId.includes("/node_modules/")) return "framework";
    // The app's own code that the client entry imports (app/lib/lazy.ts) goes with the root's.
    if (roots.has("root") || roots.has("framework")) return "root";
    // What the forum or the thread page shares with the landing, auth and admin pages goes with the
    // root (every page loads both); the rest of the thread page's imports with the layout.
    if (roots.has("layout") || roots.has("thread")) return roots.has("outside") ? "root" : "layout";
    return null;
  };
  // One group per chunk, the framework captured first: a group also takes its members'
  // dependencies, so the layout group must not be the first to reach React.
  return CHUNKS.map((chunk, i) => ({
    name: (moduleId: string, ctx: ChunkingContextLike) => (chunkOf(moduleId, ctx) === chunk ? chunk : null),
    priority: CHUNKS.length - i,
  }));
}
