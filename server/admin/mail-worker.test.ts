/**
 * The durable bulk send: 500 recipients through a real SMTP receiver
 * (`smtp-server`), the worker process killed with SIGKILL mid-way and started again; every
 * address receives exactly one message. Runs on PGlite (a data folder the worker process opens)
 * and on PostgreSQL with `TEST_DATABASE_URL`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { adminMailJobs, adminMailRecipients, profiles, user } from "../db/schema";
import { createTestDatabaseUrl } from "../testing/harness";
import { enqueueMessage, getJobProgress } from "./messages";

const SMTP_PORT = Number(process.env.MAIL_TEST_SMTP_PORT ?? 2727);
const N = 500;
const KILL_AT = 200;
const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, "../testing/mail-worker-child.ts");

let pgliteDir: string | null = null;
let pg: { url: string; drop(): Promise<void> } | null = null;
const open = (): Promise<Database> =>
  openDatabase(pg ? { databaseUrl: pg.url, poolSize: 2 } : { pgliteDir: pgliteDir! });

beforeAll(async () => {
  pg = await createTestDatabaseUrl();
  if (!pg) pgliteDir = mkdtempSync(path.join(tmpdir(), "borssnack-mailjob-"));
});
afterAll(async () => {
  await pg?.drop();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

function startWorker(): ChildProcess {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` };
  delete env.DATABASE_URL;
  if (pg) env.DATABASE_URL = pg.url;
  else env.PGLITE_DIR = pgliteDir!;
  return spawn(process.execPath, ["--import", "tsx", child], { env, stdio: ["ignore", "pipe", "inherit"] });
}

const exited = (p: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) resolve({ code: p.exitCode, signal: p.signalCode });
    else p.once("exit", (code, signal) => resolve({ code, signal }));
  });

it("500 recipients, worker killed mid-way and restarted: every address gets exactly one message", { timeout: 240_000 }, async () => {
  // Queue the job the way the admin page does.
  // The first address is a member's (the admin's own), so it gets the opt-out link.
  const addresses = Array.from({ length: N }, (_, i) => (i === 0 ? "admin@exempel.se" : `mottagare${String(i).padStart(3, "0")}@exempel.se`));
  let database = await open();
  await database.migrate();
  await database.db.insert(user).values({ id: "admin-1", name: "Adminen", email: "admin@exempel.se", username: "adminen" });
  await database.db.update(profiles).set({ roleId: "admin" }).where(eq(profiles.id, "admin-1"));
  const { jobId, total } = await enqueueMessage(database.db, { id: "admin-1", role: "admin", nickname: "Adminen" }, {
    sendToAll: false,
    recipients: addresses.join("; "),
    subject: "Nyheter från Börssnack",
    content: "<p>Hej! <script>alert(1)</script><strong>Nytt</strong> i forumet.</p>",
    withButton: true,
    buttonLabel: "",
    buttonUrl: "https://borssnack.se/forum",
  });
  expect(total).toBe(N);
  await database.close();

  // A real SMTP receiver that counts what it accepted per recipient.
  const accepted = new Map<string, number>();
  const sources = new Map<string, string>();
  let worker: ChildProcess | null = null;
  let killed = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const total = [...accepted.values()].reduce((a, b) => a + b, 0);
        if (!killed && total === KILL_AT && worker) {
          // The worker dies while this message is being handed over: it was never accepted.
          killed = true;
          worker.kill("SIGKILL");
          callback(new Error("avbruten"));
          return;
        }
        for (const r of session.envelope.rcptTo) accepted.set(r.address.toLowerCase(), (accepted.get(r.address.toLowerCase()) ?? 0) + 1);
        if (sources.size < 3) sources.set(session.envelope.rcptTo[0]!.address.toLowerCase(), Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(SMTP_PORT, "127.0.0.1", () => resolve());
  });
  try {
    worker = startWorker();
    const first = await exited(worker);
    expect(first.signal).toBe("SIGKILL");
    const afterCrash = [...accepted.values()].reduce((a, b) => a + b, 0);
    expect(afterCrash).toBe(KILL_AT);

    worker = startWorker();
    const second = await exited(worker);
    expect(second.code).toBe(0);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  expect(accepted.size).toBe(N);
  expect(addresses.filter((a) => accepted.get(a) !== 1)).toEqual([]);

  // The mail: Swedish HTML + text, sanitised content, the button; the queue knows it is done.
  const mail = sources.get("admin@exempel.se")!.replace(/\r\n[ \t]+/g, " ");
  expect(mail).toMatch(/^Subject: .+$/m);
  expect(mail).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/avregistrera\?u=admin-1&t=[\w-]+>/m);
  expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const stranger = [...sources.entries()].find(([to]) => to !== "admin@exempel.se")![1];
  expect(stranger).not.toContain("List-Unsubscribe");
  expect(mail).toContain("text/plain");
  expect(mail).toContain("text/html");
  expect(mail).not.toContain("<script>");
  expect(mail).toContain("Klicka h");
  database = await open();
  try {
    const progress = await getJobProgress(database.db, jobId);
    expect(progress).toMatchObject({ status: "done", total: N, sent: N, processed: N });
    const [{ n }] = (await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminMailRecipients)
      .where(eq(adminMailRecipients.status, "sent"))) as [{ n: number }];
    expect(n).toBe(N);
    const [job] = await database.db.select().from(adminMailJobs).where(eq(adminMailJobs.id, jobId));
    expect(job!.finishedAt).toBeInstanceOf(Date);
  } finally {
    await database.close();
  }
});
