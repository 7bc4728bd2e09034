/**
 * Abuse limits end to end on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * every limit of `ABUSE_LIMITS` answers 429 exactly at its configured count, through the real
 * account functions with a client IP; the failed-sign-in lockout; counters shared by server
 * instances through the `abuse_limits` table; windows that expire.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auth as a } from "../../domain/i18n/sv";
import {
  login,
  register,
  requestMagicLink,
  requestPasswordReset,
  resendVerification,
  type LoginResult,
  type MailLinkResult,
} from "./actions";
import { ABUSE_LIMITS, createAbuseLimits, signInDelayMs } from "./sign-in-lockout";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";

const IP = "203.0.113.7";
const OTHER_IP = "203.0.113.8";

let forum: TestForum;

beforeAll(async () => {
  forum = await createTestForum();
});
afterAll(() => forum.close());

// Each test starts with no counters, so tests do not interfere.
beforeEach(async () => {
  await forum.services.db.execute(sql`DELETE FROM abuse_limits`);
});

const noHeaders = () => new Headers();

let seq = 0;
/** A fresh address nobody has used yet in this file. */
function freshEmail(prefix = "okand"): string {
  seq += 1;
  return `${prefix}${seq}@exempel.se`;
}

/** A documentation-range address (RFC 5737) that is different for each `n`. */
function ipNo(n: number): string {
  return `198.51.100.${n}`;
}

/** Asserts a throttled answer: 429, the given text first, then the wait. */
function expectThrottled(
  result: { status?: number; error?: string; retryAfterS?: number },
  message: string = a.tooManyAttempts,
) {
  expect(result.status).toBe(429);
  expect(result.retryAfterS).toBeGreaterThan(0);
  expect(result.error?.startsWith(message), result.error).toBe(true);
  expect(result.error).toBe(`${message} ${a.retryIn(result.retryAfterS!)}`);
}

function wrongLogin(email: string, ip: string): Promise<LoginResult> {
  return login(forum.services, { email, password: "fel-losenord" }, noHeaders(), ip);
}

describe("sign-in per IP (signInIp)", () => {
  it(`answers ${ABUSE_LIMITS.signInIp.points} attempts normally, then 429; another IP is still allowed`, async () => {
    const { points } = ABUSE_LIMITS.signInIp;
    for (let i = 0; i < points; i++) {
      // Different e-mails, so the per-e-mail lockout does not come into play.
      const result = await wrongLogin(freshEmail(), IP);
      expect(result, `attempt ${i + 1}`).toEqual({ ok: false, status: 401, error: a.invalidCredentials });
    }
    const over = await wrongLogin(freshEmail(), IP);
    expect(over.ok).toBe(false);
    expectThrottled(over as { status: number; error: string; retryAfterS: number });

    // Refused before the password is even checked: a right password is refused too.
    const member = await createMember(forum);
    const right = await login(forum.services, { email: member.email, password: member.password }, noHeaders(), IP);
    expect(right.ok).toBe(false);
    expectThrottled(right as { status: number; error: string; retryAfterS: number });

    // Another IP is unaffected.
    expect(await wrongLogin(freshEmail(), OTHER_IP)).toEqual({ ok: false, status: 401, error: a.invalidCredentials });
    const other = await login(forum.services, { email: member.email, password: member.password }, noHeaders(), OTHER_IP);
    expect(other.ok).toBe(true);
  });
});

