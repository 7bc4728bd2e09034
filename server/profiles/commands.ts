/**
 * The member's own profile text: saving the bio (SPEC §4 Bio edit; §6 only the bio is editable on
 * one's own profile), through the write pipeline.
 *
 * @module
 */
import { eq } from "drizzle-orm";
import { errors, profile as p, toasts as t } from "../../domain/i18n/sv";
import { isBlankText } from "../../domain/validation";
import { cookBio } from "../content/storage";
import type { Db, Tx } from "../db/client";
import { profiles } from "../db/schema";
import { ForumError } from "../platform/errors";
import { defineWrite } from "../writes/pipeline";
import { BIO_MAX } from "./queries";

/** A bio as stored: trimmed, CRLF as LF, null when empty or only invisible characters. */
export interface SavedBio {
  bio: string | null;
  /** The bio cooked to sanitised HTML, or null. */
  bioHtml: string | null;
}

/**
 * Normalises a bio as typed.
 *
 * @param bio as typed
 * @returns the text to store, or null for an empty or invisible-only bio
 * @throws {ForumError} 400 'Presentationen får vara högst … tecken' over {@link BIO_MAX} characters
 */
function normaliseBio(bio: string): string | null {
  const value = bio.replace(/\r\n?/g, "\n").trim();
  if (value.length > BIO_MAX) throw new ForumError(400, p.bioTooLong(BIO_MAX), p.bioFailed);
  return isBlankText(value) ? null : value;
}

/**
 * Saves a member's own bio.
 *
 * @param db database handle or transaction
 * @param userId the member
 * @param bio as typed; trimmed; empty or only invisible characters becomes null
 * @param bioHtml the bio cooked to sanitised HTML (`cookBio`), or null
 * @returns the stored bio and its HTML
 * @throws {ForumError} 400 over {@link BIO_MAX} characters
 */
export async function updateBio(db: Db | Tx, userId: string, bio: string, bioHtml: string | null = null): Promise<SavedBio> {
  const stored = normaliseBio(bio);
  const html = stored ? bioHtml : null;
  await db.update(profiles).set({ bio: stored, bioHtml: html }).where(eq(profiles.id, userId));
  return { bio: stored, bioHtml: html };
}

/**
 * The write behind `POST /api/bio`: login (401) → parse (a request without a `bio` field is 400
 * 'Ogiltig förfrågan.' and keeps the bio, so a broken body cannot wipe it; over {@link BIO_MAX}
 * characters 400) → limit `bio` (10 a minute) → cook the Markdown → store. Changes pages (the
 * profile shows it).
 *
 * @returns the write; its value is the {@link SavedBio}
 */
export const bioWrite = defineWrite({
  name: "bio",
  login: { message: t.notLoggedIn, title: p.bioFailed },
  parse: (raw: { bio?: unknown }): string | null => {
    if (typeof raw.bio !== "string") throw new ForumError(400, errors.badRequest, p.bioFailed);
    return normaliseBio(raw.bio);
  },
  limits: "bio",
  prepare: async ({ db }, bio) => cookBio(db, bio),
  transaction: async (tx, { actor }, bio, _loaded, bioHtml): Promise<SavedBio> => updateBio(tx, actor.id, bio ?? "", bioHtml),
});
