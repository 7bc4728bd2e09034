/**
 * Accounts end to end on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * registration with the verification mail, nickname rules (SPEC §5), login before and after
 * verification, resending the mail, logout, and the effective role (SPEC §3).
 */
import { count, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth as a, mail as ml } from "../../domain/i18n/sv";
import { escapeHtml } from "../../server/mail/templates";
import { login, logout, register, resendVerification, type LoginResult, type RegisterResult } from "../../server/accounts/actions";
import { profiles, user } from "../../server/db/schema";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { loader as nicknameAvailable } from "../../app/routes/api-nickname-available";
import { createMember, createTestForum, type TestForum } from "../../server/testing/harness";

const ORIGIN = "http://localhost:3000";
const VERIFY_LINK = /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s"<>]+/;

let forum: TestForum;

beforeAll(async () => {
  forum = await createTestForum();
  await createMember(forum, { nickname: "Aktie_Anna" });
});
afterAll(() => forum.close());

const noHeaders = () => new Headers();

function doRegister(input: Record<string, string>): Promise<RegisterResult> {
  return register(forum.services, input, noHeaders());
}

function doLogin(input: Record<string, string>): Promise<LoginResult> {
  return login(forum.services, input, noHeaders());
}

/** `name=value; name2=value2` from `Set-Cookie` values, as a browser would send them back. */
function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]!.trim()).join("; ");
}

function pageRequest(cookie: string): Request {
  return new Request(`${ORIGIN}/forum`, { headers: { cookie } });
}

function mailsTo(email: string) {
  return forum.mails.filter((mail) => mail.to === email);
}

function linkIn(text: string): string {
  const match = text.match(VERIFY_LINK);
  expect(match, `no verification link in:\n${text}`).not.toBeNull();
  return match![0];
}

async function usersWithEmail(email: string): Promise<number> {
  const [row] = await forum.services.db.select({ n: count() }).from(user).where(eq(user.email, email));
  return row!.n;
}

async function profileCount(): Promise<number> {
  const [row] = await forum.services.db.select({ n: count() }).from(profiles);
  return row!.n;
}

async function profileByNickname(nickname: string) {
  const rows = await forum.services.db
    .select()
    .from(profiles)
    .where(sql`lower(${profiles.nickname}) = lower(${nickname})`);
  return rows;
}

/** Opens a verification link like a browser would and returns where it redirects. */
async function followLink(link: string): Promise<{ status: number; location: string | null }> {
  const response = await forum.services.auth.handler(new Request(link));
  return { status: response.status, location: response.headers.get("location") };
}

