/**
 * Account flows beyond register/login on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the common-password policy, magic links (SPEC §2 /auth/login magic tab,
 * /auth/magic; §9 valid 15 minutes, once), forgot/reset password (SPEC §2, §5), and setting or
 * changing a password (SPEC §2 'Ställ in lösenord', §4 hasPassword).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auth as a } from "../../domain/i18n/sv";
import {
  hasPassword,
  isResetTokenValid,
  login,
  register,
  requestMagicLink,
  requestPasswordReset,
  resetPassword,
  savePassword,
  verifyMagicLink,
  type LoginResult,
} from "./actions";
import { account, user } from "../db/schema";
import { getViewer } from "./session";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";

const ORIGIN = "http://localhost:3000";
const MAGIC_LINK = /http:\/\/localhost:3000\/auth\/magic\?token=[^\s"<>]+/;
const RESET_LINK = /http:\/\/localhost:3000\/auth\/reset-password\?token=[^\s"<>]+/;
/** Neither too short nor on the common-password list. */
const GOOD_PASSWORD = "Bors-Rakt-77";
const OTHER_GOOD_PASSWORD = "NyttLosen-2024!";

let forum: TestForum;

beforeAll(async () => {
  forum = await createTestForum();
});
afterAll(() => forum.close());

const noHeaders = () => new Headers();

/** `name=value; name2=value2` from `Set-Cookie` values, as a browser would send them back. */
function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]!.trim()).join("; ");
}

function sessionHeaders(setCookies: string[]): Headers {
  return new Headers({ cookie: cookieHeader(setCookies) });
}

function viewerOf(setCookies: string[]) {
  return getViewer(forum.services, new Request(`${ORIGIN}/forum`, { headers: sessionHeaders(setCookies) }));
}

function mailsTo(email: string) {
  return forum.mails.filter((mail) => mail.to === email);
}

function linkIn(text: string, pattern: RegExp): string {
  const match = text.match(pattern);
  expect(match, `no link ${pattern} in:\n${text}`).not.toBeNull();
  return match![0];
}

/** The `token` query parameter of a link, URL-decoded. */
function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get("token");
  expect(token).toBeTruthy();
  return token!;
}

async function passwordLogin(email: string, password: string): Promise<LoginResult> {
  return login(forum.services, { email, password }, noHeaders());
}

async function loggedIn(member: TestMember): Promise<string[]> {
  const result = await passwordLogin(member.email, member.password);
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return result.ok ? result.setCookies : [];
}

/** Asks for a magic link for `email` and returns the link of the single mail it sent. */
async function magicLinkFor(email: string, redirectTo = "/forum"): Promise<string> {
  const before = mailsTo(email).length;
  expect(await requestMagicLink(forum.services, { email }, noHeaders(), redirectTo)).toEqual({ ok: true });
  const sent = mailsTo(email).slice(before);
  expect(sent).toHaveLength(1);
  return linkIn(sent[0]!.text, MAGIC_LINK);
}

/** Asks for a reset link for `email` and returns the link of the single mail it sent. */
async function resetLinkFor(email: string): Promise<string> {
  const before = mailsTo(email).length;
  expect(await requestPasswordReset(forum.services, { email })).toEqual({ ok: true });
  const sent = mailsTo(email).slice(before);
  expect(sent).toHaveLength(1);
  return linkIn(sent[0]!.text, RESET_LINK);
}

async function signInByMagicLink(email: string): Promise<string[]> {
  const result = await verifyMagicLink(forum.services, tokenOf(await magicLinkFor(email)), noHeaders());
  expect(result.ok).toBe(true);
  return result.ok ? result.setCookies : [];
}

async function isVerified(userId: string): Promise<boolean> {
  const [row] = await forum.services.db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return row!.verified;
}