describe("failed sign-in lockout (signInFailures)", () => {
  let anna: TestMember;
  let bertil: TestMember;

  beforeAll(async () => {
    anna = await createMember(forum);
    bertil = await createMember(forum);
  });

  it("5 wrong passwords from one address lock that address out of the e-mail, even with the right password; another address still gets in", async () => {
    expect(ABUSE_LIMITS.signInFailures.points).toBe(5);
    for (let i = 0; i < 5; i++) {
      expect(await wrongLogin(anna.email, ipNo(1)), `attempt ${i + 1}`).toEqual({
        ok: false,
        status: 401,
        error: a.invalidCredentials,
      });
    }
    const locked = await login(forum.services, { email: anna.email, password: anna.password }, noHeaders(), ipNo(1));
    expect(locked.ok).toBe(false);
    expectThrottled(locked as { status: number; error: string; retryAfterS: number }, a.accountLocked);
    // The lock lasts the block duration (15 minutes), not a few seconds.
    expect((locked as { retryAfterS: number }).retryAfterS).toBeGreaterThan(60);

    // The address in another case and with spaces is the same lock.
    const again = await login(
      forum.services,
      { email: `  ${anna.email.toUpperCase()} `, password: anna.password },
      noHeaders(),
      ipNo(1),
    );
    expect(again.ok).toBe(false);
    expectThrottled(again as { status: number; error: string; retryAfterS: number }, a.accountLocked);

    // The member herself, at home on another address, signs in.
    const home = await login(forum.services, { email: anna.email, password: anna.password }, noHeaders(), ipNo(2));
    expect(home.ok).toBe(true);

    // Another account is unaffected.
    const other = await login(forum.services, { email: bertil.email, password: bertil.password }, noHeaders(), ipNo(8));
    expect(other.ok).toBe(true);
  });

  it("a correct login before the fifth failure resets the count", async () => {
    const member = await createMember(forum);
    for (let i = 0; i < 4; i++) {
      expect((await wrongLogin(member.email, ipNo(20 + i))).ok).toBe(false);
    }
    const right = await login(forum.services, { email: member.email, password: member.password }, noHeaders(), ipNo(30));
    expect(right.ok).toBe(true);
    for (let i = 0; i < 4; i++) {
      expect(await wrongLogin(member.email, ipNo(40 + i)), `attempt ${i + 1} after reset`).toEqual({
        ok: false,
        status: 401,
        error: a.invalidCredentials,
      });
    }
    const stillOpen = await login(forum.services, { email: member.email, password: member.password }, noHeaders(), ipNo(50));
    expect(stillOpen.ok).toBe(true);
  });
});

describe("registration per IP (signUpIp)", () => {
  it(`answers ${ABUSE_LIMITS.signUpIp.points} registrations, then 429 with the form error`, async () => {
    const { points } = ABUSE_LIMITS.signUpIp;
    for (let i = 0; i < points; i++) {
      const result = await register(
        forum.services,
        { email: freshEmail("ny"), nickname: `Ny_Medlem_${seq}`, password: "Bors-Rakt-77" },
        noHeaders(),
        IP,
      );
      expect(result, `registration ${i + 1}`).toEqual({ ok: true });
    }
    const over = await register(
      forum.services,
      { email: freshEmail("ny"), nickname: `Ny_Medlem_${seq}`, password: "Bors-Rakt-77" },
      noHeaders(),
      IP,
    );
    expect(over.ok).toBe(false);
    if (over.ok) return;
    expect(over.status).toBe(429);
    expect(over.fieldErrors.form?.startsWith(a.tooManyAttempts), over.fieldErrors.form).toBe(true);

    const other = await register(
      forum.services,
      { email: freshEmail("ny"), nickname: `Ny_Medlem_${seq}`, password: "Bors-Rakt-77" },
      noHeaders(),
      OTHER_IP,
    );
    expect(other).toEqual({ ok: true });
  });
});

function magic(email: string, ip: string): Promise<MailLinkResult> {
  return requestMagicLink(forum.services, { email }, noHeaders(), "/forum", ip);
}