describe("register", () => {
  it("creates the account and sends a Swedish verification mail with a working link", async () => {
    const email = "asa.oberg@exempel.se";
    const before = forum.mails.length;
    const result = await doRegister({ email, nickname: "Åsa_Öberg", password: "hemligt123" });
    expect(result).toEqual({ ok: true });

    const sent = forum.mails.slice(before);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe(ml.verifySubject);
    expect(mail.text).toContain(ml.verifyGreeting("Åsa_Öberg"));
    const link = linkIn(mail.text);
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    expect(mail.html).toContain(escapeHtml(ml.verifyGreeting("Åsa_Öberg")));

    const rows = await profileByNickname("åsa_öberg");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.nickname).toBe("Åsa_Öberg");
    expect(rows[0]!.roleId).toBe("member");
  });

  it("stores the e-mail address trimmed and lower-cased", async () => {
    const result = await doRegister({ email: "  Kalle.Kula@Exempel.SE ", nickname: "KalleKula", password: "hemligt123" });
    expect(result).toEqual({ ok: true });
    expect(await usersWithEmail("kalle.kula@exempel.se")).toBe(1);
    expect(mailsTo("kalle.kula@exempel.se")).toHaveLength(1);
  });

  it("refuses nicknames that break SPEC §5 with the exact Swedish message and creates nothing", async () => {
    const cases: Array<[string, string]> = [
      ["Aktie Anna", a.nicknameSpaces],
      [" anna", a.nicknameSpaces],
      ["anna!", a.nicknameChars],
      ["<b>", a.nicknameChars],
      ["anna@hem", a.nicknameChars],
    ];
    const profilesBefore = await profileCount();
    const mailsBefore = forum.mails.length;
    for (const [nickname, message] of cases) {
      const result = await doRegister({ email: "regel@exempel.se", nickname, password: "hemligt123" });
      expect(result, nickname).toEqual({ ok: false, status: 400, fieldErrors: { nickname: message } });
    }
    expect(await usersWithEmail("regel@exempel.se")).toBe(0);
    expect(await profileCount()).toBe(profilesBefore);
    expect(forum.mails.length).toBe(mailsBefore);
  });

  it("asks for all fields when the nickname is empty (the live check says 'Nickname kan inte vara tomt')", async () => {
    const result = await doRegister({ email: "tom@exempel.se", nickname: "", password: "hemligt123" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.fieldErrors.form).toBe(a.fillAllFields);
    expect(await usersWithEmail("tom@exempel.se")).toBe(0);
  });

  it("refuses a nickname that is taken in another case with 409 'Detta nickname är redan taget'", async () => {
    const mailsBefore = forum.mails.length;
    for (const nickname of ["aktie_anna", "AKTIE_ANNA", "Aktie_Anna"]) {
      const result = await doRegister({ email: "kopia@exempel.se", nickname, password: "hemligt123" });
      expect(result, nickname).toEqual({ ok: false, status: 409, fieldErrors: { nickname: a.nicknameTaken } });
    }
    expect(await usersWithEmail("kopia@exempel.se")).toBe(0);
    expect(await profileByNickname("aktie_anna")).toHaveLength(1);
    expect(forum.mails.length).toBe(mailsBefore);
  });

  it("treats å/ä/ö case-insensitively when checking whether a nickname is taken", async () => {
    const result = await doRegister({ email: "asa2@exempel.se", nickname: "åsa_öberg", password: "hemligt123" });
    expect(result).toEqual({ ok: false, status: 409, fieldErrors: { nickname: a.nicknameTaken } });
    expect(await usersWithEmail("asa2@exempel.se")).toBe(0);
  });

  it("says 'Vänligen fyll i alla fält' when a field is missing or blank", async () => {
    const inputs: Array<Record<string, string>> = [
      { nickname: "Saknar_Epost", password: "hemligt123" },
      { email: "saknar@exempel.se", password: "hemligt123" },
      { email: "saknar@exempel.se", nickname: "Saknar_Losen" },
      { email: "   ", nickname: "Blank_Epost", password: "hemligt123" },
      {},
    ];
    for (const input of inputs) {
      const result = await doRegister(input);
      expect(result.ok, JSON.stringify(input)).toBe(false);
      if (result.ok) continue;
      expect(result.status).toBe(400);
      expect(result.fieldErrors.form, JSON.stringify(input)).toBe(a.fillAllFields);
    }
    expect(await usersWithEmail("saknar@exempel.se")).toBe(0);
  });

  it("refuses a password under 6 characters and accepts exactly 6", async () => {
    const short = await doRegister({ email: "kort@exempel.se", nickname: "Kort_Losen", password: "12345" });
    expect(short).toEqual({ ok: false, status: 400, fieldErrors: { password: a.passwordTooShort } });
    expect(await usersWithEmail("kort@exempel.se")).toBe(0);

    // "123456" is 6 characters but on the common-password list.
    const common = await doRegister({ email: "kort@exempel.se", nickname: "Kort_Losen", password: "123456" });
    expect(common).toEqual({ ok: false, status: 400, fieldErrors: { password: a.passwordCommon } });
    expect(await usersWithEmail("kort@exempel.se")).toBe(0);

    const six = await doRegister({ email: "kort@exempel.se", nickname: "Kort_Losen", password: "Kx9#vQ" });
    expect(six).toEqual({ ok: true });
    expect(await usersWithEmail("kort@exempel.se")).toBe(1);
  });

  it("refuses an address without @ with the Swedish message", async () => {
    const result = await doRegister({ email: "inte-en-adress", nickname: "Utan_Snabel", password: "hemligt123" });
    expect(result).toEqual({ ok: false, status: 400, fieldErrors: { email: a.invalidEmail } });
  });

  it("answers an already registered e-mail like a success but creates no second user or profile", async () => {
    const email = "dubbel@exempel.se";
    expect(await doRegister({ email, nickname: "Dubbel_Ett", password: "hemligt123" })).toEqual({ ok: true });
    const profilesBefore = await profileCount();

    const again = await doRegister({ email, nickname: "Dubbel_Tva", password: "annatlosen" });
    expect(again).toEqual({ ok: true });
    expect(await usersWithEmail(email)).toBe(1);
    expect(await profileCount()).toBe(profilesBefore);
    expect(await profileByNickname("Dubbel_Tva")).toHaveLength(0);
    expect(await profileByNickname("Dubbel_Ett")).toHaveLength(1);

    // Same address in another case is the same account.
    expect(await doRegister({ email: "DUBBEL@exempel.se", nickname: "Dubbel_Tre", password: "hemligt123" })).toEqual({
      ok: true,
    });
    expect(await usersWithEmail(email)).toBe(1);
    expect(await profileCount()).toBe(profilesBefore);
  });

  it("refuses reserved nicknames and their look-alikes, creating nothing", async () => {
    const profilesBefore = await profileCount();
    for (const nickname of ["admin", "Moderator", "BÖRSSNACK", "bors.snack", "Sup_port", "r-o-o-t"]) {
      const result = await doRegister({ email: "reserv@exempel.se", nickname, password: "hemligt123" });
      expect(result, nickname).toEqual({ ok: false, status: 400, fieldErrors: { nickname: a.nicknameReserved } });
    }
    expect(await usersWithEmail("reserv@exempel.se")).toBe(0);
    expect(await profileCount()).toBe(profilesBefore);
  });
});

