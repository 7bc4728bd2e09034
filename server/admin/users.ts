/**
 * The admin users and roles pages (SPEC §2 Admin users, Admin roles; §6; §8 Admin): a paginated,
 * searchable member list that stays fast with 100,000 members, user deletion through the one
 * account-deletion path, and role changes with last-admin protection. Both writes are declared
 * for the write pipeline ({@link deleteUserWrite}, {@link roleWrite}).
 *
 * @module
 */
import { and, eq, sql } from "drizzle-orm";
import { adminPages as ap, forum as f, moderation as m, roles } from "../../domain/i18n/sv";
import type { Db } from "../db/client";
import { blockedUsers, profiles } from "../db/schema";
import { ForumError } from "../platform/errors";
import { recordModeration } from "../moderation/log";
import { adminOnlyMessage, deleteUserPermission, staffOnlyMessage, type StaffActor } from "../../domain/policy/moderation";
import { deleteMember, removeMemberFiles, type DeleteMemberResult } from "../privacy/delete-account";
import { isOnline } from "../presence/stats";
import { isAdminRole, isRole, roleOf, type Role } from "../../domain/roles";
import type { AppConfig } from "../platform/config";
import type { ProfileImageDeps } from "../uploads/profile-images";
import { defineWrite, runWrite, unwrap } from "../writes/pipeline";

/** A staff member acting, with the nickname for the log. */
export type StaffMember = StaffActor & { nickname: string };

/** Rows per page of the users and roles tables. */
export const USERS_PAGE_SIZE = 25;

/** One row of the users table. */
export interface UserRow {
  id: string;
  nickname: string;
  role: Role;
  /** SPEC §4 Presence: active within 15 minutes. */
  online: boolean;
  blocked: boolean;
  /** ISO join time. */
  createdAt: string;
}

/**
 * One page of members ordered by nickname (SPEC §7 Reads "all ordered by nickname ascending (admin
 * pages)"), optionally filtered by a case-insensitive part of the nickname.
 *
 * @param options.q search text (trimmed; at most 100 characters used)
 * @param options.page 1-based page number (clamped to ≥ 1)
 * @returns rows, the total matching and the page size
 */
export async function listUsers(
  db: Db,
  options: { q?: string; page?: number; pageSize?: number } = {},
): Promise<{ rows: UserRow[]; total: number; page: number; pageSize: number }> {
  const pageSize = options.pageSize ?? USERS_PAGE_SIZE;
  const page = Math.max(1, Math.floor(Number.isFinite(options.page) ? options.page! : 1));
  const q = (options.q ?? "").trim().slice(0, 100).toLowerCase();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q ? sql`lower(${profiles.nickname}) LIKE ${pattern}` : sql`true`;
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles).where(where);
  const rows = await db
    .select({
      id: profiles.id,
      nickname: profiles.nickname,
      roleId: profiles.roleId,
      lastActivityAt: profiles.lastActivityAt,
      createdAt: profiles.createdAt,
      blocked: sql<boolean>`${blockedUsers.userId} IS NOT NULL`,
    })
    .from(profiles)
    .leftJoin(blockedUsers, eq(blockedUsers.userId, profiles.id))
    .where(where)
    .orderBy(sql`lower(${profiles.nickname})`)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const now = new Date();
  return {
    rows: rows.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      role: roleOf(r.roleId),
      online: isOnline(r.lastActivityAt, now),
      blocked: Boolean(r.blocked),
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(count?.n ?? 0),
    page,
    pageSize,
  };
}

/** A user id as a form sends it: a non-empty string of at most 200 characters, else null. */
function userIdOf(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;
}

/**
 * Deleting a member for staff as a declared write (SPEC §7 Edge functions delete-user): the same
 * deletion as a member's own (`deleteMember`, docs/decisions/006-privacy.md: account, sessions,
 * profile, follows, reactions, notifications and files go; threads and comments stay as 'Okänd').
 * `{ userId }` → `{ nickname, result }`. Steps: login → access: acting staff only (403; blocked
 * staff have no powers) → parse: a user id (404) → transaction: the member row locked, it exists
 * (404), `deleteUserPermission` (403 self / an admin target, which also keeps the last admin /
 * a moderator deleting staff), the deletion and its moderation-log entry → events: the member's
 * uploaded files removed after commit. Changes pages (their posts now say 'Okänd').
 *
 * @param files configuration and storage of the uploaded files (`ProfileImageDeps` without `db`)
 * @returns the write; its value is the deleted member's nickname and the {@link DeleteMemberResult}
 */
