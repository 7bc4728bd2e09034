/**
 * Two app instances on one PostgreSQL (ARCHITECTURE.md "Data and realtime across
 * instances"): a stream opened on instance B receives the notification of a post handled by
 * instance A; after the stream is dropped and two more posts happen, reconnecting with
 * Last-Event-ID replays both; a member's unread marks, read on one instance and commented on the
 * other, are the same on both. Needs TEST_DATABASE_URL (a real PostgreSQL server); skipped with
 * that reason otherwise. The instances listen on 3311 and 3312 (override: E2E_MULTI_PORTS="a,b").
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import pg from "pg";
import { smtpPort } from "../../playwright.config";
import type { NotificationItem } from "../../domain/notifications";
import { memberByHttp } from "./support/accounts";
import { startMailbox, type Mailbox } from "./support/mailbox";
import { openSse } from "./support/sse";

const adminUrl = process.env.TEST_DATABASE_URL;
const [portA, portB] = (process.env.E2E_MULTI_PORTS ?? "3311,3312").split(",").map(Number) as [number, number];
const urlA = `http://localhost:${portA}`;
const urlB = `http://localhost:${portB}`;

let mailbox: Mailbox;
let dbName: string;
const children: ChildProcess[] = [];

async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`instance ${base} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance ${base} did not start`);
}

async function cookieHeader(api: APIRequestContext): Promise<string> {
  const state = await api.storageState();
  return state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

const SKIP_REASON = "needs TEST_DATABASE_URL: two app processes must share a real PostgreSQL server";
// The list reporter shows a skipped test without its reason: the title carries it.
test.describe(`two instances on one PostgreSQL${adminUrl ? "" : ` (skipped: ${SKIP_REASON})`}`, () => {
  test.skip(!adminUrl, SKIP_REASON);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    mailbox = await startMailbox(smtpPort);
    dbName = `bs_e2e_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const shared = {
      ...process.env,
      DATABASE_URL: url.toString(),
      PUBLIC_URL: urlA,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Börssnack <noreply@borssnack.test>",
      AUTH_SECRET: randomBytes(24).toString("hex"),
      AUTH_IP_LIMIT_PER_MINUTE: "1000",
      ACTION_LIMIT_MULTIPLIER: "1000",
    };
    for (const port of [portA, portB]) {
      const child = spawn(process.execPath, ["server.js"], {
        env: { ...shared, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), "borssnack-multi-")) },
        stdio: ["ignore", "inherit", "inherit"],
      });
      children.push(child);
      // One after the other: both would otherwise race to apply the migrations.
      await waitHealthy(`http://localhost:${port}`, child);
    }
  });

  test.afterAll(async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r)))));
    await mailbox?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  test("a post handled by A reaches a stream on B; a dropped stream catches up with Last-Event-ID", async () => {
    const author = await memberByHttp(urlA, mailbox, "Instans");
    const reader = await memberByHttp(urlA, mailbox, "Lyssnare");
    const authorId = (await author.api.get("/forum/profil")).url().split("/").pop()!;
    expect((await reader.api.post("/api/follow", { form: { intent: "follow", userId: authorId } })).status()).toBe(200);
    const categoryId = (await (await author.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
    const post = async (title: string) => {
      const res = await author.api.post(`${urlA}/forum/ny-trad/${categoryId}`, { form: { title, body: "Text" }, maxRedirects: 0 });
      expect(res.status()).toBe(302);
    };
    const cookie = await cookieHeader(reader.api);

    // The reader's session cookie works on B too: sessions live in the database.
    const stream = await openSse(`${urlB}/api/events`, { Cookie: cookie });
    expect(stream.status).toBe(200);
    await stream.nextOf("ready");
    await post("Från instans A");
    const first = await stream.nextOf("notification", 5_000);
    const item = JSON.parse(first.data) as NotificationItem;
    expect(item).toMatchObject({ type: "new_thread", title: "Från instans A", actorNickname: author.nickname });
    expect(first.id).toBe(String(item.seq));

    // The connection drops; two posts happen meanwhile.
    stream.close();
    await post("Medan du var borta 1");
    await post("Medan du var borta 2");
    const again = await openSse(`${urlB}/api/events`, { Cookie: cookie, "Last-Event-ID": first.id! });
    const missed = [await again.nextOf("notification"), await again.nextOf("notification")].map(
      (e) => (JSON.parse(e.data) as NotificationItem).title,
    );
    expect(missed).toEqual(["Medan du var borta 1", "Medan du var borta 2"]);
    // And it is live again.
    await post("Tillbaka live");
    expect((JSON.parse((await again.nextOf("notification", 5_000)).data) as NotificationItem).title).toBe("Tillbaka live");
    again.close();
  });

  test("a member's unread marks are the same on both instances: read on one, commented on the other", async () => {
    const author = await memberByHttp(urlA, mailbox, "Skribent");
    const reader = await memberByHttp(urlA, mailbox, "Lasare");
    const categoryId = (await (await author.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
    const created = await author.api.post(`${urlA}/forum/ny-trad/${categoryId}`, { form: { title: "Oläst på två instanser", body: "Text" }, maxRedirects: 0 });
    expect(created.status()).toBe(302);
    const threadPath = new URL(created.headers().location!, urlA).pathname;
    const threadId = threadPath.split("/")[5]!;
    // Comments through B; the reader's session works on both (sessions live in the database). A
    // write to B names B as its origin (behind one address in production, both are the same).
    const onB = { Origin: urlB };
    for (const body of ["Första", "Andra", "Tredje"]) {
      expect((await author.api.post(`${urlB}${threadPath}`, { form: { intent: "comment", body }, headers: onB })).status()).toBe(200);
    }
    const commentIds = [...(await (await reader.api.get(`${urlA}${threadPath}`)).text()).matchAll(/<article id="comment-([0-9a-f-]{36})"/g)].map((m) => m[1]!);
    expect(commentIds).toHaveLength(3);
    // The reader has read the first comment, on A.
    const report = await reader.api.post(`${urlA}/api/unread`, { form: { intent: "read", threadId, seen: commentIds[0]! } });
    expect(report.status()).toBe(200);
    // The row's mark as each instance's home shows it to the reader.
    const markOn = async (base: string) => {
      const html = await (await reader.api.get(`${base}/forum`)).text();
      const row = html.slice(html.indexOf(`/trad/${threadId}`));
      return /aria-label="(\d+) (?:ny kommentar|nya kommentarer) sedan du läste/.exec(row.slice(0, 4000))?.[1] ?? "none";
    };
    await expect.poll(() => markOn(urlB), { timeout: 5_000 }).toBe("2");
    expect(await markOn(urlA)).toBe("2");
    // A fourth comment on A counts on B; the rest read on B clears the mark on A.
    expect((await author.api.post(`${urlA}${threadPath}`, { form: { intent: "comment", body: "Fjärde" } })).status()).toBe(200);
    await expect.poll(() => markOn(urlB), { timeout: 5_000 }).toBe("3");
    const all = [...(await (await reader.api.get(`${urlB}${threadPath}`)).text()).matchAll(/<article id="comment-([0-9a-f-]{36})"/g)].map((m) => m[1]!);
    expect(all).toHaveLength(4);
    expect((await reader.api.post(`${urlB}/api/unread`, { form: { intent: "read", threadId, seen: all.join(",") }, headers: onB })).status()).toBe(200);
    await expect.poll(() => markOn(urlA), { timeout: 5_000 }).toBe("none");
    // And 'Olästa' on A no longer lists it.
    expect(await (await reader.api.get(`${urlA}/forum?sortera=olasta`)).text()).not.toContain(`/trad/${threadId}`);
  });
});