describe("live nickname check (GET /api/nickname-available)", () => {
  async function check(nickname: string): Promise<unknown> {
    const context = new RouterContextProvider();
    context.set(servicesContext, forum.services);
    const request = new Request(`${ORIGIN}/api/nickname-available?nickname=${encodeURIComponent(nickname)}`);
    const args: Parameters<typeof nicknameAvailable>[0] = {
      request,
      url: new URL(request.url),
      pattern: "/api/nickname-available",
      context,
      params: {},
    };
    const response = (await nicknameAvailable(args)) as Response;
    expect(response.headers.get("cache-control")).toBe("no-store");
    return response.json();
  }

  it("answers with the SPEC §5 message for each rule and 'taken' case-insensitively", async () => {
    expect(await check("")).toEqual({ status: "invalid", message: a.nicknameEmpty });
    expect(await check("Aktie Anna")).toEqual({ status: "invalid", message: a.nicknameSpaces });
    expect(await check("anna!")).toEqual({ status: "invalid", message: a.nicknameChars });
    expect(await check("<b>")).toEqual({ status: "invalid", message: a.nicknameChars });
    expect(await check("aktie_anna")).toEqual({ status: "taken", message: a.nicknameTaken });
    expect(await check("AKTIE_ANNA")).toEqual({ status: "taken", message: a.nicknameTaken });
    expect(await check("Ledig_Lisa")).toEqual({ status: "available" });
    expect(await check("Örjan.Å-99")).toEqual({ status: "available" });
  });

  it("answers 'taken' with 'Detta nickname är reserverat' for reserved names and look-alikes", async () => {
    for (const nickname of ["admin", "Administrator", "Bors_Snack", "Börssnack", "no.reply", "-Mod-"]) {
      expect(await check(nickname), nickname).toEqual({ status: "taken", message: a.nicknameReserved });
    }
  });
});

describe("login, verification and logout", () => {
  const email = "verifiera@exempel.se";
  const password = "hemligt123";
  let link: string;

  beforeAll(async () => {
    const result = await doRegister({ email, nickname: "Verifierad_Vera", password });
    expect(result).toEqual({ ok: true });
    link = linkIn(mailsTo(email).at(-1)!.text);
  });

  it("refuses an unverified account with 403 and offers a new mail", async () => {
    const result = await doLogin({ email, password });
    expect(result).toEqual({ ok: false, status: 403, error: a.notVerified, unverified: true });
  });

  it("says 'Vänligen fyll i både e-post och lösenord' when a field is empty", async () => {
    const inputs: Array<Record<string, string>> = [
      { email, password: "" },
      { email: "", password },
      { email: "  ", password },
      {},
    ];
    for (const input of inputs) {
      const result = await doLogin(input);
      expect(result, JSON.stringify(input)).toEqual({ ok: false, status: 400, error: a.fillEmailAndPassword });
    }
  });

  it("the verification link redirects to the login page with the confirmation notice", async () => {
    const { status, location } = await followLink(link);
    expect([301, 302, 303, 307, 308]).toContain(status);
    expect(location).not.toBeNull();
    const target = new URL(location!, ORIGIN);
    expect(target.origin).toBe(ORIGIN);
    expect(target.pathname + target.search).toBe("/auth/login?verified=1");
    const [row] = await forum.services.db.select().from(user).where(eq(user.email, email));
    expect(row!.emailVerified).toBe(true);
  });

  it("refuses a wrong password with 401 'Fel e-post eller lösenord.'", async () => {
    expect(await doLogin({ email, password: "fel-losen" })).toEqual({
      ok: false,
      status: 401,
      error: a.invalidCredentials,
    });
    expect(await doLogin({ email: "finns.inte@exempel.se", password })).toEqual({
      ok: false,
      status: 401,
      error: a.invalidCredentials,
    });
  });

  it("after verification the member logs in, and the cookie identifies them as a member", async () => {
    const result = await doLogin({ email: "  Verifiera@Exempel.se ", password });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.setCookies.length).toBeGreaterThan(0);
    expect(result.setCookies.some((c) => c.trim().startsWith("borssnack"))).toBe(true);

    const viewer = await getViewer(forum.services, pageRequest(cookieHeader(result.setCookies)));
    expect(viewer).not.toBeNull();
    expect(viewer!.nickname).toBe("Verifierad_Vera");
    expect(viewer!.email).toBe(email);
    expect(viewer!.role).toBe("member");
  });

  it("a visitor without a cookie, or with a forged one, is nobody", async () => {
    expect(await getViewer(forum.services, new Request(`${ORIGIN}/forum`))).toBeNull();
    expect(await getViewer(forum.services, pageRequest("borssnack.session_token=forfalskad.token"))).toBeNull();
  });

  it("logout clears the session cookie and the old cookie no longer works", async () => {
    const result = await doLogin({ email, password });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const cookie = cookieHeader(result.setCookies);
    expect(await getViewer(forum.services, pageRequest(cookie))).not.toBeNull();

    const cleared = await logout(forum.services, new Headers({ cookie }));
    const sessionCookie = cleared.find((c) => c.trim().startsWith("borssnack") && /session_token=/.test(c));
    expect(sessionCookie, cleared.join("\n")).toBeDefined();
    const clearedValue = sessionCookie!.split(";")[0]!.split("=").slice(1).join("=");
    const expired = /max-age=0\b/i.test(sessionCookie!) || /expires=Thu, 01 Jan 1970/i.test(sessionCookie!);
    expect(clearedValue === "" || expired).toBe(true);

    expect(await getViewer(forum.services, pageRequest(cookie))).toBeNull();
  });

  it("a broken verification link lands on the login page with an error, not the confirmation", async () => {
    const { status, location } = await followLink(
      `${ORIGIN}/api/auth/verify-email?token=trasig-token&callbackURL=%2Fauth%2Flogin%3Fverified%3D1`,
    );
    expect([301, 302, 303, 307, 308]).toContain(status);
    const target = new URL(location!, ORIGIN);
    expect(target.pathname).toBe("/auth/login");
    // The login page shows auth.verifyFailed whenever `error` is present.
    expect(target.searchParams.get("error")).toBeTruthy();
  });
});