describe("common passwords", () => {
  it("registration refuses 'password', 'qwerty123' and 'Lösenord' (case-insensitive) with 400", async () => {
    let n = 0;
    for (const password of ["password", "qwerty123", "Lösenord", "PASSWORD"]) {
      n += 1;
      const email = `vanlig${n}@exempel.se`;
      const result = await register(forum.services, { email, nickname: `Vanlig_${n}`, password }, noHeaders());
      expect(result, password).toEqual({ ok: false, status: 400, fieldErrors: { password: a.passwordCommon } });
      const rows = await forum.services.db.select().from(user).where(eq(user.email, email));
      expect(rows).toHaveLength(0);
    }
    // A password off the list is accepted.
    expect(
      await register(forum.services, { email: "ovanlig@exempel.se", nickname: "Ovanlig_1", password: GOOD_PASSWORD }, noHeaders()),
    ).toEqual({ ok: true });
  });

  it("a password reset refuses common passwords and keeps the link usable", async () => {
    const member = await createMember(forum);
    const token = tokenOf(await resetLinkFor(member.email));
    for (const password of ["password", "qwerty123", "Lösenord"]) {
      const result = await resetPassword(forum.services, { token, password, confirm: password });
      expect(result, password).toEqual({ ok: false, status: 400, fieldErrors: { password: a.passwordCommon } });
    }
    expect(await isResetTokenValid(forum.services, token)).toBe(true);
    expect((await passwordLogin(member.email, "password")).ok).toBe(false);
    expect((await passwordLogin(member.email, member.password)).ok).toBe(true);
  });

  it("setting or changing a password refuses common passwords", async () => {
    const member = await createMember(forum);
    const cookies = await loggedIn(member);
    for (const password of ["password", "qwerty123", "Lösenord"]) {
      const result = await savePassword(
        forum.services,
        member.id,
        { current: member.password, password, confirm: password },
        sessionHeaders(cookies),
      );
      expect(result, password).toEqual({ ok: false, status: 400, fieldErrors: { password: a.passwordCommon } });
    }
    // Nothing changed: the old password still works, the session too.
    expect((await passwordLogin(member.email, member.password)).ok).toBe(true);
    expect(await viewerOf(cookies)).not.toBeNull();

    // A magic-link-only account cannot set a common password either.
    const magicOnly = await createMember(forum);
    await forum.services.db
      .delete(account)
      .where(and(eq(account.userId, magicOnly.id), eq(account.providerId, "credential")));
    const magicCookies = await signInByMagicLink(magicOnly.email);
    const refused = await savePassword(
      forum.services,
      magicOnly.id,
      { password: "Lösenord", confirm: "Lösenord" },
      sessionHeaders(magicCookies),
    );
    expect(refused).toEqual({ ok: false, status: 400, fieldErrors: { password: a.passwordCommon } });
    expect(await hasPassword(forum.services, magicOnly.id)).toBe(false);
  });
});

