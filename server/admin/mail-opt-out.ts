/**
 * The member's own opt-out of the admins' bulk mail as a declared write, apart from
 * ./unsubscribe.ts (the one-click link), which the mail worker imports: the write pipeline
 * imports the services, so the worker must not import it.
 *
 * @module
 */
import { eq } from "drizzle-orm";
import { privacy as pv } from "../../domain/i18n/sv";
import { profiles } from "../db/schema";
import { defineWrite } from "../writes/pipeline";

/**
 * The account page's 'Tacka nej till utskick' / 'Ta emot utskick igen' (the admins' bulk mail) as a declared
 * write (server/writes/pipeline.ts): `{ optOut: boolean }` for the signed-in member's own
 * account, whatever else the form names. Counts against the `follow` limit (429); a preference no
 * cached page shows, so it changes no cache.
 */
export const adminMailOptOutWrite = defineWrite({
  name: "admin-mail-opt-out",
  changes: () => [],
  login: { message: pv.notLoggedIn },
  parse: (raw: { optOut: boolean }) => raw.optOut === true,
  limits: "follow",
  transaction: (tx, { actor }, optOut) => tx.update(profiles).set({ adminMailOptOut: optOut }).where(eq(profiles.id, actor.id)),
});
