/**
 * Web Push (issue 18): real subscriptions (ECDH P-256 key pair and 16-byte auth secret from
 * node:crypto) pointed at a local HTTP receiver that decrypts each push with `http_ece`
 * (aes128gcm) — the Swedish text, the anchor, the tag; 404/410 delete the device; other answers
 * are retried; members with the kind at e-mail/forum get nothing; read notifications are
 * skipped; each bump of a batched row is pushed once; exactly once with two senders and the
 * sweep; VAPID keys generated once and shared. The API and the export:
 * tests/routes/forum/push.test.ts. Runs on PGlite
 * and (with TEST_DATABASE_URL) on PostgreSQL.
 */
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationText } from "../../domain/notifications";
import { commentPath } from "../../domain/paths";
import type { NotificationChannel } from "../../domain/values";
import { notifications, notificationSettings, pushSubscriptions, pushVapidKeys } from "../db/schema";
import { createComment, createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { markNotificationRead } from "../notifications/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { runWrite, unwrap } from "../writes/pipeline";
import { savePushDeviceWriteFor } from "./devices";
import { pushJobs, PushRetryError, startPushTrigger } from "./jobs";
import { sendPushes, sweepPushes } from "./send";
import { storedVapidKeys, vapidDetails, type VapidDetails } from "./vapid";

const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

let forum: TestForum;
let categoryId: string;
let vapid: VapidDetails;
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
  forum = await createTestForum();
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
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
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
    await runWrite(savePushDeviceWriteFor({ allowHttp: true }), { db: db(), actor: actor(member) }, {
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

describe("VAPID keys (issue 18)", () => {
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

describe("sending (issue 18)", () => {
  it("a reply is pushed to each device; the receiver decrypts the Swedish text and the comment anchor", async () => {
    const anna = await createMember(forum);
    const bo = await createMember(forum);
    await setAllChannels(anna, "push");
    const phone = await subscribe(anna);
    const laptop = await subscribe(anna);
    const { commentId } = await commentOn(anna, bo);
    const row = await latest(anna);
    const result = await sendPushes(db(), { from: row.seq, to: row.seq }, { vapid });
    expect(result).toEqual({ sent: 2, gone: 0, failed: 0, skipped: 0 });
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
    const stops = [startPushTrigger(forum.services), startPushTrigger(forum.services)];
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
      sendPushes(db(), range, { vapid }),
      sendPushes(db(), range, { vapid }),
      sweepPushes(db(), { vapid }),
    ]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBeGreaterThanOrEqual(2);
    for (const device of devices) expect(pushesTo(device)).toHaveLength(1);
    // Later runs find nothing left to send.
    await sendPushes(db(), range, { vapid });
    await sweepPushes(db(), { vapid });
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
    await sendPushes(db(), { from: row.seq, to: row.seq }, { vapid });
    await createComment(db(), actor(author), threadId, { body: "Andra nya" });
    row = await latest(watcher);
    expect(row.count).toBe(2);
    await sendPushes(db(), { from: row.seq, to: row.seq }, { vapid });
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
      expect(await sendPushes(db(), { from: row.seq, to: row.seq }, { vapid })).toEqual({ sent: 0, gone: 0, failed: 0, skipped: 0 });
      await sweepPushes(db(), { vapid });
      expect(pushesTo(device)).toHaveLength(0);
    }
    const reader = await createMember(forum);
    await setAllChannels(reader, "push");
    const device = await subscribe(reader);
    await commentOn(reader, await createMember(forum));
    const row = await latest(reader);
    await markNotificationRead(db(), reader.id, row.id);
    await sendPushes(db(), { from: row.seq, to: row.seq }, { vapid });
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
    const job = pushJobs(forum.services).find((j) => j.name === "push-send")!;
    await expect(job.run({ from: row.seq, to: row.seq })).rejects.toBeInstanceOf(PushRetryError);
    const left = await db().select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, anna.id));
    expect(left.map((d) => d.endpoint)).toEqual([flaky.endpoint]);
    statusOf.set(flaky.name, 201);
    await job.run({ from: row.seq, to: row.seq });
    await sweepPushes(db(), { vapid });
    expect(pushesTo(flaky).map((p) => p.headers["content-length"])).toHaveLength(2); // one 500, one 201
    expect(decrypt(flaky, pushesTo(flaky)[1]!).body).toContain("Volvo rapport");
    expect(pushesTo(gone)).toHaveLength(1);
  });
});

