/**
 * Upload storage and the profile-image commands on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the disk backend and its key guard, the S3 backend against a local
 * S3-speaking HTTP server, the `S3_*` configuration, replacing and removing avatars and banners
 * (old files gone from disk), and the two routes (`/api/uploads/:kind`, `/uploads/*`).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads as up } from "../../../domain/i18n/sv";
import { action as uploadAction, loader as uploadLoader } from "../../../app/routes/api-uploads";
import { loader as serveUpload } from "../../../app/routes/uploads";
import { login } from "../../../server/accounts/actions";
import { ConfigError, parseConfig, type S3Config } from "../../../server/platform/config";
import { profiles } from "../../../server/db/schema";
import { ForumError } from "../../../server/platform/errors";
import { servicesContext } from "../../../server/platform/services";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import {
  createLocalStorage,
  createS3Storage,
  createStorage,
  InvalidStorageKeyError,
  isSafeKey,
  storageFor,
  type FileStorage,
} from "../../../server/storage/storage";
import { UploadError } from "../../../server/uploads/images";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from "../../../domain/uploads";
import {
  isUploadKey,
  keyFromUrl,
  removeProfileImage,
  setProfileImage,
  urlForKey,
  type ProfileImageDeps,
} from "../../../server/uploads/profile-images";

const ORIGIN = "http://localhost:3000";

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "borssnack-uploads-"));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function png(width = 320, height = 240, colour = "#1d4ed8"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** Keys that try to leave the folder or are otherwise not plain relative paths. */
const UNSAFE_KEYS = [
  "",
  "../escape.webp",
  "avatars/../../escape.webp",
  "/etc/passwd.webp",
  "avatars//x.webp",
  "avatars/./x.webp",
  "avatars\\..\\x.webp",
  "%2e%2e/x.webp",
  "avatars/x",
  "avatars/x.webp/",
  "avatars/x y.webp",
  "C:/x.webp",
  "avatars/x.webp\0.png",
  `${"a/".repeat(300)}x.webp`,
];

describe("local storage", () => {
  it("puts, gets and deletes by key; missing is null; deleting twice is fine", async () => {
    const dir = tempDir();
    const storage = createLocalStorage(dir);
    expect(storage.kind).toBe("local");
    const bytes = Buffer.from("RIFF....WEBPVP8 ");
    await storage.put("avatars/u1/abc.webp", bytes, "image/webp");
    expect(existsSync(path.join(dir, "avatars/u1/abc.webp"))).toBe(true);
    expect(await storage.get("avatars/u1/abc.webp")).toEqual({ bytes, contentType: "image/webp" });
    // Replacing a key overwrites it; no temporary files are left.
    await storage.put("avatars/u1/abc.webp", Buffer.from("ny"), "image/webp");
    expect((await storage.get("avatars/u1/abc.webp"))!.bytes.toString()).toBe("ny");
    expect(readdirSync(path.join(dir, "avatars/u1"))).toEqual(["abc.webp"]);
    await storage.delete("avatars/u1/abc.webp");
    expect(existsSync(path.join(dir, "avatars/u1/abc.webp"))).toBe(false);
    expect(await storage.get("avatars/u1/abc.webp")).toBeNull();
    await storage.delete("avatars/u1/abc.webp");
  });

  it.each(UNSAFE_KEYS)("refuses the key %j for put, get and delete", async (key) => {
    const dir = tempDir();
    const storage = createLocalStorage(path.join(dir, "uploads"));
    expect(isSafeKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from("x"), "image/webp")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    // Nothing was written anywhere, not even the uploads folder itself.
    expect(readdirSync(dir)).toEqual([]);
  });

  it("createStorage picks disk without S3 settings and S3 with them; storageFor reuses one per config", () => {
    const dataDir = tempDir();
    const local = { dataDir, s3: undefined };
    expect(createStorage(local).kind).toBe("local");
    const s3 = { dataDir, s3: s3Settings("http://127.0.0.1:9") };
    expect(createStorage(s3).kind).toBe("s3");
    expect(storageFor(local)).toBe(storageFor(local));
    expect(storageFor(local)).not.toBe(storageFor({ ...local }));
    expect(storageFor(s3).kind).toBe("s3");
  });
});

function s3Settings(endpoint: string, publicUrl?: string): S3Config {
  return {
    endpoint,
    bucket: "borssnack",
    accessKeyId: "AKIDTEST",
    secretAccessKey: "hemlig-nyckel",
    region: "auto",
    publicUrl,
  };
}

