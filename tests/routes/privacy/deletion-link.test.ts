/**
 * The mailed deletion link's confirmation (`POST /forum/konto/radera`, docs/decisions/006-privacy.md)
 * through the real route action: anyone holding the link may use it, a visitor too (the token is
 * the credential; an open write of server/writes/pipeline.ts), once; the member's uploaded avatar
 * is removed after the deletion commits.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountDeleteConfirm from "../../../app/routes/account-delete-confirm";
import * as accountPage from "../../../app/routes/account";
import { privacy as pv } from "../../../domain/i18n/sv";
import { user, verification } from "../../../server/db/schema";
import { DELETE_LINK_PATH, requestDeletionLink } from "../../../server/privacy/account";
import type { Viewer } from "../../../server/accounts/session";
import { storageFor } from "../../../server/storage/storage";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";
import { keyFromUrl, setProfileImage } from "../../../server/uploads/profile-images";

let forum: TestForum;

beforeAll(async () => {
  forum = await createTestForum();
}, 60_000);
afterAll(() => forum?.close());

const viewerOf = (m: TestMember): Viewer => ({
  id: m.id,
  nickname: m.nickname,
  email: m.email,
  avatarUrl: null,
  edgeLevel: 0,
  role: m.role,
  hasPassword: true,
  blocked: false,
  mutedIds: new Set(),
  inboxUnread: 0,
});

/** Mails the member a deletion link and returns its token. */
async function linkFor(member: TestMember): Promise<string> {
  expect(await requestDeletionLink(forum.services, viewerOf(member))).toEqual({ ok: true });
  return new URL(forum.mails.at(-1)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
}

const users = async () => (await forum.services.db.select({ id: user.id }).from(user)).map((u) => u.id);

describe("using a deletion link", () => {
  it("works for a visitor, once; the member's avatar file goes after the deletion", async () => {
    const member = await createMember(forum);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
    const { url } = await setProfileImage(forum.services, member.id, "avatar", png);
    const key = keyFromUrl(forum.services.config, url)!;
    const storage = storageFor(forum.services.config);
    expect(await storage.get(key)).not.toBeNull();

    const token = await linkFor(member);
    const use = () => callRoute(forum, accountDeleteConfirm.action, { url: DELETE_LINK_PATH, form: { token } });
    const used = await use();
    expect(used.status).toBe(302);
    expect(used.location).toBe("/forum");
    // No session to end: only the flash cookie ('Kontot raderat').
    expect(used.headers.getSetCookie()).toHaveLength(1);
    expect(await users()).not.toContain(member.id);
    expect(await storage.get(key)).toBeNull();

    expect(await use()).toMatchObject({ status: 400, body: { error: pv.linkInvalid } });
  });

  it("a malformed or made-up token is 400 and deletes nothing", async () => {
    const before = await users();
    for (const token of ["", "kort", "A".repeat(43)]) {
      expect(await callRoute(forum, accountDeleteConfirm.action, { url: DELETE_LINK_PATH, form: { token } })).toMatchObject({
        status: 400,
        body: { error: pv.linkInvalid },
      });
    }
    expect(await users()).toEqual(before);
  });
});

describe("asking for a deletion link on the account page", () => {
  it("a link whose mail the mail server refuses is not kept: 503 with the Swedish message, and asking again is not held by the one-a-minute rule", async () => {
    const member = await createMember(forum);
    const cookie = await sessionCookie(forum, member);
    const ask = () => callRoute(forum, accountPage.action, { url: "/forum/konto", form: { intent: "send-link" }, cookie });
    const links = async () => (await forum.services.db.select({ value: verification.value }).from(verification)).filter((v) => v.value === member.id);
    const send = forum.services.mailer.send;
    forum.services.mailer.send = async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    };
    try {
      expect(await ask()).toMatchObject({ status: 503, body: { ok: false, intent: "send-link", sent: false, error: pv.linkSendFailed } });
    } finally {
      forum.services.mailer.send = send;
    }
    expect(await links()).toEqual([]);

    const before = forum.mails.length;
    expect(await ask()).toMatchObject({ status: 200, body: { ok: true, sent: true } });
    expect(forum.mails.slice(before).map((m) => m.to)).toEqual([member.email]);
    expect(await links()).toHaveLength(1);
    // A second link within the minute: 429, and the first stays the only one.
    expect(await ask()).toMatchObject({ status: 429, body: { ok: false, error: pv.linkRecentlySent } });
    expect(await links()).toHaveLength(1);
  });
});
