/**
 * Web Push: real subscriptions (ECDH P-256 key pair and 16-byte auth secret from
 * node:crypto) pointed at a local HTTP receiver that decrypts each push with `http_ece`
 * (aes128gcm) — the Swedish text, the anchor, the tag; 404/410 delete the device; other answers
 * are retried; members with the kind at e-mail/forum get nothing; read notifications are
 * skipped; each bump of a batched row is pushed once; exactly once with two senders and the
 * sweep; VAPID keys generated once and shared. Where pushes may go: endpoints off the
 * push-service list or resolving to non-public addresses get no request and the device is
 * deleted; the connection goes to the vetted address. A push service that hangs holds back
 * only its own queue. The API and the export: tests/routes/forum/push.test.ts. Runs on PGlite
 * and (with TEST_DATABASE_URL) on PostgreSQL.
 *
 * The receiver listens on 127.0.0.1 but devices name it `push.exempel.invalid` (configured in
 * `PUSH_SERVICE_HOSTS`; `.invalid` never resolves in DNS), and the tests' own `lookup` answers
 * 127.0.0.1 for it: a push arriving proves the socket connected to the looked-up address.
 */
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationText } from "../../domain/notifications";
import { commentPath } from "../../domain/paths";
import type { NotificationChannel } from "../../domain/values";
import { notifications, notificationSettings, pushDeliveries, pushSubscriptions, pushVapidKeys } from "../db/schema";
import { createComment, createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { markNotificationRead } from "../notifications/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { runWrite, unwrap } from "../writes/pipeline";
import { savePushDeviceWriteFor } from "./devices";
import { pushJobs, PushRetryError, startPushTrigger } from "./jobs";
import { PUSH_HOST_CONCURRENCY, sendPushes, sweepPushes, type PushSendOptions, type PushTestingOptions } from "./send";
import { storedVapidKeys, vapidDetails, type VapidDetails } from "./vapid";

const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

let forum: TestForum;
let categoryId: string;
let vapid: VapidDetails;
/** The receiver's made-up host name; see the file comment. */
const RECEIVER_HOST = "push.exempel.invalid";
/** What the tests' receivers need: `http:`, a loopback address, names resolved to 127.0.0.1. */
const TESTING: PushTestingOptions = {
  allowHttp: true,
  allowPrivateAddresses: true,
  lookup: async () => [{ address: "127.0.0.1", family: 4 }],
};
/** Send options as the jobs build them, plus the receiver allowances. */
const opts = (extra: Partial<PushSendOptions> = {}): PushSendOptions => ({
  vapid,
  serviceHosts: forum.services.config.pushServiceHosts,
  testing: TESTING,
  ...extra,
});
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

/** One push as the receiver saw it. */
interface Received {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A local push service: `/<device>` answers the status set for it (default 201). */
let receiver: Server;
let base: string;
const received: Received[] = [];
const statusOf = new Map<string, number>();

beforeAll(async () => {
  forum = await createTestForum({ PUSH_SERVICE_HOSTS: `*.exempel.invalid` });
  categoryId = (await listCategories(db()))[0]!.id;
  vapid = await vapidDetails(db(), forum.services.config);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const device = (req.url ?? "/").slice(1);
      received.push({ device, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusOf.get(device) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://${RECEIVER_HOST}:${(receiver.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await forum?.close();
});

/** A browser's subscription: its own key pair and auth secret, endpoint on the receiver. */
interface Device {
  name: string;
  endpoint: string;
  ecdh: ECDH;
  auth: string;
}

let deviceCounter = 0;
async function subscribe(member: TestMember): Promise<Device> {
  deviceCounter += 1;
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const device = { name: `device-${deviceCounter}`, endpoint: `${base}/device-${deviceCounter}`, ecdh, auth: randomBytes(16).toString("base64url") };
  unwrap(
    await runWrite(savePushDeviceWriteFor({ allowHttp: true, serviceHosts: forum.services.config.pushServiceHosts }), { db: db(), actor: actor(member) }, {
      endpoint: device.endpoint,
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: device.auth,
    }),
  );
  return device;
}

async function setAllChannels(member: TestMember, channel: NotificationChannel) {
  const all = { followedThread: channel, reply: channel, watchedThread: channel, mention: channel, quote: channel, watchedTicker: channel };
  await db().insert(notificationSettings).values({ userId: member.id, ...all }).onConflictDoUpdate({ target: notificationSettings.userId, set: all });
}

/** The member's newest notification row. */
async function latest(member: TestMember) {
  const [row] = await db().select().from(notifications).where(eq(notifications.userId, member.id)).orderBy(sql`${notifications.seq} DESC`).limit(1);
  return row!;
}

function pushesTo(device: Device) {
  return received.filter((r) => r.device === device.name);
}

function decrypt(device: Device, push: Received): { title: string; body: string; url: string; tag: string } {
  const plain = ece.decrypt(push.body, { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.auth });
  return JSON.parse(plain.toString("utf8"));
}

/** A thread by `author` and a comment in it by `commenter`; returns the comment id. */
async function commentOn(author: TestMember, commenter: TestMember, title = "Volvo rapport") {
  const thread = await createThread(db(), actor(author), { categoryId, title, body: "Vad tror ni om rapporten?" });
  const comment = await createComment(db(), actor(commenter), thread.id, { body: "Starkt kassaflöde." });
  return { threadId: thread.id, commentId: comment.id };
}

describe("VAPID keys", () => {
  it("are generated once and shared: two instances starting at once read the same stored pair", async () => {
    const [a, b] = await Promise.all([storedVapidKeys(db()), storedVapidKeys(db())]);
    expect(a).toEqual(b);
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(vapid.publicKey).toBe(a.publicKey);
    expect(await db().select().from(pushVapidKeys)).toHaveLength(1);
  });

  it("configured keys win over the stored pair", async () => {
    const configured = { vapidKeys: { publicKey: "B".repeat(87), privateKey: "c".repeat(43) }, vapidSubject: "mailto:drift@exempel.se" };
    expect(await vapidDetails(db(), configured)).toEqual({ ...configured.vapidKeys, subject: "mailto:drift@exempel.se" });
  });
});

describe("sending", () => {
  it("a reply is pushed to each device; the receiver decrypts the Swedish text and the comment anchor", async () => {
    const anna = await createMember(forum);
    const bo = await createMember(forum);
    await setAllChannels(anna, "push");
    const phone = await subscribe(anna);
    const laptop = await subscribe(anna);
    const { commentId } = await commentOn(anna, bo);
    const row = await latest(anna);
    const result = await sendPushes(db(), { from: row.seq, to: row.seq }, opts());
    expect(result).toEqual({ sent: 2, gone: 0, failed: 0, skipped: 0, refused: 0 });
    for (const device of [phone, laptop]) {
      const [push] = pushesTo(device);
      expect(push).toBeDefined();
      expect(push!.headers["content-encoding"]).toBe("aes128gcm");
      expect(push!.headers.ttl).toBe("86400");
      expect(push!.headers.urgency).toBe("normal");
      expect(String(push!.headers.authorization)).toMatch(/^vapid t=.+, k=/);
      const payload = decrypt(device, push!);
      expect(payload).toEqual({
        title: "Börssnack",
        body: notificationText({ type: "new_comment", actorNickname: bo.nickname, title: "Volvo rapport" }),
        url: commentPath(commentId),
        tag: `notification-${row.id}`,
      });
      expect(payload.body).toContain(bo.nickname);
    }
    const [stored] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint));
    expect(stored!.lastUsedAt).not.toBeNull();
  });

  it("right after commit: the notification event of a write triggers the push (two listening instances, one push)", async () => {
    const anna = await createMember(forum);
    await setAllChannels(anna, "push");
    const device = await subscribe(anna);
    const stops = [startPushTrigger(forum.services, TESTING), startPushTrigger(forum.services, TESTING)];
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await commentOn(anna, await createMember(forum), "Direkt push");
      await expect.poll(() => pushesTo(device).length, { timeout: 10_000 }).toBe(1);
      expect(decrypt(device, pushesTo(device)[0]!).body).toContain("Direkt push");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(pushesTo(device)).toHaveLength(1);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  });

  it("exactly once: two senders and the sweep at the same time send each push once", async () => {
    const anna = await createMember(forum);
    const bo = await createMember(forum);
    await setAllChannels(anna, "push");
    const devices = [await subscribe(anna), await subscribe(anna)];
    await commentOn(anna, bo);
    const row = await latest(anna);
    const range = { from: row.seq, to: row.seq };
    const results = await Promise.all([
      sendPushes(db(), range, opts()),
      sendPushes(db(), range, opts()),
      sweepPushes(db(), opts()),
    ]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBeGreaterThanOrEqual(2);
    for (const device of devices) expect(pushesTo(device)).toHaveLength(1);
    // Later runs find nothing left to send.
    await sendPushes(db(), range, opts());
    await sweepPushes(db(), opts());
    for (const device of devices) expect(pushesTo(device)).toHaveLength(1);
  });

  it("each bump of a watched thread's batch is pushed once, with one tag per thread", async () => {
    const author = await createMember(forum);
    const watcher = await createMember(forum);
    const other = await createMember(forum);
    await setAllChannels(watcher, "push");
    const { threadId } = await commentOn(author, watcher, "Bevakad push");
    const device = await subscribe(watcher);
    await createComment(db(), actor(other), threadId, { body: "Första nya" });
    let row = await latest(watcher);
    expect(row.type).toBe("thread_activity");
    await sendPushes(db(), { from: row.seq, to: row.seq }, opts());
    await createComment(db(), actor(author), threadId, { body: "Andra nya" });
    row = await latest(watcher);
    expect(row.count).toBe(2);
    await sendPushes(db(), { from: row.seq, to: row.seq }, opts());
    const payloads = pushesTo(device).map((p) => decrypt(device, p));
    expect(payloads.map((p) => p.body)).toEqual([
      notificationText({ type: "thread_activity", actorNickname: null, title: "Bevakad push", count: 1 }),
      notificationText({ type: "thread_activity", actorNickname: null, title: "Bevakad push", count: 2 }),
    ]);
    expect(new Set(payloads.map((p) => p.tag))).toEqual(new Set([`thread-${threadId}`]));
  });

  it("a member with the kind at e-mail or forum gets no push; a read notification is skipped", async () => {
    for (const channel of ["email", "forum"] as const) {
      const anna = await createMember(forum);
      await setAllChannels(anna, channel);
      const device = await subscribe(anna);
      await commentOn(anna, await createMember(forum));
      const row = await latest(anna);
      expect(await sendPushes(db(), { from: row.seq, to: row.seq }, opts())).toEqual({ sent: 0, gone: 0, failed: 0, skipped: 0, refused: 0 });
      await sweepPushes(db(), opts());
      expect(pushesTo(device)).toHaveLength(0);
    }
    const reader = await createMember(forum);
    await setAllChannels(reader, "push");
    const device = await subscribe(reader);
    await commentOn(reader, await createMember(forum));
    const row = await latest(reader);
    await markNotificationRead(db(), reader.id, row.id);
    await sendPushes(db(), { from: row.seq, to: row.seq }, opts());
    expect(pushesTo(device)).toHaveLength(0);
  });

  it("404 and 410 delete the device; a 500 is retried (the job throws for pg-boss) and then sent once", async () => {
    const anna = await createMember(forum);
    await setAllChannels(anna, "push");
    const gone = await subscribe(anna);
    const missing = await subscribe(anna);
    const flaky = await subscribe(anna);
    statusOf.set(gone.name, 410);
    statusOf.set(missing.name, 404);
    statusOf.set(flaky.name, 500);
    await commentOn(anna, await createMember(forum));
    const row = await latest(anna);
    const job = pushJobs(forum.services, TESTING).find((j) => j.name === "push-send")!;
    await expect(job.run({ from: row.seq, to: row.seq })).rejects.toBeInstanceOf(PushRetryError);
    const left = await db().select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, anna.id));
    expect(left.map((d) => d.endpoint)).toEqual([flaky.endpoint]);
    statusOf.set(flaky.name, 201);
    await job.run({ from: row.seq, to: row.seq });
    await sweepPushes(db(), opts());
    expect(pushesTo(flaky).map((p) => p.headers["content-length"])).toHaveLength(2); // one 500, one 201
    expect(decrypt(flaky, pushesTo(flaky)[1]!).body).toContain("Volvo rapport");
    expect(pushesTo(gone)).toHaveLength(1);
  });
});


/** A fresh P-256 public key and auth secret, for device rows inserted directly. */
function keys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

/** Inserts device rows for `member` directly (as a row stored before the checks existed would be). */
async function insertDevices(member: TestMember, endpoints: string[]) {
  await db().insert(pushSubscriptions).values(endpoints.map((endpoint) => ({ userId: member.id, endpoint, ...keys() })));
}

describe("where pushes may go", () => {
  /** A member with the kind at push, one fresh notification, and `endpoints` as devices. */
  async function notifiedWith(endpoints: string[]) {
    const member = await createMember(forum);
    await setAllChannels(member, "push");
    await insertDevices(member, endpoints);
    await commentOn(member, await createMember(forum), "Adresskontroll");
    const row = await latest(member);
    return { member, range: { from: row.seq, to: row.seq } };
  }
  const devicesOf = async (member: TestMember) =>
    (await db().select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id))).map((d) => d.endpoint);

  it("a stored endpoint off the push-service list or on a private address gets no request; the device is deleted, not retried", async () => {
    const port = (receiver.address() as AddressInfo).port;
    const endpoints = [
      `https://127.0.0.1:${port}/device-ssrf-1`,
      `http://127.0.0.1:${port}/device-ssrf-2`,
      "https://localhost:5432/device-ssrf-3",
      "https://[::1]/device-ssrf-4",
      "https://0x7f000001/device-ssrf-5",
      "https://2130706433/device-ssrf-6",
      "https://127.1/device-ssrf-7",
      "https://10.0.0.1/device-ssrf-8",
      "https://192.168.1.1/device-ssrf-9",
      "https://169.254.169.254/latest/meta-data",
      "https://[fd00::1]/device-ssrf-10",
      "https://[::ffff:127.0.0.1]/device-ssrf-11",
      "https://fcm.googleapis.com:5432/device-ssrf-12",
    ];
    const before = received.length;
    const { member, range } = await notifiedWith(endpoints);
    // Production options: the configured hosts, no test allowances.
    const result = await sendPushes(db(), range, { vapid, serviceHosts: forum.services.config.pushServiceHosts });
    expect(result).toEqual({ sent: 0, gone: 0, failed: 0, skipped: 0, refused: endpoints.length });
    expect(received.length).toBe(before);
    expect(await devicesOf(member)).toEqual([]);
    // Nothing left to retry, and the export shows nothing that depends on a connection.
    expect(await sweepPushes(db(), { vapid })).toMatchObject({ failed: 0 });
    expect(received.length).toBe(before);
  });

  it("an allowed host name that resolves to loopback (real DNS: localhost) gets no request; with the test allowance the same push arrives", async () => {
    const port = (receiver.address() as AddressInfo).port;
    const endpoint = `http://localhost:${port}/device-localhost`;
    const before = received.length;
    const refused = await notifiedWith([endpoint]);
    // `localhost` listed as a push service and http allowed: only the address check stands in the way.
    const strict = { vapid, serviceHosts: ["localhost"], testing: { allowHttp: true } };
    expect(await sendPushes(db(), refused.range, strict)).toMatchObject({ sent: 0, refused: 1, failed: 0 });
    expect(received.length).toBe(before);
    expect(await devicesOf(refused.member)).toEqual([]);
    // Control: the receiver is reachable at that address when private addresses are allowed.
    const control = await notifiedWith([`http://${RECEIVER_HOST}:${port}/device-control`]);
    expect(await sendPushes(db(), control.range, opts())).toMatchObject({ sent: 1, refused: 0 });
    expect(received.filter((r) => r.device === "device-control")).toHaveLength(1);
  });

  it("every non-public address a configured host resolves to is refused, literal IPs too; one bad address among good ones is enough", async () => {
    const port = (receiver.address() as AddressInfo).port;
    const answers: Array<Array<{ address: string; family: number }>> = [
      [{ address: "127.0.0.1", family: 4 }],
      [{ address: "10.1.2.3", family: 4 }],
      [{ address: "172.16.0.1", family: 4 }],
      [{ address: "192.168.0.10", family: 4 }],
      [{ address: "169.254.169.254", family: 4 }],
      [{ address: "100.64.0.1", family: 4 }],
      [{ address: "0.0.0.0", family: 4 }],
      [{ address: "224.0.0.1", family: 4 }],
      [{ address: "198.18.0.1", family: 4 }],
      [{ address: "::1", family: 6 }],
      [{ address: "fd00::1", family: 6 }],
      [{ address: "fe80::1", family: 6 }],
      [{ address: "::ffff:127.0.0.1", family: 6 }],
      [{ address: "64:ff9b::a00:1", family: 6 }],
      [
        { address: "8.8.8.8", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    ];
    const before = received.length;
    for (const answer of answers) {
      const { member, range } = await notifiedWith([`http://${RECEIVER_HOST}:${port}/device-rebind`]);
      const options = { vapid, serviceHosts: forum.services.config.pushServiceHosts, testing: { allowHttp: true, lookup: async () => answer } };
      expect(await sendPushes(db(), range, options), JSON.stringify(answer)).toMatchObject({ sent: 0, refused: 1 });
      expect(await devicesOf(member)).toEqual([]);
    }
    // Literal IPs on the list (as a host pattern could never be, but tests can pass one).
    for (const host of ["127.0.0.1", "0x7f000001", "2130706433", "[::1]", "[::ffff:127.0.0.1]", "10.0.0.1", "[fd00::1]"]) {
      const { member, range } = await notifiedWith([`http://${host}:${port}/device-literal`]);
      const listed = new URL(`http://${host}`).hostname;
      const options = { vapid, serviceHosts: [listed], testing: { allowHttp: true } };
      expect(await sendPushes(db(), range, options), host).toMatchObject({ sent: 0, refused: 1 });
      expect(await devicesOf(member)).toEqual([]);
    }
    expect(received.length).toBe(before);
    // 22 sends, each with its database round trips: over 30 s on a loaded 2-core machine.
  }, 120_000);

  it("a host that does not resolve is a transient failure: released for a retry, the device kept", async () => {
    const { member, range } = await notifiedWith([`https://nowhere.exempel.invalid/device-nxdomain`]);
    const result = await sendPushes(db(), range, { vapid, serviceHosts: forum.services.config.pushServiceHosts });
    expect(result).toMatchObject({ sent: 0, failed: 1, refused: 0 });
    expect(await devicesOf(member)).toHaveLength(1);
  });
});

describe("one slow push service", () => {
  /** Accepts every request and never answers. */
  let hanging: Server;
  let hangingBase: string;
  let open = 0;
  let peak = 0;
  let requests = 0;
  const pending: ServerResponse[] = [];

  beforeAll(async () => {
    hanging = createServer((req, res) => {
      requests += 1;
      open += 1;
      peak = Math.max(peak, open);
      pending.push(res);
      req.socket.on("close", () => (open -= 1));
    });
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    hangingBase = `http://hang.exempel.invalid:${(hanging.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    hanging?.closeAllConnections();
    await new Promise((resolve) => hanging?.close(resolve));
  });

  it("20 devices on a service that never answers do not delay another member's push; theirs are released for a retry", async () => {
    const slowMember = await createMember(forum);
    const member = await createMember(forum);
    await setAllChannels(slowMember, "push");
    await setAllChannels(member, "push");
    await insertDevices(slowMember, Array.from({ length: 20 }, (_, i) => `${hangingBase}/slow-${i}`));
    const device = await subscribe(member);
    const author = await createMember(forum);
    await commentOn(slowMember, author, "Långsam tjänst");
    const first = await latest(slowMember);
    await commentOn(member, author, "Snabb tjänst");
    const second = await latest(member);
    const range = { from: Math.min(first.seq, second.seq), to: Math.max(first.seq, second.seq) };
    let settled = false;
    const started = Date.now();
    // 4 of the 20 at a time, 3 s each, none started after 6 s: the slow service holds its own
    // queue for 6–9 s. Before, the other member's push waited behind them (3 s → 48 s).
    const run = sendPushes(db(), range, opts({ timeoutMs: 3_000, deadlineMs: 6_000 })).finally(() => (settled = true));
    await expect.poll(() => pushesTo(device).length, { timeout: 3_000, interval: 20 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(settled).toBe(false); // the slow service's pushes are still pending
    expect(requests).toBeGreaterThan(0);
    const result = await run;
    expect(result).toEqual({ sent: 1, gone: 0, failed: 20, skipped: 0, refused: 0 });
    expect(Date.now() - started).toBeLessThan(12_000);
    // One origin never had more than its share of connections.
    expect(peak).toBeLessThanOrEqual(PUSH_HOST_CONCURRENCY);
    // All 20 released for the retry: not sent, not claimed; those never started keep their attempts.
    const slowDevices = await db().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, slowMember.id));
    expect(slowDevices).toHaveLength(20);
    const claims = await db()
      .select()
      .from(pushDeliveries)
      .where(sql`${pushDeliveries.subscriptionId} IN (SELECT id FROM push_subscriptions WHERE user_id = ${slowMember.id})`);
    expect(claims).toHaveLength(20);
    for (const claim of claims) {
      expect(claim.sentAt).toBeNull();
      expect(claim.claimedAt).toBeNull();
    }
    expect(claims.filter((c) => c.attempts === 1)).toHaveLength(requests);
    expect(claims.filter((c) => c.attempts === 0)).toHaveLength(20 - requests);
  });
});