describe("magic links (magicLinkEmail, magicLinkIp)", () => {
  it("allows 5 links per e-mail, then 429 for that e-mail even from another IP", async () => {
    expect(ABUSE_LIMITS.magicLinkEmail.points).toBe(5);
    const member = await createMember(forum);
    const mailsBefore = forum.mails.length;
    for (let i = 0; i < 5; i++) {
      expect(await magic(member.email, ipNo(60 + i)), `link ${i + 1}`).toEqual({ ok: true });
    }
    expect(forum.mails.length - mailsBefore).toBe(5);

    const over = await magic(member.email, ipNo(70));
    expect(over.ok).toBe(false);
    expectThrottled(over as { status: number; error: string; retryAfterS: number });
    // The per-e-mail window is 30 minutes.
    expect((over as { retryAfterS: number }).retryAfterS).toBeGreaterThan(60);
    expect(forum.mails.length - mailsBefore).toBe(5);

    // Same answer whether or not an account exists: unknown addresses are counted as well.
    const unknown = freshEmail();
    for (let i = 0; i < 5; i++) expect(await magic(unknown, ipNo(80 + i))).toEqual({ ok: true });
    expectThrottled((await magic(unknown, ipNo(90))) as { status: number; error: string; retryAfterS: number });

    // Another e-mail is unaffected.
    expect(await magic(freshEmail(), ipNo(91))).toEqual({ ok: true });
  });

  it(`allows ${ABUSE_LIMITS.magicLinkIp.points} requests per IP, then 429`, async () => {
    const { points } = ABUSE_LIMITS.magicLinkIp;
    for (let i = 0; i < points; i++) {
      expect(await magic(freshEmail(), IP), `request ${i + 1}`).toEqual({ ok: true });
    }
    const over = await magic(freshEmail(), IP);
    expect(over.ok).toBe(false);
    expectThrottled(over as { status: number; error: string; retryAfterS: number });
    expect(await magic(freshEmail(), OTHER_IP)).toEqual({ ok: true });
  });
});

function reset(email: string, ip: string): Promise<MailLinkResult> {
  return requestPasswordReset(forum.services, { email }, ip);
}

describe("password reset (resetEmail, resetIp)", () => {
  it("allows 5 resets per e-mail, then 429 even from another IP", async () => {
    expect(ABUSE_LIMITS.resetEmail.points).toBe(5);
    const member = await createMember(forum);
    const mailsBefore = forum.mails.length;
    for (let i = 0; i < 5; i++) {
      expect(await reset(member.email, ipNo(100 + i)), `reset ${i + 1}`).toEqual({ ok: true });
    }
    expect(forum.mails.length - mailsBefore).toBe(5);
    const over = await reset(member.email, ipNo(110));
    expect(over.ok).toBe(false);
    expectThrottled(over as { status: number; error: string; retryAfterS: number });
    expect(forum.mails.length - mailsBefore).toBe(5);
    expect(await reset(freshEmail(), ipNo(111))).toEqual({ ok: true });
  });

  it(`allows ${ABUSE_LIMITS.resetIp.points} resets per IP, then 429`, async () => {
    const { points } = ABUSE_LIMITS.resetIp;
    for (let i = 0; i < points; i++) {
      expect(await reset(freshEmail(), IP), `reset ${i + 1}`).toEqual({ ok: true });
    }
    const over = await reset(freshEmail(), IP);
    expect(over.ok).toBe(false);
    expectThrottled(over as { status: number; error: string; retryAfterS: number });
    expect(await reset(freshEmail(), OTHER_IP)).toEqual({ ok: true });
  });
});

