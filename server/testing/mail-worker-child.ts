/**
 * A stand-alone admin-mail worker process for the crash test (`server/admin/mail-worker.test.ts`):
 * opens the database (`DATABASE_URL`, or PGlite in `PGLITE_DIR`), sends every pending admin
 * message to `SMTP_URL`, and exits 0 when nothing is pending. The test kills it mid-way.
 *
 * @module
 */
import { openDatabase } from "../db/client";
import { drainAdminMail } from "../admin/mail-worker";
import { createMailer } from "../mail/mailer";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: process.env.PGLITE_DIR, poolSize: 2 });
const mailer = createMailer({ smtpUrl: process.env.SMTP_URL, from: "Börssnack <noreply@borssnack.test>", mailDir: "/nonexistent", pool: true });
const sent = await drainAdminMail({ db: database.db, mailer, publicUrl: "http://localhost:3000", secret: "test-secret-that-is-long-enough-0123456789" });
await database.close();
console.log(`handled ${sent}`);
process.exit(0);
