import type { Config } from "@react-router/dev/config";

/** React Router framework mode with server-side rendering (ARCHITECTURE.md web framework). */
export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets parallel test runs build into folders of their own.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
