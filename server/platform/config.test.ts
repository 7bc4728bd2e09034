/**
 * parseConfig as an operator meets it: defaults in development, and a one-line message naming the
 * variable when production is missing something or a value is invalid.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { availableParallelism } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";
import { webConcurrency } from "./web-concurrency";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "borssnack-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SECRET = "produktionshemlighet-som-ar-lang-nog-0123456789";

function production(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    NODE_ENV: "production",
    DATA_DIR: tempDir(),
    PUBLIC_URL: "https://borssnack.se",
    AUTH_SECRET: SECRET,
    MAIL_FROM: "Börssnack <noreply@borssnack.se>",
    ...overrides,
  };
}

/** Runs parseConfig expecting a ConfigError; returns it. */
function configError(env: Record<string, string | undefined>): ConfigError {
  let caught: unknown;
  try {
    parseConfig(env);
  } catch (error) {
    caught = error;
  }
  expect(caught, `parseConfig(${JSON.stringify(env)}) should throw`).toBeInstanceOf(ConfigError);
  return caught as ConfigError;
}

function expectNamed(error: ConfigError, variable: string) {
  expect(error.variable).toBe(variable);
  expect(error.message).toContain(variable);
  expect(error.message).not.toMatch(/[\r\n]/);
  expect(error.message.length).toBeGreaterThan(variable.length);
}

describe("development defaults", () => {
  it("runs with nothing but a data directory: port 3000, embedded database, local links", () => {
    const dir = tempDir();
    const config = parseConfig({ DATA_DIR: dir });
    expect(config.nodeEnv).toBe("development");
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.dataDir).toBe(dir);
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.mailFrom.length).toBeGreaterThan(0);
  });

  it("resolves a relative DATA_DIR to an absolute path", () => {
    const dir = tempDir();
    const relative = path.relative(process.cwd(), path.join(dir, "data"));
    expect(path.isAbsolute(relative)).toBe(false);
    const config = parseConfig({ DATA_DIR: relative });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir).toBe(path.join(dir, "data"));
  });

  it("generates a secret once, stores it in DATA_DIR/auth-secret and reuses it", () => {
    const dir = path.join(tempDir(), "ny-katalog");
    const first = parseConfig({ DATA_DIR: dir });
    const file = path.join(dir, "auth-secret");
    expect(existsSync(file)).toBe(true);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, "utf8").trim()).toBe(first.authSecret);

    const second = parseConfig({ DATA_DIR: dir });
    expect(second.authSecret).toBe(first.authSecret);

    const elsewhere = parseConfig({ DATA_DIR: tempDir() });
    expect(elsewhere.authSecret).not.toBe(first.authSecret);
  });

  it("an AUTH_SECRET given in the environment wins and nothing is written", () => {
    const dir = tempDir();
    const config = parseConfig({ DATA_DIR: dir, AUTH_SECRET: SECRET });
    expect(config.authSecret).toBe(SECRET);
    expect(existsSync(path.join(dir, "auth-secret"))).toBe(false);
  });

  it("follows PORT in the default public URL and strips a trailing slash from PUBLIC_URL", () => {
    expect(parseConfig({ DATA_DIR: tempDir(), PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(parseConfig({ DATA_DIR: tempDir(), PORT: "8080" }).port).toBe(8080);
    expect(parseConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "https://forum.exempel.se/" }).publicUrl).toBe(
      "https://forum.exempel.se",
    );
  });

  it("treats empty variables as unset", () => {
    const config = parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: "", SMTP_URL: "  ", PUBLIC_URL: "" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("accepts PostgreSQL and SMTP URLs", () => {
    const config = parseConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgresql://forum@db:5432/borssnack",
      SMTP_URL: "smtps://user:pw@smtp.exempel.se:465",
    });
    expect(config.databaseUrl).toBe("postgresql://forum@db:5432/borssnack");
    expect(config.smtpUrl).toBe("smtps://user:pw@smtp.exempel.se:465");
    expect(parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgres://x@y/z" }).databaseUrl).toBe(
      "postgres://x@y/z",
    );
  });
});

