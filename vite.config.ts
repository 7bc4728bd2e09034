import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { firstPaintChunkGroups } from "./scripts/first-paint-chunks.ts";
import { precompress } from "./scripts/precompress-plugin.ts";
import { pwa } from "./scripts/pwa-plugin.ts";
import { serverBoot } from "./scripts/server-boot-plugin.ts";

/**
 * Vite: Tailwind 4 and React Router. The SSR build's entry is `server/http/app.ts`, which wraps the
 * React Router build in the Express app (React Router's custom-server template). The PWA plugin
 * writes the manifest, the offline page and the service worker into the client build.
 * The client build groups first-paint modules into three chunks
 * (`scripts/first-paint-chunks.ts`). The server boot plugin writes the modules `server.js` reads
 * before the build as plain JavaScript (`scripts/server-boot-plugin.ts`). The precompress plugin
 * writes Zopfli `.gz` and Brotli `.br` copies of the client's scripts and style sheets
 * (`scripts/precompress-plugin.ts`).
 */
export default defineConfig({
  // Memory budget: the server build bundles the icon and Radix packages, so only the
  // icons and primitives the app uses are in it. Left external, importing `lucide-react` and
  // `radix-ui` loaded every icon (≈ 1,500) and every primitive into each server process
  // (≈ 10 MiB of heap).
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/http/app.ts" } } },
    // First-paint code in a few chunks instead of ~70 (scripts/first-paint-chunks.ts).
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: firstPaintChunkGroups() } } } } },
  },
  plugins: [tailwindcss(), reactRouter(), pwa(), serverBoot(), precompress()],
});
