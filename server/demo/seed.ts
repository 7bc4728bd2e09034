/**
 * Demo content for `forum seed-demo`: sixteen members (one moderator,
 * one admin) with bios and generated avatars, about fifty threads in every category (most on real
 * Nasdaq Stockholm companies) with comments, replies, quotes, reactions and the authors' stated
 * views ('Din syn' / 'Innehav') spread over the past four weeks and busiest in the last days,
 * follows between members and a few watchlists, all in Swedish, so a newcomer sees a living forum.
 * No two comments or opening posts share a text, and a thread's comments name only its companies.
 *
 * What is written is decided first by {@link planDemo} (`./plan.ts`, a seeded PRNG: the same
 * seed gives the same titles, texts and structure); then everything goes through the real write
 * paths: members sign up through better-auth (so the printed password works) and are marked
 * verified; avatars go through the upload pipeline (`setProfileImage`: validated, re-encoded to
 * WebP, stored, served from `/uploads/`); the admin gets the role as `forum create-admin` gives
 * it and then makes the moderator with `setUserRole` (logged like a change on /admin/roller);
 * threads, comments, reactions, follows and watched tickers are created with the forum's
 * commands (`runWrite` under the hood), so every counter trigger, notification and rule applies.
 *
 * Only what the commands cannot take is written directly afterwards: bio and join date of the
 * demo profiles (EdgeLevel follows from their activity, by the database's trigger), and the
 * `created_at` of threads, comments, reactions, ticker mentions, notifications, follows and
 * watched tickers, moved back to the planned moments before `now`; then the trending figures are
 * recomputed for `now` (`refreshTrending`), so only the few recent, busy threads wear
 * 'Hettar till' / 'Snabb' (SPEC §9, `server/trending/formula.ts`).
 *
 * Companies come from the server's bundled list (`server/data/companies.csv`, FinanceDatabase,
 * MIT; the same list as the `companies` table, so every cashtag links); the 2012 news sentences
 * from `server/demo/data/sentences.txt` (Swedish NER corpus by Andreas Klintberg, based on
 * Språkbanken Webbnyheter 2012, CC BY 4.0); see the `SOURCES.md` files.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { commentPath } from "../../domain/paths";
import { quoteMarkdown } from "../../domain/quote";
import { isAdminRole, isStaffRole } from "../../domain/roles";
import { setUserRole } from "../admin/users";
import { readCompanyList } from "../tickers/companies";
import { categories, comments, notifications, postTickers, profiles, threads, user, userFollows, watchlistTickers } from "../db/schema";
import { follow } from "../follows/commands";
import { createComment, createThread, type Member } from "../forum/commands";
import { projectRoot } from "../platform/data-dir";
import { toggleReaction } from "../reactions/commands";
import type { Services } from "../platform/services";
import { refreshTrending } from "../trending/queries";
import { setProfileImage } from "../uploads/profile-images";
import { watchTicker } from "../watchlist/commands";
import { avatarSvg, DEMO_USERS } from "./members";
import { DEMO_SEED, planDemo } from "./plan";

export { DEMO_USERS, type DemoUser } from "./members";

/** Password shared by every demo account (printed by the CLI so a newcomer can log in). */
export const DEMO_PASSWORD = "borssnack-demo";

/** What {@link seedDemo} created. */
export interface SeedResult {
  users: number;
  threads: number;
  comments: number;
}

/** Options of {@link seedDemo}. */
export interface SeedOptions {
  /** The moment the content is dated back from (default: now, to the second). */
  now?: Date;
  /** PRNG seed (default {@link DEMO_SEED}); the same seed gives the same titles and texts. */
  seed?: number;
}

/**
 * Reads the demo's 2012 news sentences from `server/demo/data/sentences.txt`.
 *
 * @returns non-empty trimmed lines without a leading dash
 */