describe("production", () => {
  it("starts with everything given, using the values as given", () => {
    const env = production({ PORT: "8080" });
    const config = parseConfig(env);
    expect(config.nodeEnv).toBe("production");
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe("https://borssnack.se");
    expect(config.authSecret).toBe(SECRET);
    expect(config.mailFrom).toBe("Börssnack <noreply@borssnack.se>");
    expect(existsSync(path.join(env.DATA_DIR!, "auth-secret"))).toBe(false);
  });

  for (const variable of ["PUBLIC_URL", "AUTH_SECRET", "MAIL_FROM"]) {
    it(`stops with a one-line message naming ${variable} when it is missing`, () => {
      expectNamed(configError(production({ [variable]: undefined })), variable);
      expectNamed(configError(production({ [variable]: "" })), variable);
    });
  }

  it("does not fall back to a generated secret", () => {
    const env = production({ AUTH_SECRET: undefined });
    configError(env);
    expect(existsSync(path.join(env.DATA_DIR!, "auth-secret"))).toBe(false);
  });
});

describe("invalid values", () => {
  for (const port of ["abc", "70000", "0", "-1", "3.5"]) {
    it(`PORT=${port} stops with a message naming PORT`, () => {
      expectNamed(configError({ DATA_DIR: tempDir(), PORT: port }), "PORT");
      expectNamed(configError(production({ PORT: port })), "PORT");
    });
  }

  it("DATABASE_URL that is not PostgreSQL stops with a message naming DATABASE_URL", () => {
    expectNamed(configError({ DATA_DIR: tempDir(), DATABASE_URL: "mysql://x" }), "DATABASE_URL");
    expectNamed(configError(production({ DATABASE_URL: "mysql://x" })), "DATABASE_URL");
  });

  it("a short AUTH_SECRET stops with a message naming AUTH_SECRET", () => {
    expectNamed(configError({ DATA_DIR: tempDir(), AUTH_SECRET: "kort" }), "AUTH_SECRET");
    expectNamed(configError(production({ AUTH_SECRET: "x".repeat(31) })), "AUTH_SECRET");
    expect(parseConfig(production({ AUTH_SECRET: "x".repeat(32) })).authSecret).toBe("x".repeat(32));
  });

  it("a PUBLIC_URL that is not a URL stops with a message naming PUBLIC_URL", () => {
    expectNamed(configError(production({ PUBLIC_URL: "borssnack" })), "PUBLIC_URL");
  });

  it("an SMTP_URL that is not smtp:// or smtps:// stops with a message naming SMTP_URL", () => {
    expectNamed(configError(production({ SMTP_URL: "http://mail.exempel.se" })), "SMTP_URL");
  });

  it("an unknown NODE_ENV stops with a message naming NODE_ENV", () => {
    expectNamed(configError({ DATA_DIR: tempDir(), NODE_ENV: "staging" }), "NODE_ENV");
  });
});

describe("AUTH_IP_LIMIT_PER_MINUTE", () => {
  it("defaults to 10 and accepts a higher number for shared addresses", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).authIpLimitPerMinute).toBe(10);
    expect(parseConfig({ DATA_DIR: tempDir(), AUTH_IP_LIMIT_PER_MINUTE: "60" }).authIpLimitPerMinute).toBe(60);
  });
  it("refuses 0 and text, naming the variable", () => {
    expectNamed(configError({ DATA_DIR: tempDir(), AUTH_IP_LIMIT_PER_MINUTE: "0" }), "AUTH_IP_LIMIT_PER_MINUTE");
    expectNamed(configError({ DATA_DIR: tempDir(), AUTH_IP_LIMIT_PER_MINUTE: "många" }), "AUTH_IP_LIMIT_PER_MINUTE");
  });
});

describe("TRENDING_TICKERS_TTL_SECONDS", () => {
  it("defaults to 60 (refreshed at most every minute) and accepts 0..60", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).trendingTickersTtlSeconds).toBe(60);
    expect(parseConfig({ DATA_DIR: tempDir(), TRENDING_TICKERS_TTL_SECONDS: "0" }).trendingTickersTtlSeconds).toBe(0);
  });
  it("refuses more than a minute and text, naming the variable", () => {
    expectNamed(configError({ DATA_DIR: tempDir(), TRENDING_TICKERS_TTL_SECONDS: "61" }), "TRENDING_TICKERS_TTL_SECONDS");
    expectNamed(configError({ DATA_DIR: tempDir(), TRENDING_TICKERS_TTL_SECONDS: "ofta" }), "TRENDING_TICKERS_TTL_SECONDS");
  });
});