describe("resend verification", () => {
  it("sends a new mail with a fresh working link to an unverified account", async () => {
    const email = "glomsk@exempel.se";
    expect(await doRegister({ email, nickname: "Glomsk_Gustav", password: "hemligt123" })).toEqual({ ok: true });
    expect(mailsTo(email)).toHaveLength(1);

    expect(await resendVerification(forum.services, { email: " Glomsk@Exempel.se " })).toBe(true);
    const sent = mailsTo(email);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe(ml.verifySubject);
    const { location } = await followLink(linkIn(sent[1]!.text));
    expect(location && new URL(location, ORIGIN).search).toBe("?verified=1");
    expect((await doLogin({ email, password: "hemligt123" })).ok).toBe(true);
  });

  it("answers the same for an unknown address but sends nothing", async () => {
    const before = forum.mails.length;
    expect(await resendVerification(forum.services, { email: "okand@exempel.se" })).toBe(true);
    expect(forum.mails.length).toBe(before);
  });

  it("sends nothing to an account that is already verified", async () => {
    const member = await createMember(forum, { nickname: "Redan_Klar" });
    const before = forum.mails.length;
    expect(await resendVerification(forum.services, { email: member.email })).toBe(true);
    expect(forum.mails.length).toBe(before);
  });

  it("refuses input that is not an address", async () => {
    const before = forum.mails.length;
    expect(await resendVerification(forum.services, { email: "" })).toBe(false);
    expect(await resendVerification(forum.services, { email: "inte-en-adress" })).toBe(false);
    expect(forum.mails.length).toBe(before);
  });
});

describe("effective role", () => {
  it("an unknown stored role id such as 'superuser' counts as member (SPEC §3)", async () => {
    const member = await createMember(forum, { nickname: "Super_Sune" });
    await forum.services.db.update(profiles).set({ roleId: "superuser" }).where(eq(profiles.id, member.id));
    const result = await doLogin({ email: member.email, password: member.password });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const viewer = await getViewer(forum.services, pageRequest(cookieHeader(result.setCookies)));
    expect(viewer?.nickname).toBe("Super_Sune");
    expect(viewer?.role).toBe("member");
  });

  it("moderators and admins keep their role", async () => {
    for (const role of ["moderator", "admin"] as const) {
      const member = await createMember(forum, { role });
      const result = await doLogin({ email: member.email, password: member.password });
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      const viewer = await getViewer(forum.services, pageRequest(cookieHeader(result.setCookies)));
      expect(viewer?.role).toBe(role);
    }
  });
});
