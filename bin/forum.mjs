#!/usr/bin/env node
/**
 * `forum`: the operators' command-line tool (set-role, migrate, seed-demo, help).
 *
 * Registers tsx so the TypeScript sources run as they are, then runs `main` of
 * `server/platform/cli.ts` and exits with its code. Run it with the project's Node 24:
 * `npm run forum -- set-role <nickname> admin` or `npx forum migrate`.
 */
import { register } from "tsx/esm/api";

register();
const { main } = await import("../server/platform/cli.ts");
process.exit(await main(process.argv.slice(2)));