describe("SEARCH_ENGINES", () => {
  it("defaults to on, and off closes the forum to search engines", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).searchEngines).toBe(true);
    expect(parseConfig({ DATA_DIR: tempDir(), SEARCH_ENGINES: "on" }).searchEngines).toBe(true);
    expect(parseConfig({ DATA_DIR: tempDir(), SEARCH_ENGINES: "off" }).searchEngines).toBe(false);
  });
  it("refuses anything but on and off, naming the variable", () => {
    const error = configError({ DATA_DIR: tempDir(), SEARCH_ENGINES: "nej" });
    expectNamed(error, "SEARCH_ENGINES");
    expect(error.message).toContain("måste vara on eller off");
  });
});

describe("DIGEST_INTERVAL_MINUTES, DIGEST_AWAY_MINUTES, DIGEST_CHECK_SECONDS", () => {
  it("default to a digest at most every 30 minutes, after 10 minutes away, checked every minute", () => {
    const c = parseConfig({ DATA_DIR: tempDir() });
    expect([c.digestIntervalMinutes, c.digestAwayMinutes, c.digestCheckSeconds]).toEqual([30, 10, 60]);
    const short = parseConfig({ DATA_DIR: tempDir(), DIGEST_INTERVAL_MINUTES: "0", DIGEST_AWAY_MINUTES: "0", DIGEST_CHECK_SECONDS: "2" });
    expect([short.digestIntervalMinutes, short.digestAwayMinutes, short.digestCheckSeconds]).toEqual([0, 0, 2]);
  });
  it("refuses negative numbers, text and a check slower than the minute cron, naming the variable", () => {
    expectNamed(configError({ DATA_DIR: tempDir(), DIGEST_INTERVAL_MINUTES: "-1" }), "DIGEST_INTERVAL_MINUTES");
    expectNamed(configError({ DATA_DIR: tempDir(), DIGEST_AWAY_MINUTES: "tio" }), "DIGEST_AWAY_MINUTES");
    expectNamed(configError({ DATA_DIR: tempDir(), DIGEST_CHECK_SECONDS: "0" }), "DIGEST_CHECK_SECONDS");
    expectNamed(configError({ DATA_DIR: tempDir(), DIGEST_CHECK_SECONDS: "61" }), "DIGEST_CHECK_SECONDS");
  });
});

describe("VAPID_* (Web Push)", () => {
  const pub = "B" + "a".repeat(86);
  const priv = "k".repeat(43);
  it("are optional: unset means the stored pair; the subject defaults to mailto: the sender address", () => {
    const c = parseConfig({ DATA_DIR: tempDir(), MAIL_FROM: "Börssnack <noreply@borssnack.se>" });
    expect(c.vapidKeys).toBeUndefined();
    expect(c.vapidSubject).toBe("mailto:noreply@borssnack.se");
    expect(parseConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv }).vapidKeys).toEqual({ publicKey: pub, privateKey: priv });
    expect(parseConfig({ DATA_DIR: tempDir(), VAPID_SUBJECT: "https://borssnack.se/kontakt" }).vapidSubject).toBe("https://borssnack.se/kontakt");
  });
  it("refuses half a pair, a malformed key and a subject that is neither mailto: nor https:, naming the variable", () => {
    expectNamed(configError({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: pub }), "VAPID_PRIVATE_KEY");
    expectNamed(configError({ DATA_DIR: tempDir(), VAPID_PRIVATE_KEY: priv }), "VAPID_PUBLIC_KEY");
    expectNamed(configError({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: "kort", VAPID_PRIVATE_KEY: priv }), "VAPID_PUBLIC_KEY");
    expectNamed(configError({ DATA_DIR: tempDir(), VAPID_SUBJECT: "http://borssnack.se" }), "VAPID_SUBJECT");
  });
});

describe("PUSH_SERVICE_HOSTS (Web Push: extra push-service hosts)", () => {
  it("defaults to none (only the browsers' push services); takes comma-separated host names and *. wildcards, normalised", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).pushServiceHosts).toEqual([]);
    expect(parseConfig({ DATA_DIR: tempDir(), PUSH_SERVICE_HOSTS: "" }).pushServiceHosts).toEqual([]);
    expect(
      parseConfig({ DATA_DIR: tempDir(), PUSH_SERVICE_HOSTS: " Push.Example.org. , *.push.exempel.se,,push.example.org" }).pushServiceHosts,
    ).toEqual(["push.example.org", "*.push.exempel.se"]);
    expect(parseConfig(production({ PUSH_SERVICE_HOSTS: "autopush.exempel.se" })).pushServiceHosts).toEqual(["autopush.exempel.se"]);
  });
  it("refuses IP addresses, ports, paths, URLs and bare or top-level wildcards, naming the variable", () => {
    for (const value of ["127.0.0.1", "[::1]", "push.example.org:8443", "https://push.example.org", "push.example.org/wp", "*", "*.org", "localhost", "push..example.org", "-push.example.org"]) {
      const error = configError({ DATA_DIR: tempDir(), PUSH_SERVICE_HOSTS: value });
      expectNamed(error, "PUSH_SERVICE_HOSTS");
      expect(error.message).toContain("värdnamn");
    }
  });
});