describe("resend verification (resendEmail, resendIp)", () => {
  it("allows 5 resends per e-mail, then a Throttled answer even from another IP", async () => {
    expect(ABUSE_LIMITS.resendEmail.points).toBe(5);
    const member = await createMember(forum, { verified: false });
    const mailsBefore = forum.mails.length;
    for (let i = 0; i < 5; i++) {
      expect(await resendVerification(forum.services, { email: member.email }, ipNo(120 + i)), `resend ${i + 1}`).toBe(
        true,
      );
    }
    expect(forum.mails.length - mailsBefore).toBe(5);
    const over = await resendVerification(forum.services, { email: member.email }, ipNo(130));
    expect(typeof over).toBe("object");
    expectThrottled(over as { status: number; error: string; retryAfterS: number });
    expect(forum.mails.length - mailsBefore).toBe(5);
    expect(await resendVerification(forum.services, { email: freshEmail() }, ipNo(131))).toBe(true);
  });

  it(`allows ${ABUSE_LIMITS.resendIp.points} resends per IP, then a Throttled answer`, async () => {
    const { points } = ABUSE_LIMITS.resendIp;
    for (let i = 0; i < points; i++) {
      expect(await resendVerification(forum.services, { email: freshEmail() }, IP), `resend ${i + 1}`).toBe(true);
    }
    const over = await resendVerification(forum.services, { email: freshEmail() }, IP);
    expect(typeof over).toBe("object");
    expectThrottled(over as { status: number; error: string; retryAfterS: number });
    expect(await resendVerification(forum.services, { email: freshEmail() }, OTHER_IP)).toBe(true);
  });
});

const statusOf = (result: LoginResult) => (result.ok ? 200 : result.status);

