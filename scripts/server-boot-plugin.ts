/**
 * Vite plugin: the modules `server.js` reads before it loads the build, as plain JavaScript in the
 * server build (`build/server/boot/*.mjs`; memory budget, docs/decisions/041-memory-settings.md).
 *
 * `server.js` decides from `server/platform/memory-settings.ts` and `server/platform/web-concurrency.ts` how the
 * process starts, before anything else is loaded. Importing them as TypeScript loads Node's type
 * stripping into the process: 17 MiB of RSS, measured (`node -e` importing one of them: 59 MiB
 * against 42 MiB for a built-in module), which a single-process server would then keep for its
 * whole life. After `react-router build` (`buildApp`, order "post") this writes each of them with
 * its types removed by Node's own `module.stripTypeScriptTypes`, so the code is the same file;
 * `server.js` imports these when they exist and falls back to the `.ts` files (development,
 * no build).
 *
 * @module
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { stripTypeScriptTypes } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/** The modules `server.js` imports before the build; each must import nothing. */
export const BOOT_MODULES = ["server/platform/memory-settings.ts", "server/platform/web-concurrency.ts"] as const;

/**
 * Writes the {@link BOOT_MODULES} as `.mjs` files into a folder.
 *
 * @param root the project folder
 * @param outDir where to write (`<build>/server/boot`)
 * @returns the written files' absolute paths
 * @throws when a module cannot be read or has syntax that type stripping cannot remove (enums,
 *   namespaces): the build fails instead of the server at its start
 */
export async function writeBootModules(root: string, outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const file of BOOT_MODULES) {
    const source = await readFile(path.join(root, file), "utf8");
    const out = path.join(outDir, `${path.basename(file, ".ts")}.mjs`);
    await writeFile(out, stripTypeScriptTypes(source, { mode: "strip" }));
    written.push(out);
  }
  return written;
}

/**
 * The plugin: after the whole build, writes the boot modules next to the server build.
 *
 * @returns a Vite plugin (build only)
 */
export function serverBoot(): Plugin {
  let root = process.cwd();
  return {
    name: "borssnack-server-boot",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    buildApp: {
      order: "post",
      async handler(builder) {
        const ssr = builder.environments.ssr;
        if (!ssr) return;
        await writeBootModules(root, path.resolve(root, ssr.config.build.outDir, "boot"));
      },
    },
  };
}