export function loadSentences(): string[] {
  return readFileSync(path.join(projectRoot(), "server", "demo", "data", "sentences.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim().replace(/^[–-]\s*/, ""))
    .filter((l) => l.length > 0);
}

/** The first sentence (or the first 140 characters) of a comment, for a quote. */
function firstSentence(text: string): string {
  const plain = text.replace(/^@\S+\s+/, "");
  const m = /^(.{20,160}?[.!?])(\s|$)/su.exec(plain);
  return (m ? m[1]! : plain.slice(0, 140)).trim();
}

/**
 * Fills the forum with demo content, unless a demo member already exists.
 *
 * @param services open services (database migrated, default categories and companies loaded,
 *   better-auth), as returned by `createServices`
 * @param options {@link SeedOptions}: `now` (content dated back from it over four weeks) and `seed`
 * @returns how many members, threads and comments (replies included) were created, or `null`
 *   when a demo member already exists (nothing is written: the seed is idempotent)
 * @throws when the data files are missing, a default category is gone, or a write fails (a
 *   failure halfway leaves what was created; delete the demo users to start over)
 */
export async function seedDemo(services: Services, options: SeedOptions = {}): Promise<SeedResult | null> {
  const { db, auth } = services;
  const now = options.now ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const existing = await db
    .select({ id: user.id })
    .from(user)
    .where(
      inArray(
        user.email,
        DEMO_USERS.map((u) => u.email),
      ),
    )
    .limit(1);
  if (existing.length > 0) return null;

  const plan = planDemo(readCompanyList(), loadSentences(), options.seed ?? DEMO_SEED);
  const at = (agoMs: number) => new Date(now.getTime() - agoMs);
  const DAY = 24 * 60 * 60 * 1000;

  // Members: the real sign-up path, verified (as after clicking the e-mail link), an avatar
  // through the upload pipeline.
  const members: Member[] = [];
  for (const demo of DEMO_USERS) {
    const result = await auth.api.signUpEmail({
      body: { email: demo.email, password: DEMO_PASSWORD, name: demo.nickname, username: demo.nickname },
    });
    const id = result.user.id;
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
    await db
      .update(profiles)
      .set({ bio: demo.bio, createdAt: at(demo.joinedDaysAgo * DAY) })
      .where(eq(profiles.id, id));
    const png = await sharp(Buffer.from(avatarSvg(demo))).png().toBuffer();
    await setProfileImage(services, id, "avatar", png);
    members.push({ id, role: "member", nickname: demo.nickname });
  }

  // Roles: the admin as `forum create-admin` makes the first admin, then the admin appoints the
  // moderator the way /admin/roller does (with a moderation-log entry).
  const adminAt = DEMO_USERS.findIndex((u) => isAdminRole(u.role));
  const admin = members[adminAt]!;
  await db.update(profiles).set({ roleId: "admin" }).where(eq(profiles.id, admin.id));
  admin.role = "admin";
  for (const [i, demo] of DEMO_USERS.entries()) {
    if (!isStaffRole(demo.role) || isAdminRole(demo.role)) continue;
    await setUserRole(db, { id: admin.id, role: admin.role, nickname: admin.nickname }, members[i]!.id, demo.role);
    members[i]!.role = demo.role;
  }

  const categoryRows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  if (categoryRows.length === 0) throw new Error("Det finns inga kategorier att skapa trådar i");
  const categoryId = (name: string) => (categoryRows.find((c) => c.name === name) ?? categoryRows[0]!).id;

  // Oldest first, so the forum's own order of writes matches the story.
  const ordered = [...plan.threads].sort((a, b) => b.agoMs - a.agoMs);
  let commentCount = 0;
  const threadTimes: Array<{ id: string; at: Date }> = [];
  const commentTimes: Array<{ id: string; at: Date }> = [];
  const reactionTimes: Array<{ userId: string; targetId: string; at: Date }> = [];

  for (const planned of ordered) {
    const author = members[planned.author]!;
    const category = categoryId(planned.category);
    const thread = await createThread(db, author, {
      categoryId: category,
      title: planned.title,
      body: planned.body,
      ...(planned.stances ? { stances: planned.stances } : {}),
    });
    threadTimes.push({ id: thread.id, at: at(planned.agoMs) });
    for (const r of planned.reactions) {
      await toggleReaction(db, members[r.by]!, { targetType: "thread", targetId: thread.id, reactionType: r.type });
      reactionTimes.push({ userId: members[r.by]!.id, targetId: thread.id, at: at(r.agoMs) });
    }

    const ids: string[] = [];
    for (const c of planned.comments) {
      const parentId = c.parent === undefined ? undefined : ids[c.parent];
      let body = c.body;
      if (c.quoteParent && c.parent !== undefined) {
        const parent = planned.comments[c.parent]!;
        body = quoteMarkdown({ nickname: DEMO_USERS[parent.author]!.nickname, text: firstSentence(parent.body), href: commentPath(parentId!) }) + body;
      }
      const comment = await createComment(db, members[c.author]!, thread.id, {
        body,
        ...(parentId ? { parentId } : {}),
        ...(c.stances ? { stances: c.stances } : {}),
      });
      ids.push(comment.id);
      commentTimes.push({ id: comment.id, at: at(c.agoMs) });
      for (const r of c.reactions) {
        await toggleReaction(db, members[r.by]!, { targetType: "comment", targetId: comment.id, reactionType: r.type });
        reactionTimes.push({ userId: members[r.by]!.id, targetId: comment.id, at: at(r.agoMs) });
      }
    }
    commentCount += ids.length;
  }

  for (const [follower, followed] of plan.follows) await follow(db, members[follower]!.id, members[followed]!.id);
  for (const w of plan.watchlists) for (const ticker of w.tickers) await watchTicker(db, members[w.member]!.id, ticker);

  // Move every timestamp back to its planned moment. One statement per table, from a VALUES list.
  await db.transaction(async (tx) => {
    const values = (rows: Array<{ id: string; at: Date }>) =>
      sql.join(
        rows.map((r) => sql`(${r.id}::uuid, ${r.at.toISOString()}::timestamptz)`),
        sql`, `,
      );
    await tx.execute(sql`UPDATE threads t SET created_at = v.at FROM (VALUES ${values(threadTimes)}) AS v(id, at) WHERE t.id = v.id`);
    if (commentTimes.length > 0) {
      await tx.execute(sql`UPDATE comments c SET created_at = v.at FROM (VALUES ${values(commentTimes)}) AS v(id, at) WHERE c.id = v.id`);
    }
    if (reactionTimes.length > 0) {
      const list = sql.join(
        reactionTimes.map((r) => sql`(${r.userId}, ${r.targetId}::uuid, ${r.at.toISOString()}::timestamptz)`),
        sql`, `,
      );
      await tx.execute(
        sql`UPDATE reactions r SET created_at = v.at FROM (VALUES ${list}) AS v(user_id, target_id, at)
            WHERE r.user_id = v.user_id AND r.target_id = v.target_id`,
      );
    }
    // Ticker mentions and notifications carry the time of the post they come from.
    await tx.execute(sql`UPDATE ${postTickers} p SET created_at = t.created_at FROM ${threads} t WHERE p.target_type = 'thread' AND p.target_id = t.id`);
    await tx.execute(sql`UPDATE ${postTickers} p SET created_at = c.created_at FROM ${comments} c WHERE p.target_type = 'comment' AND p.target_id = c.id`);
    await tx.execute(sql`UPDATE ${notifications} n SET created_at = c.created_at FROM ${comments} c WHERE n.reference_id = c.id`);
    await tx.execute(sql`UPDATE ${notifications} n SET created_at = t.created_at FROM ${threads} t WHERE n.reference_id = t.id`);
    // Follows and watched tickers: some time after both members joined, before the oldest thread.
    await tx.execute(
      sql`UPDATE ${userFollows} f SET created_at = greatest(a.created_at, b.created_at) + (${now.toISOString()}::timestamptz - greatest(a.created_at, b.created_at)) / 3
          FROM ${profiles} a, ${profiles} b WHERE a.id = f.follower_id AND b.id = f.following_id`,
    );
    await tx.execute(
      sql`UPDATE ${watchlistTickers} w SET created_at = p.created_at + (${now.toISOString()}::timestamptz - p.created_at) / 2
          FROM ${profiles} p WHERE p.id = w.user_id`,
    );
    // Last activity: the member's newest post.
    await tx.execute(
      sql`UPDATE ${profiles} p SET last_activity_at = x.at FROM (
            SELECT author_id, max(created_at) AS at FROM (
              SELECT author_id, created_at FROM ${threads} UNION ALL SELECT author_id, created_at FROM ${comments}
            ) a GROUP BY author_id
          ) x WHERE p.id = x.author_id`,
    );
  });
  await refreshTrending(db, now);

  return { users: members.length, threads: ordered.length, comments: commentCount };
}
