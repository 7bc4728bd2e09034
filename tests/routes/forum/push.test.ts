/**
 * `/api/push` (Web Push): the VAPID public key, saving this device's subscription
 * (visitors 401; a non-https endpoint, bad keys or an over-long endpoint 400 with a Swedish
 * message), removing it, at most PUSH_DEVICES_MAX devices per member, a browser moving to another
 * account, and the export (the push service's origin and dates, never the keys). Only endpoints
 * on the browsers' push services or a host in `PUSH_SERVICE_HOSTS` are stored: loopback,
 * private and metadata addresses in every spelling are 400 and nothing is stored; a blocked
 * member gets 403. Runs on PGlite and (with TEST_DATABASE_URL) on PostgreSQL.
 */
import { createECDH, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiPush from "../../../app/routes/api-push";
import { webPush as wp } from "../../../domain/i18n/sv";
import { PUSH_DEVICES_MAX } from "../../../domain/limits";
import { CLIENT_IP_HEADER } from "../../../server/http/client-ip";
import { blockedUsers, pushSubscriptions } from "../../../server/db/schema";
import { exportMemberData } from "../../../server/privacy/export";
import { savePushDeviceWriteFor } from "../../../server/push/devices";
import { storedVapidKeys } from "../../../server/push/vapid";
import { servicesContext } from "../../../server/platform/services";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";
import { runWrite, unwrap } from "../../../server/writes/pipeline";

let forum: TestForum;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const base = "http://127.0.0.1:9";

beforeAll(async () => {
  // `push.exempel.se` stands for an operator's self-hosted push server.
  forum = await createTestForum({ PUSH_SERVICE_HOSTS: "push.exempel.se" });
}, 60_000);
afterAll(() => forum?.close());

it("GET /api/push answers the forum's VAPID public key", async () => {
  const answer = (await apiPush.loader({ context: contextOf(), request: new Request("http://localhost:3000/api/push"), params: {} } as never)) as Response;
  expect(await answer.json()).toEqual({ publicKey: (await storedVapidKeys(db())).publicKey });
});

/** The router context as a route gets it (the services). */
function contextOf() {
  const context = new RouterContextProvider();
  context.set(servicesContext, forum.services);
  return context;
}

describe("/api/push", () => {
  const post = (form: Record<string, string>, cookie?: string) => callRoute(forum, apiPush.action, { url: "/api/push", form, cookie });
  const key = () => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    return ecdh.getPublicKey().toString("base64url");
  };

  it("visitors get 401; a non-https endpoint or bad keys 400 with a Swedish message; a good one is stored and removed", async () => {
    const member = await createMember(forum);
    const cookie = await sessionCookie(forum, member);
    const good = { endpoint: "https://push.exempel.se/abc123", p256dh: key(), auth: randomBytes(16).toString("base64url") };
    const visitor = await post(good);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toBe(wp.loginToSubscribe);
    for (const endpoint of [`${base}/device-x`, "ftp://push.exempel.se/a", "inte en adress", "https://user:pw@push.exempel.se/a", ""]) {
      const bad = await post({ ...good, endpoint }, cookie);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(wp.invalidEndpoint);
    }
    const longEndpoint = await post({ ...good, endpoint: `https://push.exempel.se/${"a".repeat(3000)}` }, cookie);
    expect(longEndpoint.status).toBe(400);
    expect(longEndpoint.body.error).toBe(wp.endpointTooLong);
    for (const keys of [{ p256dh: "kort" }, { auth: "ej+base64url/aaaaaaaaaaa" }, { p256dh: "" }]) {
      const bad = await post({ ...good, ...keys }, cookie);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(wp.invalidKeys);
    }
    const saved = await post(good, cookie);
    expect(saved.status).toBe(200);
    const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id));
    expect(rows.map((r) => r.endpoint)).toEqual([good.endpoint]);
    // The export lists the device's push service and dates, never its keys.
    const exported = await exportMemberData(db(), member.id);
    expect(exported!.pushDevices).toEqual([{ service: "https://push.exempel.se", createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(exported)).not.toContain(good.p256dh);
    const removed = await callDelete({ endpoint: good.endpoint }, cookie);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true, removed: true });
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id))).toHaveLength(0);
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} devices per member, dropping the least recently used`, async () => {
    const member = await createMember(forum);
    const write = savePushDeviceWriteFor({ serviceHosts: forum.services.config.pushServiceHosts });
    for (let i = 0; i <= PUSH_DEVICES_MAX; i++) {
      unwrap(
        await runWrite(write, { db: db(), actor: actor(member) }, { endpoint: `https://push.exempel.se/m-${i}`, p256dh: key(), auth: randomBytes(16).toString("base64url") }),
      );
      // Distinct creation times so "least recently used" is well defined.
      await db().execute(sql`UPDATE push_subscriptions SET created_at = now() - make_interval(secs => ${100 - i}) WHERE endpoint = ${`https://push.exempel.se/m-${i}`}`);
    }
    const rows = await db().select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id));
    expect(rows).toHaveLength(PUSH_DEVICES_MAX);
    expect(rows.map((r) => r.endpoint)).not.toContain("https://push.exempel.se/m-0");
    // Another member subscribing the same browser takes the device over.
    const other = await createMember(forum);
    unwrap(await runWrite(write, { db: db(), actor: actor(other) }, { endpoint: "https://push.exempel.se/m-5", p256dh: key(), auth: randomBytes(16).toString("base64url") }));
    const [moved] = await db().select().from(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, "https://push.exempel.se/m-5")));
    expect(moved!.userId).toBe(other.id);
  });

  const keysOf = () => ({ p256dh: key(), auth: randomBytes(16).toString("base64url") });
  const storedFor = async (member: TestMember) =>
    (await db().select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id))).map((r) => r.endpoint);

  it("refuses loopback, private and metadata addresses in every spelling, and hosts that are no push service: 400, nothing stored", async () => {
    const member = await createMember(forum);
    const cookie = await sessionCookie(forum, member);
    const unknown = [
      "https://127.0.0.1:5433/abc",
      "https://localhost:5432/abc",
      "https://localhost/abc",
      "https://[::1]/abc",
      "https://0x7f000001/abc",
      "https://2130706433/abc",
      "https://127.1/abc",
      "https://10.0.0.1/abc",
      "https://192.168.1.1/abc",
      "https://169.254.169.254/latest/meta-data/",
      "https://[fd00::1]/abc",
      "https://[::ffff:127.0.0.1]/abc",
      "https://push.apple.com/abc", // the wildcard covers subdomains, not the domain itself
      "https://fcm.googleapis.com.evil.exempel.se/abc",
      "https://evil-fcm.googleapis.com/abc",
      "https://sub.push.exempel.se/abc", // the configured host is exact, not a wildcard
    ];
    for (const endpoint of unknown) {
      const answer = await post({ endpoint, ...keysOf() }, cookie);
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.error, endpoint).toBe(wp.unknownService);
      expect(answer.body.fieldErrors?.endpoint, endpoint).toBe(wp.unknownService);
    }
    // Another port on a real push service, or http, is not a push subscription either.
    for (const endpoint of ["https://fcm.googleapis.com:8443/fcm/send/abc", "http://fcm.googleapis.com/fcm/send/abc"]) {
      const answer = await post({ endpoint, ...keysOf() }, cookie);
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.error, endpoint).toBe(wp.invalidEndpoint);
    }
    expect(await storedFor(member)).toEqual([]);
  });

  it("accepts the browsers' push services and the configured extra host; without the setting that host is refused", async () => {
    const member = await createMember(forum);
    const cookie = await sessionCookie(forum, member);
    const known = [
      "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b",
      "https://fcm.googleapis.com/wp/dGVzdA",
      "https://android.googleapis.com/gcm/send/dGVzdA",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
      "https://web.push.apple.com/QGw2bHd0ZXN0",
      "https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB",
      "https://push.exempel.se/self-hosted-1",
      "https://PUSH.exempel.se./self-hosted-2",
    ];
    for (const endpoint of known) {
      const answer = await post({ endpoint, ...keysOf() }, cookie);
      expect(answer.status, endpoint).toBe(200);
    }
    expect(await storedFor(member)).toHaveLength(known.length);
    // The same self-hosted endpoint with the default configuration (only the built-in list).
    const other = await createMember(forum);
    const refused = await runWrite(savePushDeviceWriteFor(), { db: db(), actor: actor(other) }, { endpoint: "https://push.exempel.se/self-hosted-3", ...keysOf() });
    expect(refused).toMatchObject({ ok: false, status: 400, error: wp.unknownService });
    expect(await storedFor(other)).toEqual([]);
  });

  it("a blocked member cannot add a device (403, nothing stored) but may remove one", async () => {
    const member = await createMember(forum);
    const admin = await createMember(forum, { role: "admin" });
    const cookie = await sessionCookie(forum, member);
    const endpoint = "https://fcm.googleapis.com/fcm/send/blocked-before";
    expect((await post({ endpoint, ...keysOf() }, cookie)).status).toBe(200);
    await db().insert(blockedUsers).values({ userId: member.id, blockedBy: admin.id });
    const answer = await post({ endpoint: "https://fcm.googleapis.com/fcm/send/blocked-after", ...keysOf() }, cookie);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe(wp.blocked);
    expect(await storedFor(member)).toEqual([endpoint]);
    const removed = await callDelete({ endpoint }, cookie);
    expect(removed.body).toEqual({ ok: true, removed: true });
    expect(await storedFor(member)).toEqual([]);
  });
});

async function callDelete(form: Record<string, string>, cookie: string) {
  const request = new Request("http://localhost:3000/api/push", {
    method: "DELETE",
    headers: { origin: "http://localhost:3000", cookie, "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: "203.0.113.9" },
    body: new URLSearchParams(form).toString(),
  });
  const response = (await apiPush.action({ request, context: contextOf(), params: {} } as never)) as Response;
  return { status: response.status, body: await response.json() };
}
