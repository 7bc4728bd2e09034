import type { Config } from "@react-router/dev/config";

/** React Router framework mode with server-side rendering (ARCHITECTURE.md web framework). */
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
} satisfies Config;
