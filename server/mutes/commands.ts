/**
 * Mute and unmute a member ('Dölj medlem'): a member's private `member_mutes` rows.
 * Declared as writes of server/writes/pipeline.ts ({@link muteWrite}, {@link unmuteWrite}),
 * counted against the same abuse limit as follows (`follow`, server/abuse/action-limits.ts). Both are
 * idempotent: muting a muted member or unmuting one not muted changes nothing and succeeds.
 * Nobody mutes themselves (400; also a CHECK). Staff may be muted: muting only hides their posts
 * from the muter and stops notifications from them; their staff actions work as before
 * (docs/decisions/032-mute-and-bookmarks.md).
 *
 * @module
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { mutes as mu } from "../../domain/i18n/sv";
import { MUTES_MAX } from "../../domain/limits";
import type { Db, Tx } from "../db/client";
import { memberMutes, profiles } from "../db/schema";
import { ForumError, pgCode } from "../platform/errors";
import { defineWrite, runWrite, unwrap, type WriteScope } from "../writes/pipeline";

/** The state after a mute or unmute. */
export interface MuteState {
  /** The member muted or unmuted. */
  userId: string;
  /** Whether the acting member mutes them now. */
  muted: boolean;
}

async function targetExists(db: Db | Tx, id: string): Promise<boolean> {
  if (!id || id.length > 100) return false;
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id)).limit(1);
  return rows.length > 0;
}

/** Raw form field → the member id (trimmed; '' when missing). */
const parseUserId = (raw: { userId?: string }) => (raw.userId ?? "").trim();

/**
 * Muting a member as a declared write: `{ userId }` → {@link MuteState}. Steps: login (401 'Du
 * måste vara inloggad för att dölja medlemmar.') → not oneself (400 'Du kan inte dölja dig
 * själv.') and the member exists (404 'Kunde inte hitta medlemmen.') → limit `follow` (429) →
 * transaction: the muter's profile row is locked (`FOR UPDATE`) so parallel mutes run one at a
 * time; an already muted member answers unchanged; at {@link MUTES_MAX} a new one is refused
 * with 409 and the Swedish limit message.
 */
export const muteWrite = defineWrite({
  name: "mute",
  // Only the muter's own pages change: their session lookup (muted ids) and kept reads.
  changes: () => ["member"],
  login: { message: mu.loginToMute, title: mu.muteFailed },
  parse: parseUserId,
  policy: async ({ db, actor }: WriteScope, targetId: string) => {
    if (actor.id === targetId) throw new ForumError(400, mu.cannotMuteSelf, mu.muteFailed);
    if (!(await targetExists(db, targetId))) throw new ForumError(404, mu.userNotFound, mu.muteFailed);
  },
  limits: "follow",
  transaction: async (tx, { actor }, targetId): Promise<MuteState> => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, actor.id)).for("update");
    const existing = await tx
      .select({ one: sql`1` })
      .from(memberMutes)
      .where(and(eq(memberMutes.muterId, actor.id), eq(memberMutes.mutedId, targetId)))
      .limit(1);
    if (existing.length === 0) {
      const [row] = await tx.select({ n: count() }).from(memberMutes).where(eq(memberMutes.muterId, actor.id));
      if (Number(row?.n ?? 0) >= MUTES_MAX) throw new ForumError(409, mu.limitReached(MUTES_MAX), mu.muteFailed);
      try {
        await tx.insert(memberMutes).values({ muterId: actor.id, mutedId: targetId }).onConflictDoNothing();
      } catch (error) {
        const code = pgCode(error);
        if (code === "23503") throw new ForumError(404, mu.userNotFound, mu.muteFailed);
        if (code === "23514") throw new ForumError(400, mu.cannotMuteSelf, mu.muteFailed);
        throw error;
      }
    }
    return { userId: targetId, muted: true };
  },
});

/**
 * Unmuting a member as a declared write: `{ userId }` → {@link MuteState}; a no-op when not
 * muted. Steps: login (401) → the member exists (404) → limit `follow` (429) → delete.
 */
