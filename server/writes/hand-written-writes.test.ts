/**
 * Guard ("every write through the write pipeline", server/writes/pipeline.ts): no route action
 * in `app/routes/*.ts(x)` writes to the database by hand. An action reads its form, calls
 * `runWrite(someWrite, …)` and maps the result; the login, limits, transaction and declared cache
 * changes are the pipeline's. An action fails here when it
 *
 * - writes itself: `db.insert|update|delete(…)`, `db.execute(sql\`INSERT|UPDATE|DELETE …\`)`;
 * - declares a cache change itself (`declareChange`);
 * - calls a function it imports from `server/` whose own body does one of those — a write
 *   helper that bypasses the pipeline (e.g. `markAllNotificationsRead(services.db, id)`).
 *   Declared writes and their factories are named `…Write` and are only passed to `runWrite`,
 *   so they are not looked into.
 *
 * The scan is textual and one level deep (a helper calling another helper that writes is not
 * followed): simple, and enough to catch the hand-written action this guard exists for.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ROUTES = path.join(ROOT, "app/routes");

/** A database write or a cache declaration in a piece of source. */
const WRITES = [
  /\b(?:db|tx)\s*\.(?:insert|update|delete)\s*\(/,
  /\b(?:db|tx)\s*\.execute\(\s*sql`\s*(?:INSERT|UPDATE|DELETE)/i,
  /\bdeclareChange\(/,
];

/**
 * Route actions that still write outside the pipeline, each helper named, with the reason. An
 * entry that is no longer needed fails the test too, so this list only shrinks.
 */
const NOT_YET_THROUGH_THE_PIPELINE: Record<string, { helpers: string[]; why: string }> = {
  "auth-reset-password.tsx": {
    helpers: ["resetPassword"],
    why: "a password set by better-auth, limited by the auth limits of server/accounts/sign-in-lockout.ts (docs/decisions/007)",
  },
  "auth-set-password.tsx": {
    helpers: ["savePassword"],
    why: "a password set by better-auth, limited by the auth limits of server/accounts/sign-in-lockout.ts (docs/decisions/007)",
  },
};

/** The text of `export (async) function <name>` up to its closing brace at the start of a line. */
function functionSource(source: string, name: string): string | null {
  const start = source.search(new RegExp(`export (?:async )?function ${name}\\b`));
  if (start < 0) return null;
  const end = source.indexOf("\n}", start);
  return source.slice(start, end < 0 ? undefined : end + 2);
}

/** The file an import specifier names, or null when it is not a source file of this repository. */
function moduleFile(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((file) => existsSync(file)) ?? null;
}

/**
 * What a route's action writes by hand.
 *
 * @param file absolute path of the route module
 * @returns `"db write"`, `"declareChange"` and the names of called write helpers; empty when
 *   the module has no action or its action writes only through `runWrite`
 */
function handWrittenWrites(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const action = functionSource(source, "action");
  if (!action) return [];
  const found = new Set<string>();
  if (WRITES[0]!.test(action) || WRITES[1]!.test(action)) found.add("db write");
  if (WRITES[2]!.test(action)) found.add("declareChange");
  for (const [, names, specifier] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\.\/\.\.\/server\/[^"]+)"/g)) {
    const module = moduleFile(file, specifier!);
    if (!module) continue;
    const moduleSource = readFileSync(module, "utf8");
    for (const entry of names!.split(",").map((n) => n.trim())) {
      if (!entry || entry.startsWith("type ")) continue;
      const [exported, local = exported] = entry.split(/\s+as\s+/) as [string, string?];
      if (local.endsWith("Write") || !new RegExp(`\\b${local}\\(`).test(action)) continue;
      const helper = functionSource(moduleSource, exported);
      if (helper && WRITES.some((write) => write.test(helper))) found.add(local);
    }
  }
  return [...found];
}

describe("route actions write only through the write pipeline", () => {
  const routes = readdirSync(ROUTES).filter((name) => /\.tsx?$/.test(name));

  it("no action writes to the database, declares a cache change or calls a write helper by hand", () => {
    const offending: string[] = [];
    for (const name of routes) {
      const allowed = new Set(NOT_YET_THROUGH_THE_PIPELINE[name]?.helpers ?? []);
      const writes = handWrittenWrites(path.join(ROUTES, name)).filter((write) => !allowed.has(write));
      if (writes.length > 0) offending.push(`app/routes/${name}: ${writes.join(", ")}`);
    }
    expect(offending, "declare the write with defineWrite next to its model and run it with runWrite").toEqual([]);
  });

  it("every listed exception still exists (remove an entry once its action is converted)", () => {
    const stale: string[] = [];
    for (const [name, { helpers }] of Object.entries(NOT_YET_THROUGH_THE_PIPELINE)) {
      const writes = existsSync(path.join(ROUTES, name)) ? handWrittenWrites(path.join(ROUTES, name)) : [];
      for (const helper of helpers) if (!writes.includes(helper)) stale.push(`${name}: ${helper}`);
    }
    expect(stale).toEqual([]);
  });

  it("recognises the hand-written shapes it guards against", () => {
    const action = (body: string) => `export async function action() {\n${body}\n}\n`;
    const direct = [
      action("  await services.db.insert(bookmarks).values(row);"),
      action("  await db\n    .update(profiles)\n    .set({ bio })\n    .where(eq(profiles.id, id));"),
      action("  await tx.execute(sql`DELETE FROM notifications WHERE user_id = ${id}`);"),
      action('  declareChange("pages");'),
    ];
    for (const source of direct) expect(WRITES.some((write) => write.test(functionSource(source, "action")!))).toBe(true);
    // Reads, maps and hashes are not writes.
    for (const source of [action("  viewers.delete(request);"), action("  createHash('sha256').update(token);"), action("  await db.select().from(x);")]) {
      expect(WRITES.some((write) => write.test(functionSource(source, "action")!))).toBe(false);
    }
  });
});
