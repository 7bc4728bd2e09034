/**
 * `npm start` builds only when the build folder was not made from the sources as they are
 * (`scripts/build-if-changed.ts`, docs/decisions/048-start-without-rebuild.md): on real folders,
 * with the project's own `.gitignore`, and a stand-in for `react-router build` that counts its runs.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  MARKER_FILE,
  buildIfChanged,
  decideBuild,
  fingerprintSources,
  isIgnored,
  listSourceFiles,
  parseIgnoreRules,
  recordBuild,
} from "../../scripts/build-if-changed";

const repo = path.resolve(import.meta.dirname, "../..");
const folders: string[] = [];

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes a file, creating its folders. */
function put(root: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

/**
 * A small project in a temp folder with this repository's `.gitignore`, sources, and what a
 * checkout also holds that is no source: dependencies, data, builds, logs, Git's own folder.
 */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), "build-if-changed-"));
  folders.push(root);
  put(root, ".gitignore", readFileSync(path.join(repo, ".gitignore"), "utf8"));
  put(root, "package.json", '{ "name": "x" }\n');
  put(root, "package-lock.json", "{}\n");
  put(root, "vite.config.ts", "export default {};\n");
  put(root, "app/root.tsx", "export default function Root() { return null; }\n");
  put(root, "domain/values.ts", "export const A = 1;\n");
  put(root, "server/http/app.ts", "export const app = 1;\n");
  put(root, "public/favicon.svg", "<svg/>\n");
  put(root, "docs/notes.md", "`grid-cols-7`\n");
  put(root, "node_modules/dep/index.js", "module.exports = 1;\n");
  put(root, "data/pglite/base", "rows\n");
  put(root, "build/server/index.js", "old build\n");
  put(root, "build-perf/server/index.js", "another build\n");
  put(root, ".react-router/types/x.ts", "generated\n");
  put(root, "test-results/trace.zip", "zip\n");
  put(root, "server/debug.log", "log\n");
  put(root, ".git/HEAD", "ref: refs/heads/main\n");
  return root;
}

/**
 * A stand-in for `react-router build` at the path the script runs it from: it counts its runs in
 * `builds.txt` (outside the build), empties the build folder as React Router does, writes a server
 * entry holding the run's number, and fails when `fail-build` exists.
 */
function fakeReactRouter(root: string): () => number {
  put(
    root,
    "node_modules/@react-router/dev/bin.cjs",
    `const fs = require("node:fs"), path = require("node:path");
const count = path.join(__dirname, "builds.txt");
const n = (fs.existsSync(count) ? Number(fs.readFileSync(count, "utf8")) : 0) + 1;
fs.writeFileSync(count, String(n));
const out = path.resolve(process.cwd(), process.env.BUILD_DIR ?? "build");
fs.rmSync(out, { recursive: true, force: true });
if (fs.existsSync(path.join(process.cwd(), "fail-build"))) process.exit(3);
fs.mkdirSync(path.join(out, "server"), { recursive: true });
fs.writeFileSync(path.join(out, "server/index.js"), "build " + n + " " + (process.env.NODE_ENV ?? ""));
`,
  );
  const count = path.join(root, "node_modules/@react-router/dev/builds.txt");
  return () => (existsSync(count) ? Number(readFileSync(count, "utf8")) : 0);
}

const quiet = { env: { PATH: process.env.PATH } as NodeJS.ProcessEnv };

describe("source files", () => {
  it("are the files Git would not ignore: no dependencies, data, builds, logs or .git", () => {
    const root = project();
    expect(listSourceFiles(root)).toEqual([
      ".gitignore",
      "app/root.tsx",
      "docs/notes.md",
      "domain/values.ts",
      "package-lock.json",
      "package.json",
      "public/favicon.svg",
      "server/http/app.ts",
      "vite.config.ts",
    ]);
  });

  it("follow .gitignore files below the root, negation, anchoring and folder-only patterns", () => {
    const root = project();
    put(root, "server/build/x.ts", "a source: /build/ is anchored to the root\n");
    put(root, "server/uploads/.gitignore", "*\n!keep.txt\n!.gitignore\n");
    put(root, "server/uploads/photo.jpg", "jpg\n");
    put(root, "server/uploads/keep.txt", "kept\n");
    put(root, "app/node_modules", "a file, not a folder: node_modules/ matches folders only\n");
    const files = listSourceFiles(root);
    expect(files).toContain("server/build/x.ts");
    expect(files).toContain("server/uploads/keep.txt");
    expect(files).toContain("server/uploads/.gitignore");
    expect(files).not.toContain("server/uploads/photo.jpg");
    expect(files).toContain("app/node_modules");
  });

  it("match Git's patterns", () => {
    const rules = parseIgnoreRules("# comment\n/build-*/\n**/cache/**\ndocs/*.tmp\n[ab].txt\n\\#hash\n", "");
    expect(isIgnored(rules, "build-perf", true)).toBe(true);
    expect(isIgnored(rules, "build-perf", false)).toBe(false);
    expect(isIgnored(rules, "app/build-perf", true)).toBe(false);
    expect(isIgnored(rules, "cache/a", false)).toBe(true);
    expect(isIgnored(rules, "x/y/cache/z/w", false)).toBe(true);
    expect(isIgnored(rules, "docs/a.tmp", false)).toBe(true);
    expect(isIgnored(rules, "docs/sub/a.tmp", false)).toBe(false);
    expect(isIgnored(rules, "x/b.txt", false)).toBe(true);
    expect(isIgnored(rules, "x/c.txt", false)).toBe(false);
    expect(isIgnored(rules, "#hash", false)).toBe(true);
  });

  it("count a link to a file as that file and do not follow a link to a folder", () => {
    const root = project();
    symlinkSync(path.join(root, "app"), path.join(root, "app-link"));
    symlinkSync("root.tsx", path.join(root, "app/alias.tsx"));
    const before = fingerprintSources(root, { buildDir: "build", ...quiet });
    expect(before.files["app/alias.tsx"]).toBe(before.files["app/root.tsx"]);
    expect(Object.keys(before.files).filter((f) => f.startsWith("app-link"))).toEqual(["app-link"]);
  });
});