/** A minimal S3-speaking server: path-style PUT/GET/DELETE of objects, in memory. */
async function startFakeS3(): Promise<{
  endpoint: string;
  objects: Map<string, { body: Buffer; type: string; cacheControl: string }>;
  requests: Array<{ method: string; url: string; authorization: string }>;
  close(): Promise<void>;
}> {
  const objects = new Map<string, { body: Buffer; type: string; cacheControl: string }>();
  const requests: Array<{ method: string; url: string; authorization: string }> = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, "http://x");
    requests.push({ method: req.method!, url: url.pathname, authorization: String(req.headers.authorization ?? "") });
    const key = decodeURIComponent(url.pathname);
    if (req.method === "PUT") {
      objects.set(key, {
        body: await read(req),
        type: String(req.headers["content-type"]),
        cacheControl: String(req.headers["cache-control"]),
      });
      res.writeHead(200, { ETag: '"1"' }).end();
    } else if (req.method === "GET") {
      const object = objects.get(key);
      if (!object) {
        res
          .writeHead(404, { "Content-Type": "application/xml" })
          .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>Saknas</Message></Error>');
      } else {
        res.writeHead(200, { "Content-Type": object.type, "Content-Length": object.body.length }).end(object.body);
      }
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("S3 storage", () => {
  it("puts, gets and deletes objects path-style, signed, with type and cache headers", async () => {
    const s3 = await startFakeS3();
    try {
      const storage = createS3Storage(s3Settings(s3.endpoint));
      expect(storage.kind).toBe("s3");
      const bytes = Buffer.from("RIFF....WEBPVP8 bild");
      await storage.put("banners/u2/xyz.webp", bytes, "image/webp");
      expect(s3.objects.get("/borssnack/banners/u2/xyz.webp")).toEqual({
        body: bytes,
        type: "image/webp",
        cacheControl: "public, max-age=31536000, immutable",
      });
      expect(await storage.get("banners/u2/xyz.webp")).toEqual({ bytes, contentType: "image/webp" });
      expect(await storage.get("banners/u2/saknas.webp")).toBeNull();
      await storage.delete("banners/u2/xyz.webp");
      expect(s3.objects.size).toBe(0);
      expect(s3.requests.every((r) => r.authorization.startsWith("AWS4-HMAC-SHA256 Credential=AKIDTEST/"))).toBe(true);
      for (const key of UNSAFE_KEYS) {
        await expect(storage.put(key, bytes, "image/webp")).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      expect(s3.requests.map((r) => r.method)).toEqual(["PUT", "GET", "GET", "DELETE"]);
    } finally {
      await s3.close();
    }
  });
});

describe("S3_* configuration", () => {
  const base = { NODE_ENV: "test", AUTH_SECRET: "test-secret-that-is-long-enough-0123456789" };
  const full = {
    S3_ENDPOINT: "https://konto.r2.cloudflarestorage.com",
    S3_BUCKET: "borssnack",
    S3_ACCESS_KEY_ID: "AKID",
    S3_SECRET_ACCESS_KEY: "hemlig",
  };

  function configError(env: Record<string, string>): ConfigError {
    try {
      parseConfig({ ...base, DATA_DIR: tempDir(), ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return error as ConfigError;
    }
    throw new Error("parseConfig godtog konfigurationen");
  }

  it("without S3_* files stay on disk", () => {
    expect(parseConfig({ ...base, DATA_DIR: tempDir() }).s3).toBeUndefined();
    expect(parseConfig({ ...base, DATA_DIR: tempDir(), S3_BUCKET: " ", S3_REGION: "eu-north-1" }).s3).toBeUndefined();
  });

  it("all four give S3 settings, region 'auto' by default, public URL without trailing slash", () => {
    expect(parseConfig({ ...base, DATA_DIR: tempDir(), ...full }).s3).toEqual({
      endpoint: full.S3_ENDPOINT,
      bucket: "borssnack",
      accessKeyId: "AKID",
      secretAccessKey: "hemlig",
      region: "auto",
      publicUrl: undefined,
    });
    const withExtras = parseConfig({
      ...base,
      DATA_DIR: tempDir(),
      ...full,
      S3_REGION: "eu-north-1",
      S3_PUBLIC_URL: "https://bilder.borssnack.se/",
    }).s3!;
    expect([withExtras.region, withExtras.publicUrl]).toEqual(["eu-north-1", "https://bilder.borssnack.se"]);
  });

  it("a partial set names the first missing variable", () => {
    const { S3_BUCKET: _b, ...noBucket } = full;
    let error = configError(noBucket);
    expect(error.variable).toBe("S3_BUCKET");
    expect(error.message).toBe(`Ogiltig konfiguration: S3_BUCKET ${up.s3Incomplete}`);
    const { S3_ENDPOINT: _e, S3_SECRET_ACCESS_KEY: _s, ...twoMissing } = full;
    expect(configError(twoMissing).variable).toBe("S3_ENDPOINT");
    expect(configError({ S3_SECRET_ACCESS_KEY: "x" }).variable).toBe("S3_ENDPOINT");
    expect(configError({ S3_PUBLIC_URL: "https://bilder.borssnack.se" }).variable).toBe("S3_ENDPOINT");
  });

  it("endpoint and public URL must be URLs", () => {
    expect(configError({ ...full, S3_ENDPOINT: "inte en url" }).variable).toBe("S3_ENDPOINT");
    expect(configError({ ...full, S3_PUBLIC_URL: "bilder" }).variable).toBe("S3_PUBLIC_URL");
  });
});

describe("URLs and keys", () => {
  it("serves through /uploads/ unless S3_PUBLIC_URL is set, and only our keys map back", () => {
    const key = "avatars/abc123/AAAAAAAAAAAAAAAAAAAAAA.webp";
    expect(isUploadKey(key)).toBe(true);
    expect(urlForKey({ s3: undefined }, key)).toBe(`/uploads/${key}`);
    const s3 = { s3: s3Settings("https://s3.example", "https://bilder.borssnack.se") };
    expect(urlForKey(s3, key)).toBe(`https://bilder.borssnack.se/${key}`);
    expect(keyFromUrl(s3, `https://bilder.borssnack.se/${key}`)).toBe(key);
    expect(keyFromUrl(s3, `/uploads/${key}`)).toBe(key);
    expect(keyFromUrl({ s3: undefined }, `https://bilder.borssnack.se/${key}`)).toBeNull();
    for (const foreign of ["https://gravatar.com/a.png", "/uploads/../auth-secret", "/uploads/avatars/x/y.webp", "/favicon.ico"]) {
      expect(keyFromUrl(s3, foreign)).toBeNull();
    }
  });
});

describe("profile images on a real database", () => {
  let forum: TestForum;
  let deps: ProfileImageDeps;
  let uploadsDir: string;

  beforeAll(async () => {
    forum = await createTestForum();
    deps = forum.services;
    uploadsDir = path.join(forum.services.config.dataDir, "uploads");
  });
  afterAll(() => forum.close());

  async function columns(id: string) {
    const [row] = await forum.services.db
      .select({ avatarUrl: profiles.avatarUrl, bannerUrl: profiles.bannerUrl })
      .from(profiles)
      .where(eq(profiles.id, id));
    return row!;
  }
  const fileOf = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ""));
  const filesOf = (folder: string, id: string) =>
    existsSync(path.join(uploadsDir, folder, id)) ? readdirSync(path.join(uploadsDir, folder, id)) : [];

  it("stores a WebP under avatars/<id>/, points avatar_url at it, and replacing deletes the old file", async () => {
    const member = await createMember(forum);
    const first = await setProfileImage(deps, member.id, "avatar", await png());
    expect(first.url).toMatch(new RegExp(`^/uploads/avatars/${member.id}/[A-Za-z0-9_-]{22}\\.webp$`));
    expect((await columns(member.id)).avatarUrl).toBe(first.url);
    const stored = await sharp(fileOf(first.url)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["webp", 256, 256]);

    const second = await setProfileImage(deps, member.id, "avatar", await png(500, 500, "#b91c1c"));
    expect(second.url).not.toBe(first.url);
    expect((await columns(member.id)).avatarUrl).toBe(second.url);
    expect(existsSync(fileOf(first.url))).toBe(false);
    expect(existsSync(fileOf(second.url))).toBe(true);
    expect(filesOf("avatars", member.id)).toEqual([path.basename(second.url)]);
  });

  it("banner and avatar are independent; removing clears the column and deletes the file", async () => {
    const member = await createMember(forum);
    const avatar = await setProfileImage(deps, member.id, "avatar", await png());
    const banner = await setProfileImage(deps, member.id, "banner", await png(3000, 1000));
    expect(banner.url).toMatch(new RegExp(`^/uploads/banners/${member.id}/`));
    const meta = await sharp(fileOf(banner.url)).metadata();
    expect([meta.width, meta.height]).toEqual([1500, 500]);
    expect(await columns(member.id)).toEqual({ avatarUrl: avatar.url, bannerUrl: banner.url });

    expect(await removeProfileImage(deps, member.id, "banner")).toEqual({ removed: true });
    expect(await columns(member.id)).toEqual({ avatarUrl: avatar.url, bannerUrl: null });
    expect(existsSync(fileOf(banner.url))).toBe(false);
    expect(existsSync(fileOf(avatar.url))).toBe(true);
    expect(await removeProfileImage(deps, member.id, "banner")).toEqual({ removed: false });

    expect(await removeProfileImage(deps, member.id, "avatar")).toEqual({ removed: true });
    expect(await columns(member.id)).toEqual({ avatarUrl: null, bannerUrl: null });
    expect(filesOf("avatars", member.id)).toEqual([]);
  });

  it("a refused file changes nothing and stores nothing", async () => {
    const member = await createMember(forum);
    const kept = await setProfileImage(deps, member.id, "avatar", await png());
    await expect(setProfileImage(deps, member.id, "avatar", Buffer.from("<svg><script>alert(1)</script></svg>"))).rejects.toSatisfy(
      (error) => error instanceof UploadError && error.uploadStatus === 415,
    );
    expect((await columns(member.id)).avatarUrl).toBe(kept.url);
    expect(filesOf("avatars", member.id)).toEqual([path.basename(kept.url)]);
  });

  it("an image URL that is not ours (external address) is left alone when replaced", async () => {
    const member = await createMember(forum);
    await forum.services.db.update(profiles).set({ avatarUrl: "https://gravatar.com/avatar/x.png" }).where(eq(profiles.id, member.id));
    const deleted: string[] = [];
    const local = createLocalStorage(uploadsDir);
    const spy: FileStorage = { ...local, delete: async (key) => void deleted.push(key) };
    const { url } = await setProfileImage({ ...deps, storage: spy }, member.id, "avatar", await png());
    expect((await columns(member.id)).avatarUrl).toBe(url);
    expect(deleted).toEqual([]);
  });

  it("a missing profile is 401 and the new file is deleted again", async () => {
    await expect(setProfileImage(deps, "finnsinte123", "avatar", await png())).rejects.toSatisfy(
      (error) => error instanceof ForumError && error.status === 401,
    );
    expect(filesOf("avatars", "finnsinte123")).toEqual([]);
    await expect(removeProfileImage(deps, "finnsinte123", "avatar")).rejects.toBeInstanceOf(ForumError);
  });

  it("a failing database update deletes the new file and keeps the old one", async () => {
    const member = await createMember(forum);
    const kept = await setProfileImage(deps, member.id, "avatar", await png());
    const brokenDb = new Proxy(forum.services.db, {
      get(target, prop, receiver) {
        if (prop === "transaction") return async () => Promise.reject(new Error("databasen svarar inte"));
        return Reflect.get(target, prop, receiver);
      },
    });
    await expect(setProfileImage({ ...deps, db: brokenDb }, member.id, "avatar", await png())).rejects.toThrow("databasen svarar inte");
    expect((await columns(member.id)).avatarUrl).toBe(kept.url);
    expect(filesOf("avatars", member.id)).toEqual([path.basename(kept.url)]);
  });
});

describe("routes /api/uploads/:kind and /uploads/*", () => {
  let forum: TestForum;
  let member: TestMember;
  let cookie: string;

  beforeAll(async () => {
    forum = await createTestForum();
    member = await createMember(forum);
    const result = await login(forum.services, { email: member.email, password: member.password }, new Headers());
    if (!result.ok) throw new Error("inloggningen misslyckades");
    cookie = result.setCookies.map((c) => c.split(";")[0]!.trim()).join("; ");
  });
  afterAll(() => forum.close());

  function context() {
    const c = new RouterContextProvider();
    c.set(servicesContext, forum.services);
    return c;
  }

  async function call(kind: string, init: RequestInit & { cookie?: string | null } = {}): Promise<{ status: number; body: any }> {
    const headers = new Headers(init.headers);
    if (init.cookie !== null) headers.set("cookie", init.cookie ?? cookie);
    const request = new Request(`${ORIGIN}/api/uploads/${kind}`, { method: "POST", ...init, headers });
    const response = (await uploadAction({
      request,
      url: new URL(request.url),
      pattern: "/api/uploads/:kind",
      context: context(),
      params: { kind },
    })) as Response;
    expect(response.headers.get("cache-control")).toBe("no-store");
    return { status: response.status, body: await response.json() };
  }

  function form(file: Blob | string | null, name = "bild.png"): FormData {
    const data = new FormData();
    if (typeof file === "string") data.set("file", file);
    else if (file) data.set("file", file, name);
    return data;
  }

  async function serve(key: string, headers: HeadersInit = {}): Promise<Response> {
    const request = new Request(`${ORIGIN}/uploads/${key}`, { headers });
    return (await serveUpload({
      request,
      url: new URL(request.url),
      pattern: "/uploads/*",
      context: context(),
      params: { "*": key },
    })) as Response;
  }

  it("uploads an avatar (named .exe, claimed as a program: judged by content) and serves it safely", async () => {
    const exe = new Blob([new Uint8Array(await png())], { type: "application/x-msdownload" });
    const { status, body } = await call("avatar", { body: form(exe, "virus.exe") });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, url: expect.stringMatching(/^\/uploads\/avatars\//) });

    const key = (body.url as string).slice("/uploads/".length);
    const response = await serve(key);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    const etag = response.headers.get("etag")!;
    expect((await serve(key, { "if-none-match": etag })).status).toBe(304);
  });

  it("refuses with Swedish JSON: 401 visitor, 404 kind, 400 no file, 413 too large, 415 text/SVG", async () => {
    expect(await call("avatar", { body: form(new Blob([new Uint8Array(await png())])), cookie: null })).toEqual({
      status: 401,
      body: { ok: false, error: up.loginRequired },
    });
    expect(await call("background", { body: form(new Blob([new Uint8Array(await png())])) })).toEqual({
      status: 404,
      body: { ok: false, error: up.unknownKind },
    });
    expect(await call("avatar", { body: form(null) })).toEqual({ status: 400, body: { ok: false, error: up.missingFile } });
    expect(await call("avatar", { body: form("bara text i fältet") })).toEqual({
      status: 400,
      body: { ok: false, error: up.missingFile },
    });
    expect(await call("avatar", { body: "inte ett formulär", headers: { "content-type": "multipart/form-data; boundary=x" } })).toEqual({
      status: 400,
      body: { ok: false, error: up.missingFile },
    });
    const text = new Blob(["Hej, jag är en textfil"], { type: "image/png" });
    expect(await call("avatar", { body: form(text, "bild.png") })).toEqual({
      status: 415,
      body: { ok: false, error: up.unsupportedType },
    });
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: "image/svg+xml" });
    expect((await call("banner", { body: form(svg, "x.svg") })).status).toBe(415);
    const huge = new Blob([Buffer.alloc(MAX_UPLOAD_BYTES + 1)], { type: "image/png" });
    expect(await call("avatar", { body: form(huge) })).toEqual({
      status: 413,
      body: { ok: false, error: up.tooLarge(MAX_UPLOAD_MB) },
    });
  });

  it("a body over the cap is never kept: reading stops at the cap (the request guard drains the rest)", async () => {
    const declared = await call("avatar", {
      body: "x",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(50 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);

    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
        if (sent > 100 * 1024 * 1024) controller.close();
      },
    });
    const streamed = await call("avatar", {
      body: endless,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 4 * 1024 * 1024);
  });

  it("removes with DELETE and with POST intent=remove; GET is 405", async () => {
    const up = await call("banner", { body: form(new Blob([new Uint8Array(await png(1600, 600))])) });
    expect(up.status).toBe(200);
    const key = (up.body.url as string).slice("/uploads/".length);
    expect(await call("banner", { method: "DELETE" })).toEqual({ status: 200, body: { ok: true, url: null } });
    expect((await serve(key)).status).toBe(404);

    const again = await call("avatar", { body: form(new Blob([new Uint8Array(await png())])) });
    const removeForm = new FormData();
    removeForm.set("intent", "remove");
    expect(await call("avatar", { body: removeForm })).toEqual({ status: 200, body: { ok: true, url: null } });
    expect((await serve((again.body.url as string).slice("/uploads/".length))).status).toBe(404);

    const get = (await uploadLoader()) as Response;
    expect(get.status).toBe(405);
  });

  it("/uploads/* serves only generated keys: traversal, other names and missing files are 404", async () => {
    for (const key of [
      "../auth-secret",
      "..%2fauth-secret",
      "avatars/../../auth-secret",
      "pglite/PG_VERSION",
      "avatars/x/y.webp",
      "avatars/x/AAAAAAAAAAAAAAAAAAAAAA.svg",
      `avatars/${member.id}/AAAAAAAAAAAAAAAAAAAAAA.webp`,
    ]) {
      const response = await serve(key);
      expect(response.status, key).toBe(404);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});
