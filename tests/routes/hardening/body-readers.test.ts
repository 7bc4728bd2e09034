/**
 * Guard: no route module reads a request body except through the bounded
 * readers of server/http/forms.ts (`readForm`, `readFormAll`, `readJson`, `readMultipart`,
 * `readBytes`), which stop at the byte limit whether the body is chunked or declared. Any
 * `request.formData()`, `.json()`, `.text()`, `.arrayBuffer()`, `.blob()`, `.bytes()`,
 * `.body`, `.clone()`, a stream reader, or `new Response(request…)` in `app/routes/` fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeTable } from "./route-table";

const routesDir = path.resolve(import.meta.dirname, "../../../app/routes");

/** Ways of reading a body that bypass the limit; each with what it catches. */
const UNBOUNDED: Array<[RegExp, string]> = [
  [/\b(?:request|req)\s*\??\.\s*(?:formData|json|text|arrayBuffer|blob|bytes|clone)\s*\(/, "request.formData()/json()/text()/…"],
  [/\b(?:request|req)\s*\??\.\s*body\b/, "request.body"],
  [/\.\s*(?:formData|arrayBuffer|blob|getReader)\s*\(/, ".formData()/.arrayBuffer()/.blob()/.getReader() on a body"],
  [/new\s+(?:Response|Request)\s*\(\s*(?:request|req)\b/, "new Response(request…)"],
  [/\b(?:request|req)\s*\??\.\s*(?:json|text)\b/, "a reference to request.json/text"],
];

describe("every route module reads bodies only through the bounded reader", () => {
  const files = readdirSync(routesDir).filter((name) => /\.(ts|tsx)$/.test(name));

  it("lists every module of the route table", () => {
    const listed = new Set(files.map((name) => `app/routes/${name}`));
    for (const route of routeTable()) expect(listed.has(route.file), route.file).toBe(true);
  });

  it.each(files)("%s", (name) => {
    const source = readFileSync(path.join(routesDir, name), "utf8")
      // Comments may name what they avoid.
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:])\/\/.*$/gm, "$1");
    const found = UNBOUNDED.filter(([re]) => re.test(source)).map(([, what]) => what);
    expect(found, `${name} reads a request body without server/http/forms.ts's bounded reader`).toEqual([]);
  });

  it("the modules that take a body import a bounded reader", () => {
    const readers = /\b(readForm|readFormAll|readJson|readMultipart|readBytes)\(request/;
    const users = files.filter((name) => readers.test(readFileSync(path.join(routesDir, name), "utf8")));
    expect(users).toEqual(expect.arrayContaining(["api-admin-user-emails.ts", "api-uploads.ts", "thread.tsx", "new-thread.tsx", "auth-login.tsx"]));
  });
});