describe("the fingerprint", () => {
  it("is the same on every run and for the same content elsewhere with other times", () => {
    const root = project();
    const first = fingerprintSources(root, { buildDir: "build", ...quiet });
    utimesSync(path.join(root, "app/root.tsx"), new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(fingerprintSources(root, { buildDir: "build", ...quiet })).toEqual(first);
    const copy = project();
    expect(fingerprintSources(copy, { buildDir: "build", ...quiet }).fingerprint).toBe(first.fingerprint);
  });

  it("changes when a source changes, appears or goes, but not with data, dependencies or builds", () => {
    const root = project();
    const fp = () => fingerprintSources(root, { buildDir: "build", ...quiet }).fingerprint;
    const base = fp();
    put(root, "data/pglite/base", "more rows\n");
    put(root, "node_modules/dep/index.js", "module.exports = 2;\n");
    put(root, "build/client/new.js", "x\n");
    put(root, "server/other.log", "x\n");
    expect(fp()).toBe(base);

    put(root, "domain/values.ts", "export const A = 2;\n");
    const edited = fp();
    expect(edited).not.toBe(base);
    put(root, "domain/values.ts", "export const A = 1;\n");
    expect(fp()).toBe(base);

    put(root, "app/routes/new.tsx", "export default 1;\n");
    expect(fp()).not.toBe(base);
    rmSync(path.join(root, "app/routes/new.tsx"));
    expect(fp()).toBe(base);
    rmSync(path.join(root, "docs/notes.md"));
    expect(fp()).not.toBe(base);
  });

  it("leaves out a build folder that Git does not ignore, and reads Vite's .env files that Git ignores", () => {
    const root = project();
    put(root, "out/server/index.js", "a build\n");
    const withOut = fingerprintSources(root, { buildDir: "out", ...quiet });
    expect(Object.keys(withOut.files).some((f) => f.startsWith("out/"))).toBe(false);
    expect(fingerprintSources(root, { buildDir: path.join(root, "out"), ...quiet }).fingerprint).toBe(withOut.fingerprint);

    put(root, ".env", "VITE_GREETING=hej\n");
    expect(fingerprintSources(root, { buildDir: "out", ...quiet }).files[".env"]).toBeDefined();
  });

  it("holds NODE_ENV (unset builds as production) and VITE_ variables", () => {
    const root = project();
    const fp = (env: NodeJS.ProcessEnv) => fingerprintSources(root, { buildDir: "build", env }).fingerprint;
    expect(fp({ NODE_ENV: "production" })).toBe(fp({}));
    expect(fp({ NODE_ENV: "development" })).not.toBe(fp({}));
    expect(fp({ VITE_X: "1" })).not.toBe(fp({}));
    expect(fp({ PORT: "3000", DATABASE_URL: "postgres://x" })).toBe(fp({}));
  });
});

describe("the decision", () => {
  it("builds without a build or a marker, not for the recorded sources, again after a change or another build", () => {
    const root = project();
    const buildPath = path.join(root, "build");
    const current = () => fingerprintSources(root, { buildDir: "build", ...quiet });

    rmSync(buildPath, { recursive: true });
    expect(decideBuild(buildPath, current(), "build")).toMatchObject({ build: true, reason: "inget bygge finns i build/" });

    put(root, "build/server/index.js", "new build\n");
    expect(decideBuild(buildPath, current(), "build")).toMatchObject({ build: true });
    expect(decideBuild(buildPath, current(), "build").reason).toContain("det syns inte vilka källor");

    recordBuild(buildPath, current());
    expect(decideBuild(buildPath, current(), "build")).toEqual({
      build: false,
      reason: "bygget i build/ är gjort av källorna som de är nu (9 filer)",
    });

    put(root, "app/root.tsx", "export default function Root() { return 1; }\n");
    put(root, "app/extra.ts", "1\n");
    expect(decideBuild(buildPath, current(), "build")).toEqual({
      build: true,
      reason: "källorna har ändrats sedan förra bygget: app/extra.ts (ny), app/root.tsx",
    });

    // The same sources, but another build was written over this one (a build folder outside the
    // project, which React Router does not empty, built by hand).
    put(root, "app/root.tsx", "export default function Root() { return null; }\n");
    rmSync(path.join(root, "app/extra.ts"));
    expect(decideBuild(buildPath, current(), "build").build).toBe(false);
    put(root, "build/server/index.js", "a later build of other sources\n");
    expect(decideBuild(buildPath, current(), "build").reason).toBe("bygget i build/ har byggts om sedan källorna registrerades");
  });

  it("names the setting when only the environment changed", () => {
    const root = project();
    const buildPath = path.join(root, "build");
    recordBuild(buildPath, fingerprintSources(root, { buildDir: "build", env: {} }));
    const dev = fingerprintSources(root, { buildDir: "build", env: { NODE_ENV: "development" } });
    expect(decideBuild(buildPath, dev, "build")).toEqual({ build: true, reason: "NODE_ENV har ändrats sedan förra bygget" });
  });
});

describe("npm start's build step", () => {
  it("builds once, starts without building while nothing changed, and builds again after a change", () => {
    const root = project();
    const builds = fakeReactRouter(root);
    const run = (argv: string[] = []) => buildIfChanged(root, { argv, env: { PATH: process.env.PATH } });

    expect(run()).toBe(0);
    expect(builds()).toBe(1);
    expect(existsSync(path.join(root, "build", MARKER_FILE))).toBe(true);
    expect(run()).toBe(0);
    expect(run()).toBe(0);
    expect(builds()).toBe(1);

    put(root, "server/http/app.ts", "export const app = 2;\n");
    expect(run()).toBe(0);
    expect(builds()).toBe(2);
    expect(run()).toBe(0);
    expect(builds()).toBe(2);

    expect(run(["--force"])).toBe(0);
    expect(builds()).toBe(3);
    expect(run()).toBe(0);
    expect(builds()).toBe(3);
  });

  it("records nothing when the build fails, so the next start builds again", () => {
    const root = project();
    const builds = fakeReactRouter(root);
    const run = () => buildIfChanged(root, { argv: [], env: { PATH: process.env.PATH } });
    expect(run()).toBe(0);
    put(root, "app/root.tsx", "broken\n");
    put(root, "fail-build", "");
    expect(run()).toBe(3);
    expect(existsSync(path.join(root, "build", MARKER_FILE))).toBe(false);
    rmSync(path.join(root, "fail-build"));
    expect(run()).toBe(0);
    expect(builds()).toBe(3);
    expect(run()).toBe(0);
    expect(builds()).toBe(3);
  });

  it("removes the marker before building, so an interrupted build is built again", () => {
    const root = project();
    fakeReactRouter(root);
    const outside = mkdtempSync(path.join(tmpdir(), "build-if-changed-out-"));
    folders.push(outside);
    const env = { PATH: process.env.PATH, BUILD_DIR: outside };
    expect(buildIfChanged(root, { argv: [], env })).toBe(0);
    expect(existsSync(path.join(outside, MARKER_FILE))).toBe(true);
    // A stand-in that dies mid-build without emptying the folder (React Router does not empty a
    // build folder outside the project).
    put(root, "node_modules/@react-router/dev/bin.cjs", "process.kill(process.pid, 'SIGKILL');\n");
    put(root, "app/root.tsx", "changed\n");
    expect(buildIfChanged(root, { argv: [], env })).not.toBe(0);
    expect(existsSync(path.join(outside, MARKER_FILE))).toBe(false);
    expect(existsSync(path.join(outside, "server/index.js"))).toBe(true);
    put(root, "app/root.tsx", "export default function Root() { return null; }\n");
    expect(decideBuild(outside, fingerprintSources(root, { buildDir: outside, ...quiet }), "x").build).toBe(true);
  });
});

describe("this checkout", () => {
  it("fingerprints the app, server, configs and lock file, and none of the builds, data or dependencies", () => {
    const files = Object.keys(fingerprintSources(repo, { buildDir: "build", env: {} }).files);
    for (const source of ["app/root.tsx", "server/http/app.ts", "domain/values.ts", "vite.config.ts", "react-router.config.ts", "package-lock.json", "scripts/build-if-changed.ts"]) {
      expect(files).toContain(source);
    }
    expect(files.filter((f) => /^(node_modules|build|build-[^/]+|data|\.react-router|\.git|test-results[^/]*)\//.test(f))).toEqual([]);
  });

  it("lists the files Git lists as tracked or untracked and not ignored", () => {
    const git = spawnSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: repo, encoding: "utf8" });
    if (git.status !== 0) return; // a checkout without Git: nothing to compare with
    const listed = git.stdout.split("\0").filter((f) => f !== "" && existsSync(path.join(repo, f)));
    expect(listSourceFiles(repo)).toEqual([...new Set(listed)].sort());
  });
});