describe("nobody can lock a member out", () => {
  it("an attacker on many addresses only slows the e-mail down: 1 s after 6 failures, growing to at most 10 s", async () => {
    expect([0, 5, 6, 7, 8, 9, 10, 40].map(signInDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    const admin = await createMember(forum, { role: "admin" });
    for (let i = 0; i < 6; i++) expect(statusOf(await wrongLogin(admin.email, ipNo(60 + i)))).toBe(401);
    const started = Date.now();
    const right = await login(forum.services, { email: admin.email, password: admin.password }, noHeaders(), ipNo(70));
    expect(right.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // A success clears the slowdown.
    const quick = Date.now();
    expect(statusOf(await wrongLogin(admin.email, ipNo(71)))).toBe(401);
    expect(Date.now() - quick).toBeLessThan(900);
  });

  it("an IPv6 client is one address per /64: rotating inside it does not escape the lock", async () => {
    const member = await createMember(forum);
    for (let i = 1; i <= 5; i++) expect(statusOf(await wrongLogin(member.email, `2001:db8:5:6::${i}`))).toBe(401);
    const rotated = await login(forum.services, { email: member.email, password: member.password }, noHeaders(), "2001:db8:5:6:ffff::1");
    expect(rotated.ok).toBe(false);
    expectThrottled(rotated as { status: number; error: string; retryAfterS: number }, a.accountLocked);
    const elsewhere = await login(forum.services, { email: member.email, password: member.password }, noHeaders(), "2001:db8:5:7::1");
    expect(elsewhere.ok).toBe(true);
  });

  it("a magic-link request refused by the per-IP limit does not spend the e-mail's 5", async () => {
    const email = freshEmail("magi");
    const busy = ipNo(80);
    for (let i = 0; i < ABUSE_LIMITS.magicLinkIp.points; i++) await magic(freshEmail(), busy);
    for (let i = 0; i < 8; i++) expect((await magic(email, busy)).ok).toBe(false);
    for (let i = 0; i < ABUSE_LIMITS.magicLinkEmail.points; i++) {
      expect((await magic(email, ipNo(81 + i))).ok, `request ${i + 1}`).toBe(true);
    }
  });
});

describe("counters live in the database", () => {
  it("a second server instance sees the counts of the first", async () => {
    const { points } = ABUSE_LIMITS.signInIp;
    for (let i = 0; i < points; i++) {
      expect((await wrongLogin(freshEmail(), IP)).ok).toBe(false);
    }
    // A second instance over the same database (another server process would do the same).
    const instanceB = createAbuseLimits(forum.services.db);
    const refused = await instanceB.hit(["signInIp", IP]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterS).toBeGreaterThan(0);
    expect(await instanceB.hit(["signInIp", OTHER_IP])).toEqual({ ok: true });

    // And the other way round: a lockout counted by B is seen by instance A (the services').
    const member = await createMember(forum);
    for (let i = 0; i < 5; i++) await instanceB.signInFailed(member.email, ipNo(140));
    const locked = await login(forum.services, { email: member.email, password: member.password }, noHeaders(), ipNo(140));
    expect(locked.ok).toBe(false);
    expectThrottled(locked as { status: number; error: string; retryAfterS: number }, a.accountLocked);
    expect((await forum.services.limits.signInLocked(member.email, ipNo(140))).ok).toBe(false);
  });
});

describe("windows expire", () => {
  it("refuses over the count, then accepts again once the window has passed", async () => {
    const limits = createAbuseLimits(forum.services.db, { ...ABUSE_LIMITS, signInIp: { points: 2, duration: 1 } });
    const ip = "192.0.2.55";
    expect(await limits.hit(["signInIp", ip])).toEqual({ ok: true });
    expect(await limits.hit(["signInIp", ip])).toEqual({ ok: true });
    const refused = await limits.hit(["signInIp", ip]);
    expect(refused).toEqual({ ok: false, retryAfterS: 1 });

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limits.hit(["signInIp", ip])).toEqual({ ok: true });
    expect(await limits.hit(["signInIp", ip])).toEqual({ ok: true });
    expect((await limits.hit(["signInIp", ip])).ok).toBe(false);
  });
});

describe("abuseLimitsWithIpRate (AUTH_IP_LIMIT_PER_MINUTE)", () => {
  it("changes only the per-IP limits; per-e-mail limits and the lockout stay as README says", async () => {
    const { abuseLimitsWithIpRate, ABUSE_LIMITS } = await import("./sign-in-lockout");
    const rules = abuseLimitsWithIpRate(60);
    for (const name of ["signInIp", "signUpIp", "magicLinkIp", "resetIp", "resendIp"] as const) {
      expect(rules[name]).toEqual({ points: 60, duration: 60 });
    }
    for (const name of ["signInFailures", "magicLinkEmail", "resetEmail", "resendEmail"] as const) {
      expect(rules[name]).toEqual(ABUSE_LIMITS[name]);
    }
    expect(abuseLimitsWithIpRate(10)).toEqual(ABUSE_LIMITS);
  });
});

describe("sweepExpiredLimits (the limit-sweep job)", () => {
  it("deletes the counters that expired over an hour ago and keeps the rest, which still refuse", async () => {
    const { sweepExpiredLimits, LIMIT_ROWS_KEPT_MS } = await import("./sign-in-lockout");
    const limits = createAbuseLimits(forum.services.db, { ...ABUSE_LIMITS, signInIp: { points: 1, duration: 60 } });
    const ip = "192.0.2.77";
    expect(await limits.hit(["signInIp", ip])).toEqual({ ok: true });
    const now = Date.now();
    await forum.services.db.execute(
      sql`INSERT INTO abuse_limits (key, points, expire) VALUES ('signInIp:old', 3, ${new Date(now - LIMIT_ROWS_KEPT_MS - 60_000).toISOString()}::timestamptz), ('signInIp:recent', 3, ${new Date(now - 60_000).toISOString()}::timestamptz)`,
    );
    const keys = async () =>
      ((await forum.services.db.execute(sql`SELECT key FROM abuse_limits ORDER BY key`)) as unknown as { rows: Array<{ key: string }> }).rows.map((r) => r.key);

    expect(await sweepExpiredLimits(forum.services.db, now)).toBe(1);
    expect(await keys()).toEqual(["signInIp:192.0.2.77", "signInIp:recent"]);
    // The live counter survived the sweep: the address is still over its limit.
    expect((await limits.hit(["signInIp", ip])).ok).toBe(false);
    expect(await sweepExpiredLimits(forum.services.db, now)).toBe(0);
  });
});