describe("PROVIDER_NAME, PROVIDER_URL (the footer's provider link)", () => {
  it("default to Börssnack and the about page; accept a name and an absolute URL or a path", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).provider).toEqual({ name: "Börssnack", url: "/landing" });
    expect(parseConfig({ DATA_DIR: tempDir(), PROVIDER_NAME: "Exempel AB", PROVIDER_URL: "https://exempel.se" }).provider).toEqual({
      name: "Exempel AB",
      url: "https://exempel.se",
    });
  });
  it("refuses a URL that is neither http(s) nor a path, naming the variable", () => {
    expectNamed(configError({ DATA_DIR: tempDir(), PROVIDER_URL: "javascript:alert(1)" }), "PROVIDER_URL");
  });
});

describe("WEB_CONCURRENCY (worker processes)", () => {
  const pgUrl = "postgres://forum@db.example/forum";
  it("defaults to one worker per core on PostgreSQL and to one process on the embedded database", () => {
    expect(parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: pgUrl }).webConcurrency).toBe(availableParallelism());
    expect(parseConfig({ DATA_DIR: tempDir() }).webConcurrency).toBe(1);
    // An empty DATABASE_URL is the embedded database, as in the browser tests' own servers.
    expect(parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: "", WEB_CONCURRENCY: "" }).webConcurrency).toBe(1);
    // What server.js decides before anything is loaded, on machines of other sizes.
    expect(webConcurrency({ DATABASE_URL: pgUrl }, 8)).toEqual({ workers: 8 });
    expect(webConcurrency({ DATABASE_URL: pgUrl }, 1)).toEqual({ workers: 1 });
    expect(webConcurrency({ DATABASE_URL: pgUrl }, 256)).toEqual({ workers: 64 });
    expect(webConcurrency({}, 8)).toEqual({ workers: 1 });
  });
  it("leaves a core to a PostgreSQL server on this machine: one per core but one, at least one (decision 041)", () => {
    const local = "postgres://postgres@127.0.0.1:5432/forum";
    expect(parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: local }).webConcurrency).toBe(Math.max(1, availableParallelism() - 1));
    expect(webConcurrency({ DATABASE_URL: local }, 2)).toEqual({ workers: 1 });
    expect(webConcurrency({ DATABASE_URL: local }, 8)).toEqual({ workers: 7 });
    expect(webConcurrency({ DATABASE_URL: local }, 1)).toEqual({ workers: 1 });
    expect(webConcurrency({ DATABASE_URL: "postgres://forum@localhost/forum" }, 4)).toEqual({ workers: 3 });
    expect(webConcurrency({ DATABASE_URL: "postgres://forum@[::1]:5432/forum" }, 4)).toEqual({ workers: 3 });
    expect(webConcurrency({ DATABASE_URL: "postgresql:///forum?host=/var/run/postgresql" }, 4)).toEqual({ workers: 3 });
    // The operator's number is taken as it is.
    expect(webConcurrency({ DATABASE_URL: local, WEB_CONCURRENCY: "2" }, 2)).toEqual({ workers: 2 });
  });
  it("takes the operator's number; 1 keeps today's single process", () => {
    expect(parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: pgUrl, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: pgUrl, WEB_CONCURRENCY: " 1 " }).webConcurrency).toBe(1);
    expect(parseConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
  });
  it("refuses 0, text, fractions, more than 64, and more than one process on PGlite, naming the variable", () => {
    for (const value of ["0", "två", "1.5", "-2", "65"]) {
      expectNamed(configError({ DATA_DIR: tempDir(), DATABASE_URL: pgUrl, WEB_CONCURRENCY: value }), "WEB_CONCURRENCY");
    }
    const pglite = configError({ DATA_DIR: tempDir(), WEB_CONCURRENCY: "2" });
    expectNamed(pglite, "WEB_CONCURRENCY");
    expect(pglite.message).toContain("DATABASE_URL");
  });
});