describe("magic link", () => {
  it("mails exactly one link to an existing member", async () => {
    const member = await createMember(forum);
    const before = forum.mails.length;
    const result = await requestMagicLink(forum.services, { email: member.email }, noHeaders(), "/forum");
    expect(result).toEqual({ ok: true });
    const sent = forum.mails.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(member.email);
    expect(sent[0]!.text).toContain(`${ORIGIN}/auth/magic?token=`);
    // The default landing page adds no redirect parameter.
    expect(linkIn(sent[0]!.text, MAGIC_LINK)).not.toContain("redirectTo=");
  });

  it("answers the same for an unknown address but sends nothing", async () => {
    const before = forum.mails.length;
    const result = await requestMagicLink(forum.services, { email: "finns.inte@exempel.se" }, noHeaders(), "/forum");
    expect(result).toEqual({ ok: true });
    expect(forum.mails.length).toBe(before);
  });

  it("asks for an address when the field is empty, and refuses a malformed one", async () => {
    for (const email of ["", "   "]) {
      expect(await requestMagicLink(forum.services, { email }, noHeaders(), "/forum"), JSON.stringify(email)).toEqual({
        ok: false,
        status: 400,
        error: a.fillEmail,
      });
    }
    expect(await requestMagicLink(forum.services, {}, noHeaders(), "/forum")).toEqual({
      ok: false,
      status: 400,
      error: a.fillEmail,
    });
    expect(await requestMagicLink(forum.services, { email: "no-at-sign" }, noHeaders(), "/forum")).toEqual({
      ok: false,
      status: 400,
      error: a.invalidEmail,
    });
  });

  it("trims and lower-cases the address", async () => {
    const email = "anna@exempel.se";
    expect(
      await register(forum.services, { email, nickname: "Aktie_Anna", password: GOOD_PASSWORD }, noHeaders()),
    ).toEqual({ ok: true });
    await forum.services.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));

    const before = forum.mails.length;
    expect(await requestMagicLink(forum.services, { email: " Anna@Exempel.SE " }, noHeaders(), "/forum")).toEqual({
      ok: true,
    });
    const sent = forum.mails.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(email);
    const result = await verifyMagicLink(forum.services, tokenOf(linkIn(sent[0]!.text, MAGIC_LINK)), noHeaders());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((await viewerOf(result.setCookies))?.nickname).toBe("Aktie_Anna");
  });

  it("signs in once with the token from the mail", async () => {
    const member = await createMember(forum);
    const token = tokenOf(await magicLinkFor(member.email));

    const result = await verifyMagicLink(forum.services, token, noHeaders());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.setCookies.some((c) => c.includes("session_token="))).toBe(true);
    const viewer = await viewerOf(result.setCookies);
    expect(viewer).not.toBeNull();
    expect(viewer!.id).toBe(member.id);
    expect(viewer!.nickname).toBe(member.nickname);
    expect(viewer!.email).toBe(member.email);

    // The link works once.
    expect(await verifyMagicLink(forum.services, token, noHeaders())).toEqual({ ok: false });
    // The first session is unaffected by the refused second use.
    expect((await viewerOf(result.setCookies))?.id).toBe(member.id);
  });

  it("refuses a made-up, empty or oversized token", async () => {
    expect(await verifyMagicLink(forum.services, "pahittad-token-123", noHeaders())).toEqual({ ok: false });
    expect(await verifyMagicLink(forum.services, "", noHeaders())).toEqual({ ok: false });
    expect(await verifyMagicLink(forum.services, "x".repeat(201), noHeaders())).toEqual({ ok: false });
  });

  it("expires after 15 minutes", async () => {
    const member = await createMember(forum);
    const token = tokenOf(await magicLinkFor(member.email));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 16 * 60_000);
      expect(await verifyMagicLink(forum.services, token, noHeaders())).toEqual({ ok: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it("is still valid just before 15 minutes", async () => {
    const member = await createMember(forum);
    const token = tokenOf(await magicLinkFor(member.email));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 14 * 60_000);
      const result = await verifyMagicLink(forum.services, token, noHeaders());
      expect(result.ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("signs in an unverified account and marks its e-mail verified", async () => {
    const member = await createMember(forum, { verified: false });
    expect(await isVerified(member.id)).toBe(false);
    const cookies = await signInByMagicLink(member.email);
    expect((await viewerOf(cookies))?.id).toBe(member.id);
    expect(await isVerified(member.id)).toBe(true);
  });

  it("carries redirectTo into the mailed link", async () => {
    const member = await createMember(forum);
    const link = await magicLinkFor(member.email, "/forum/create");
    expect(link).toContain("redirectTo=%2Fforum%2Fcreate");
    expect(new URL(link).searchParams.get("redirectTo")).toBe("/forum/create");
  });
});

describe("forgot and reset password", () => {
  it("mails a reset link; the token is valid, a made-up one is not", async () => {
    const member = await createMember(forum);
    const before = forum.mails.length;
    expect(await requestPasswordReset(forum.services, { email: member.email })).toEqual({ ok: true });
    const sent = forum.mails.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(member.email);
    expect(sent[0]!.text).toContain(`${ORIGIN}/auth/reset-password?token=`);
    const token = tokenOf(linkIn(sent[0]!.text, RESET_LINK));
    expect(await isResetTokenValid(forum.services, token)).toBe(true);
    expect(await isResetTokenValid(forum.services, "pahittad-token")).toBe(false);
    expect(await isResetTokenValid(forum.services, "")).toBe(false);
  });

  it("validates the new password, sets it once, and ends every earlier session", async () => {
    const member = await createMember(forum);
    const before = await loggedIn(member);
    expect((await viewerOf(before))?.id).toBe(member.id);

    const token = tokenOf(await resetLinkFor(member.email));

    expect(await resetPassword(forum.services, { token, password: "1234567", confirm: "1234567" })).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { password: a.resetMinLength },
    });
    expect(await resetPassword(forum.services, { token, password: GOOD_PASSWORD, confirm: "Bors-Rakt-78" })).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { confirm: a.passwordsDontMatch },
    });
    expect(await resetPassword(forum.services, { password: GOOD_PASSWORD, confirm: GOOD_PASSWORD })).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { form: a.resetNoToken },
      invalidLink: true,
    });
    // Refused attempts do not use up the link.
    expect(await isResetTokenValid(forum.services, token)).toBe(true);

    expect(await resetPassword(forum.services, { token, password: GOOD_PASSWORD, confirm: GOOD_PASSWORD })).toEqual({
      ok: true,
      setCookies: [],
    });

    // The new password works, the old one no longer does.
    expect((await passwordLogin(member.email, GOOD_PASSWORD)).ok).toBe(true);
    expect(await passwordLogin(member.email, member.password)).toEqual({
      ok: false,
      status: 401,
      error: a.invalidCredentials,
    });

    // The link works once.
    expect(await isResetTokenValid(forum.services, token)).toBe(false);
    expect(
      await resetPassword(forum.services, { token, password: OTHER_GOOD_PASSWORD, confirm: OTHER_GOOD_PASSWORD }),
    ).toEqual({ ok: false, status: 400, fieldErrors: { form: a.resetInvalid }, invalidLink: true });
    expect((await passwordLogin(member.email, OTHER_GOOD_PASSWORD)).ok).toBe(false);

    // The session from before the reset has ended.
    expect(await viewerOf(before)).toBeNull();
  });

  it("refuses a made-up token as an invalid link", async () => {
    expect(
      await resetPassword(forum.services, { token: "pahittad-token", password: GOOD_PASSWORD, confirm: GOOD_PASSWORD }),
    ).toEqual({ ok: false, status: 400, fieldErrors: { form: a.resetInvalid }, invalidLink: true });
  });

  it("answers the same for an unknown address but sends nothing", async () => {
    const before = forum.mails.length;
    expect(await requestPasswordReset(forum.services, { email: "ingen.alls@exempel.se" })).toEqual({ ok: true });
    expect(forum.mails.length).toBe(before);
  });

  it("refuses an address without @", async () => {
    const before = forum.mails.length;
    expect(await requestPasswordReset(forum.services, { email: "no-at-sign" })).toEqual({
      ok: false,
      status: 400,
      error: a.invalidEmail,
    });
    expect(await requestPasswordReset(forum.services, { email: "" })).toEqual({
      ok: false,
      status: 400,
      error: a.invalidEmail,
    });
    expect(forum.mails.length).toBe(before);
  });
});