export function deleteUserWrite(files: Omit<ProfileImageDeps, "db">) {
  return defineWrite({
    name: "delete-user",
    login: { message: m.loginRequired, title: m.notLoggedIn },
    access: (actor) => {
      const notStaff = staffOnlyMessage(actor, ap.deleteFailedDescription);
      if (notStaff) throw new ForumError(403, notStaff, ap.deleteFailed);
    },
    parse: (raw: { userId: unknown }): string => {
      const userId = userIdOf(raw.userId);
      if (!userId) throw new ForumError(404, ap.deleteFailedDescription, ap.deleteFailed);
      return userId;
    },
    transaction: async (tx, { actor }, userId): Promise<{ nickname: string; result: DeleteMemberResult }> => {
      const [target] = await tx
        .select({ id: profiles.id, nickname: profiles.nickname, roleId: profiles.roleId })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .limit(1)
        .for("update");
      if (!target) throw new ForumError(404, ap.deleteFailedDescription, ap.deleteFailed);
      const permission = deleteUserPermission(actor, { id: target.id, role: roleOf(target.roleId) });
      if (permission === "self") throw new ForumError(403, ap.cannotDeleteSelf, ap.deleteFailed);
      if (permission === "admin-target") throw new ForumError(403, ap.adminsOnlyDeleteAdmins, ap.deleteFailed);
      if (permission === "members-only") throw new ForumError(403, ap.moderatorsDeleteMembersOnly, ap.deleteFailed);
      const result = await deleteMember(tx as unknown as Db, userId);
      // The entry keeps who deleted which account id, but not the deleted member's nickname
      // (docs/decisions/006-privacy.md "Deletion: every copy").
      await recordModeration(tx, { actor, action: "delete_user", targetType: "user", targetId: userId, targetLabel: f.unknownAuthor });
      return { nickname: target.nickname, result };
    },
    events: async ({ db }, { result }) => removeMemberFiles({ ...files, db: db as Db }, result),
  });
}

/**
 * Deletes a member for staff ({@link deleteUserWrite}, throwing on failure; scripts and tests).
 *
 * @param services database and configuration (for the member's files)
 * @param actor moderator (members only) or admin (members and moderators)
 * @returns the deleted member's nickname
 * @throws {ForumError} 403 not staff / blocked staff / self / moderator deleting staff / an admin target (which
 *   also keeps the last admin), 404 unknown user
 */
export async function deleteUserAsStaff(services: { db: Db; config: AppConfig }, actor: StaffMember, userId: string): Promise<{ nickname: string }> {
  const { value } = unwrap(await runWrite(deleteUserWrite({ config: services.config }), { db: services.db, actor }, { userId }));
  return { nickname: value.nickname };
}

/**
 * Changing a member's role as a declared write (SPEC §2 Admin roles, §6 adminOnly, §7 Writes
 * "update profile set role_id where id (admin)"): `{ userId, role }` → `{ nickname, role }`.
 * Steps: login → access: acting admins only (403 'Endast administratörer kan ändra
 * användarroller', title 'Åtkomst nekad'; a blocked admin has no powers) → parse: member,
 * moderator or admin (400), a user id (404) → transaction: every admin row and the member's row
 * locked, the member exists (404), the last admin keeps the role (409), the change and its
 * moderation-log entry (nothing when the role is the same). Changes pages: a role shows on every
 * post of the member (badges) and in their session lookup.
 *
 * @returns the write; its value is the member's nickname and new role
 */
export const roleWrite = defineWrite({
  name: "set-role",
  login: { message: m.loginRequired, title: m.notLoggedIn },
  access: (actor) => {
    const notAdmin = adminOnlyMessage(actor, ap.adminsOnlyRoles);
    if (notAdmin) throw new ForumError(403, notAdmin, ap.accessDenied);
  },
  parse: (raw: { userId: unknown; role: unknown }): { userId: string; role: Role } => {
    const asked = String(raw.role ?? "");
    if (!isRole(asked)) throw new ForumError(400, ap.invalidRole, ap.roleFailed);
    const userId = userIdOf(raw.userId);
    if (!userId) throw new ForumError(404, ap.roleFailedDescription, ap.roleFailed);
    return { userId, role: asked };
  },
  transaction: async (tx, { actor }, { userId, role }): Promise<{ nickname: string; role: Role }> => {
    // Lock every admin row first, so two admins demoting each other cannot both succeed.
    const admins = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.roleId, "admin")).orderBy(profiles.id).for("update");
    const [target] = await tx
      .select({ nickname: profiles.nickname, roleId: profiles.roleId })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1)
      .for("update");
    if (!target) throw new ForumError(404, ap.roleFailedDescription, ap.roleFailed);
    const from = roleOf(target.roleId);
    if (isAdminRole(from) && !isAdminRole(role) && admins.length <= 1) throw new ForumError(409, ap.lastAdmin, ap.roleFailed);
    if (from !== role) {
      await tx.update(profiles).set({ roleId: role }).where(and(eq(profiles.id, userId)));
      await recordModeration(tx, {
        actor,
        action: "change_role",
        targetType: "user",
        targetId: userId,
        targetLabel: target.nickname,
        reason: `${roles[from]} → ${roles[role]}`,
      });
    }
    return { nickname: target.nickname, role };
  },
});

/**
 * Changes a member's role ({@link roleWrite}, throwing on failure; scripts and tests).
 *
 * @param actor must be an admin
 * @param role member, moderator or admin
 * @returns the nickname and new role
 * @throws {ForumError} 403 'Endast administratörer kan ändra användarroller' (title 'Åtkomst
 *   nekad'), 400 unknown role, 404 unknown user, 409 the last admin would lose the role
 */
export async function setUserRole(db: Db, actor: StaffMember, userId: string, role: string): Promise<{ nickname: string; role: Role }> {
  return unwrap(await runWrite(roleWrite, { db, actor }, { userId, role })).value;
}
