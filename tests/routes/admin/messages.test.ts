/**
 * Admin messages on a real database (SPEC §5 Admin message): recipient parsing,
 * sanitising, who is sent to (verified members, opt-outs skipped), the one-click opt-out and its
 * reversal, and SMTP refusals being retried then given up.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPages as ap } from "../../../domain/i18n/sv";
import * as unsubscribeRoute from "../../../app/routes/unsubscribe";
import { adminMailRecipients, profiles, user } from "../../../server/db/schema";
import type { MailMessage } from "../../../server/mail/mailer";
import { servicesContext } from "../../../server/platform/services";
import { expectForumError } from "../../../server/testing/expect-forum-error";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { drainAdminMail, MAX_ATTEMPTS } from "../../../server/admin/mail-worker";
import { enqueueMessage, getJobProgress, parseRecipients, sanitizeMailHtml } from "../../../server/admin/messages";
import { getAdminMailOptOut, setAdminMailOptOut, unsubscribeUrl } from "../../../server/admin/unsubscribe";

let forum: TestForum;
let admin: TestMember;
let optedOut: TestMember;
let unverified: TestMember;
let plain: TestMember;
const sent: MailMessage[] = [];
const SECRET = "test-secret-that-is-long-enough-0123456789";

const deps = (send: (m: MailMessage) => Promise<void> = async (m) => void sent.push(m)) => ({
  db: forum.services.db,
  mailer: { send },
  publicUrl: "http://localhost:3000",
  secret: SECRET,
});
const form = (over: Record<string, unknown> = {}) => ({
  sendToAll: false,
  recipients: "",
  subject: "Nyheter",
  content: "<p>Hej</p>",
  withButton: false,
  buttonLabel: "",
  buttonUrl: "",
  ...over,
});

beforeAll(async () => {
  forum = await createTestForum();
  admin = await createMember(forum, { nickname: "Adminen", role: "admin" });
  optedOut = await createMember(forum, { nickname: "Nejtack" });
  unverified = await createMember(forum, { nickname: "Overifierad", verified: false });
  plain = await createMember(forum, { nickname: "Vanlig" });
  await setAdminMailOptOut(forum.services.db, optedOut.id, true);
});
afterAll(() => forum.close());

describe("form rules", () => {
  it("splits recipients on comma or semicolon, trims, drops empties and duplicates", () => {
    expect(parseRecipients(" A@exempel.se;b@exempel.se , ,a@exempel.se;; ")).toEqual(["a@exempel.se", "b@exempel.se"]);
  });

  it("keeps a safe e-mail subset of the HTML", () => {
    const html = sanitizeMailHtml('<p onclick="x()">Hej <b>alla</b><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://borssnack.se">länk</a></p><script>alert(1)</script>');
    expect(html).toBe('<p>Hej <b>alla</b><a>x</a><a href="https://borssnack.se">länk</a></p>');
  });

  it("refuses no recipients, a bad address, an unsafe button URL, and non-admins", async () => {
    const db = forum.services.db;
    const a = { id: admin.id, role: "admin" as const, nickname: admin.nickname };
    await expectForumError(enqueueMessage(db, a, form({ recipients: " ; , " })), 400, ap.noRecipients);
    await expectForumError(enqueueMessage(db, a, form({ recipients: "inte-en-adress" })), 400, ap.invalidEmail("inte-en-adress"));
    await expectForumError(enqueueMessage(db, a, form({ recipients: "a@exempel.se", subject: "  " })), 400, ap.subjectRequired);
    await expectForumError(
      enqueueMessage(db, a, form({ recipients: "a@exempel.se", withButton: true, buttonUrl: "javascript:alert(1)" })),
      400,
      ap.buttonUrlInvalid,
    );
    await expectForumError(enqueueMessage(db, { ...a, role: "moderator" }, form({ recipients: "a@exempel.se" })), 403, ap.adminsOnlyMessages);
  });
});

describe("sending", () => {
  it("'send to all' reaches verified members who have not opted out, once each", async () => {
    sent.length = 0;
    const { jobId, total } = await enqueueMessage(forum.services.db, { id: admin.id, role: "admin", nickname: "Adminen" }, form({ sendToAll: true }));
    expect(total).toBe(2); // Adminen and Vanlig; not Nejtack (opted out), not Overifierad
    expect(await drainAdminMail(deps())).toBe(2);
    expect(sent.map((m) => m.to).sort()).toEqual([admin.email.toLowerCase(), plain.email.toLowerCase()].sort());
    expect(sent.map((m) => m.to)).not.toContain(unverified.email.toLowerCase());
    expect(sent[0]!.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/avregistrera\?u=.+&t=.+>$/);
    expect(sent[0]!.text).toContain("Nyheter");
    expect(await getJobProgress(forum.services.db, jobId)).toMatchObject({ status: "done", sent: 2, total: 2 });
    expect(await drainAdminMail(deps())).toBe(0);
  });

  it("typed addresses of members who opted out are skipped, others sent; the button defaults to 'Klicka här'", async () => {
    sent.length = 0;
    const { jobId } = await enqueueMessage(
      forum.services.db,
      { id: admin.id, role: "admin", nickname: "Adminen" },
      form({ recipients: `${optedOut.email}; extern@exempel.se`, withButton: true }),
    );
    await drainAdminMail(deps());
    expect(sent.map((m) => m.to)).toEqual(["extern@exempel.se"]);
    expect(sent[0]!.html).toContain(">Klicka här</a>");
    expect(sent[0]!.headers?.["List-Unsubscribe"]).toBeUndefined();
    expect(await getJobProgress(forum.services.db, jobId)).toMatchObject({ status: "done", sent: 1, skipped: 1 });
  });

  it("an SMTP refusal is retried, then given up as failed; the job still finishes", async () => {
    const { jobId } = await enqueueMessage(forum.services.db, { id: admin.id, role: "admin", nickname: "Adminen" }, form({ recipients: "studsar@exempel.se" }));
    let calls = 0;
    await drainAdminMail(
      deps(async () => {
        calls += 1;
        throw new Error("550 mailbox unavailable");
      }),
    );
    expect(calls).toBe(MAX_ATTEMPTS);
    const [row] = await forum.services.db.select().from(adminMailRecipients).where(eq(adminMailRecipients.jobId, jobId));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "550 mailbox unavailable" });
    expect(await getJobProgress(forum.services.db, jobId)).toMatchObject({ status: "done", failed: 1, sent: 0 });
  });
});

describe("one-click opt-out", () => {
  async function call(handler: (args: any) => Promise<unknown>, url: string, method: "GET" | "POST") {
    const context = new RouterContextProvider();
    context.set(servicesContext, forum.services);
    const init: RequestInit = method === "POST"
      ? { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }
      : { method };
    const result = (await handler({ request: new Request(url, init), context, params: {} })) as any;
    return result?.type === "DataWithResponseInit" ? { status: result.init?.status ?? 200, ...result.data } : { status: 200, ...result };
  }

  it("a GET only asks; a POST with the signed link opts out; a wrong token is refused; Mitt konto takes it back", async () => {
    const member = await createMember(forum, { nickname: "Avregistreras" });
    const secret = forum.services.config.authSecret;
    const url = unsubscribeUrl("http://localhost:3000", secret, member.id);
    expect(await call(unsubscribeRoute.loader, url, "GET")).toMatchObject({ status: 200, valid: true, done: false });
    expect(await getAdminMailOptOut(forum.services.db, member.id)).toBe(false);
    const forged = unsubscribeUrl("http://localhost:3000", "another-secret-that-is-long-enough-000", member.id);
    expect(await call(unsubscribeRoute.action, forged, "POST")).toMatchObject({ status: 400, valid: false });
    expect(await getAdminMailOptOut(forum.services.db, member.id)).toBe(false);
    expect(await call(unsubscribeRoute.action, url, "POST")).toMatchObject({ status: 200, valid: true, done: true });
    expect(await getAdminMailOptOut(forum.services.db, member.id)).toBe(true);
    await setAdminMailOptOut(forum.services.db, member.id, false);
    const [p] = await forum.services.db.select({ v: profiles.adminMailOptOut }).from(profiles).where(eq(profiles.id, member.id));
    expect(p!.v).toBe(false);
    expect((await forum.services.db.select().from(user).where(eq(user.id, member.id))).length).toBe(1);
  });
});