describe("set or change password", () => {
  it("a magic-link-only account sets a first password without the current one", async () => {
    const member = await createMember(forum);
    await forum.services.db.execute(
      sql`DELETE FROM account WHERE user_id = ${member.id} AND provider_id = 'credential'`,
    );
    expect(await hasPassword(forum.services, member.id)).toBe(false);
    expect((await passwordLogin(member.email, member.password)).ok).toBe(false);

    const cookies = await signInByMagicLink(member.email);
    expect((await viewerOf(cookies))?.id).toBe(member.id);
    expect(await hasPassword(forum.services, member.id)).toBe(false);

    const result = await savePassword(
      forum.services,
      member.id,
      { password: GOOD_PASSWORD, confirm: GOOD_PASSWORD },
      sessionHeaders(cookies),
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(await hasPassword(forum.services, member.id)).toBe(true);
    expect((await passwordLogin(member.email, GOOD_PASSWORD)).ok).toBe(true);
    // Setting a first password keeps the current session.
    expect((await viewerOf(cookies))?.id).toBe(member.id);
  });

  it("validates length and confirmation like a reset", async () => {
    const member = await createMember(forum);
    const cookies = await loggedIn(member);
    expect(
      await savePassword(
        forum.services,
        member.id,
        { current: member.password, password: "1234567", confirm: "1234567" },
        sessionHeaders(cookies),
      ),
    ).toEqual({ ok: false, status: 400, fieldErrors: { password: a.resetMinLength } });
    expect(
      await savePassword(
        forum.services,
        member.id,
        { current: member.password, password: GOOD_PASSWORD, confirm: OTHER_GOOD_PASSWORD },
        sessionHeaders(cookies),
      ),
    ).toEqual({ ok: false, status: 400, fieldErrors: { confirm: a.passwordsDontMatch } });
  });

  it("a change needs the right current password, renews this session and ends the others", async () => {
    const member = await createMember(forum);
    const first = await loggedIn(member);
    const second = await loggedIn(member);
    expect((await viewerOf(first))?.id).toBe(member.id);
    expect((await viewerOf(second))?.id).toBe(member.id);

    expect(
      await savePassword(
        forum.services,
        member.id,
        { current: "fel-nuvarande", password: GOOD_PASSWORD, confirm: GOOD_PASSWORD },
        sessionHeaders(first),
      ),
    ).toEqual({ ok: false, status: 400, fieldErrors: { current: a.wrongCurrentPassword } });
    expect(
      await savePassword(
        forum.services,
        member.id,
        { password: GOOD_PASSWORD, confirm: GOOD_PASSWORD },
        sessionHeaders(first),
      ),
    ).toEqual({ ok: false, status: 400, fieldErrors: { current: a.wrongCurrentPassword } });
    // Nothing changed yet.
    expect((await viewerOf(second))?.id).toBe(member.id);
    expect((await passwordLogin(member.email, GOOD_PASSWORD)).ok).toBe(false);

    const result = await savePassword(
      forum.services,
      member.id,
      { current: member.password, password: GOOD_PASSWORD, confirm: GOOD_PASSWORD },
      sessionHeaders(first),
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.setCookies.some((c) => c.includes("session_token="))).toBe(true);

    expect(await viewerOf(second)).toBeNull();
    expect((await viewerOf(result.setCookies))?.id).toBe(member.id);

    expect((await passwordLogin(member.email, GOOD_PASSWORD)).ok).toBe(true);
    expect((await passwordLogin(member.email, member.password)).ok).toBe(false);
  });
});