export const unmuteWrite = defineWrite({
  name: "unmute",
  // Only the muter's own pages change: their session lookup (muted ids) and kept reads.
  changes: () => ["member"],
  login: { message: mu.loginToMute, title: mu.unmuteFailed },
  parse: parseUserId,
  policy: async ({ db }: WriteScope, targetId: string) => {
    if (!(await targetExists(db, targetId))) throw new ForumError(404, mu.userNotFound, mu.unmuteFailed);
  },
  limits: "follow",
  transaction: async (tx, { actor }, targetId): Promise<MuteState> => {
    await tx.delete(memberMutes).where(and(eq(memberMutes.muterId, actor.id), eq(memberMutes.mutedId, targetId)));
    return { userId: targetId, muted: false };
  },
});

const asActor = (actorId: string | null) => (actorId ? { id: actorId, role: "member" as const, nickname: "" } : null);

/**
 * Mutes a member ({@link muteWrite} without abuse limits, throwing on failure); for scripts and tests.
 *
 * @param actorId the muting member, or null for a visitor
 * @param targetId the member to mute
 * @returns {@link MuteState}
 * @throws {ForumError} 401 visitor, 400 self, 404 unknown member, 409 at {@link MUTES_MAX}
 */
export async function muteMember(db: Db, actorId: string | null, targetId: string): Promise<MuteState> {
  return unwrap(await runWrite(muteWrite, { db, actor: asActor(actorId) }, { userId: targetId })).value;
}

/**
 * Unmutes a member ({@link unmuteWrite} without abuse limits); a no-op when not muted.
 *
 * @returns {@link MuteState}
 * @throws {ForumError} 401 visitor, 404 unknown member
 */
export async function unmuteMember(db: Db, actorId: string | null, targetId: string): Promise<MuteState> {
  return unwrap(await runWrite(unmuteWrite, { db, actor: asActor(actorId) }, { userId: targetId })).value;
}

/**
 * Whether `muterId` mutes `mutedId` (profile page button state).
 *
 * @returns true when the row exists
 */
export async function isMuting(db: Db, muterId: string, mutedId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(memberMutes)
    .where(and(eq(memberMutes.muterId, muterId), eq(memberMutes.mutedId, mutedId)))
    .limit(1);
  return rows.length > 0;
}

/** A muted member as `/forum/konto` 'Dolda medlemmar' lists them. */
export interface MutedMember {
  id: string;
  nickname: string;
  avatarUrl: string | null;
  /** 0..1, for the avatar ring. */
  edgeLevel: number;
  /** ISO 8601 time of muting. */
  mutedAt: string;
}

/**
 * The members `muterId` mutes, by nickname (`/forum/konto` lists muted members; a
 * deleted member's row is gone with their profile).
 *
 * @returns at most {@link MUTES_MAX} rows
 */
export async function listMutedMembers(db: Db, muterId: string): Promise<MutedMember[]> {
  const rows = await db
    .select({
      id: profiles.id,
      nickname: profiles.nickname,
      avatarUrl: profiles.avatarUrl,
      edgeLevel: profiles.edgeLevel,
      mutedAt: memberMutes.createdAt,
    })
    .from(memberMutes)
    .innerJoin(profiles, eq(profiles.id, memberMutes.mutedId))
    .where(eq(memberMutes.muterId, muterId))
    .orderBy(asc(sql`lower(${profiles.nickname})`))
    .limit(MUTES_MAX);
  return rows.map((r) => ({ ...r, mutedAt: r.mutedAt.toISOString() }));
}

/**
 * The members a member mutes, for the data export ("exported with the member's data"):
 * nicknames only (ids are internal), oldest first.
 *
 * @returns `{ nickname, since }` (ISO 8601 times)
 */
export async function mutesForExport(db: Db, userId: string): Promise<{ nickname: string; since: string }[]> {
  const rows = await db
    .select({ nickname: profiles.nickname, since: memberMutes.createdAt })
    .from(memberMutes)
    .innerJoin(profiles, eq(profiles.id, memberMutes.mutedId))
    .where(eq(memberMutes.muterId, userId))
    .orderBy(asc(memberMutes.createdAt), asc(profiles.nickname));
  return rows.map((r) => ({ nickname: r.nickname, since: r.since.toISOString() }));
}
