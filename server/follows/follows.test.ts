import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profile as p } from "../../domain/i18n/sv";
import { profiles, userFollows } from "../db/schema";
import { updateBio } from "../profiles/commands";
import { getProfileByNickname, BIO_MAX } from "../profiles/queries";
import { expectForumError } from "../testing/expect-forum-error";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { follow, isFollowing, unfollow } from "./commands";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let cissi: TestMember;

async function counts(id: string) {
  const [row] = await forum.services.db
    .select({ followers: profiles.followersCount, following: profiles.followingCount })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row!;
}

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Aktie_Anna" });
  bertil = await createMember(forum, { nickname: "Börs-Bertil" });
  cissi = await createMember(forum, { nickname: "Cissi.Ö" });
});
afterAll(() => forum.close());

describe("follow (SPEC §4 Follow)", () => {
  it("follow and unfollow move both counters by one and never below 0", async () => {
    const db = forum.services.db;
    expect(await follow(db, anna.id, bertil.id)).toEqual({ following: true, followersCount: 1 });
    expect(await isFollowing(db, anna.id, bertil.id)).toBe(true);
    await follow(db, cissi.id, bertil.id);
    expect(await counts(bertil.id)).toEqual({ followers: 2, following: 0 });
    expect(await counts(anna.id)).toEqual({ followers: 0, following: 1 });
    expect(await unfollow(db, anna.id, bertil.id)).toEqual({ following: false, followersCount: 1 });
    // Unfollowing again changes nothing and never goes below 0.
    expect(await unfollow(db, anna.id, bertil.id)).toEqual({ following: false, followersCount: 1 });
    expect(await counts(anna.id)).toEqual({ followers: 0, following: 0 });
  });

  it("a duplicate follow is 'Redan följer' and changes no count", async () => {
    const db = forum.services.db;
    await follow(db, anna.id, cissi.id);
    await expectForumError(follow(db, anna.id, cissi.id), 409, p.alreadyFollowing);
    expect(await counts(cissi.id)).toMatchObject({ followers: 1 });
  });

  it("nobody follows themselves, visitors cannot follow, unknown members are 404", async () => {
    const db = forum.services.db;
    await expectForumError(follow(db, anna.id, anna.id), 400, p.cannotFollowSelf);
    await expectForumError(follow(db, null, anna.id), 401, p.loginToFollow);
    await expectForumError(follow(db, anna.id, "no-such-user"), 404, p.userNotFound);
    // The database refuses a self-follow too (check constraint).
    const error = await db
      .insert(userFollows)
      .values({ followerId: bertil.id, followingId: bertil.id })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
  });

  it("deleting a member removes their follows and the counters follow", async () => {
    const db = forum.services.db;
    const dora = await createMember(forum, { nickname: "Dora" });
    await follow(db, dora.id, bertil.id);
    const before = (await counts(bertil.id)).followers;
    const { user } = await import("../db/schema");
    await db.delete(user).where(eq(user.id, dora.id));
    expect((await counts(bertil.id)).followers).toBe(before - 1);
  });
});

describe("profiles", () => {
  it("/@nickname lookups are case-insensitive and return the stored spelling", async () => {
    const found = await getProfileByNickname(forum.services.db, "cissi.ö");
    expect(found?.nickname).toBe("Cissi.Ö");
    expect(await getProfileByNickname(forum.services.db, "nobody")).toBeNull();
  });

  it("the bio is trimmed, empty becomes null, and the length cap is enforced on the server", async () => {
    const db = forum.services.db;
    expect(await updateBio(db, anna.id, "  Långsiktig investerare.\r\nGillar utdelningar.  ")).toMatchObject({
      bio: "Långsiktig investerare.\nGillar utdelningar.",
    });
    await expectForumError(updateBio(db, anna.id, "x".repeat(BIO_MAX + 1)), 400, p.bioTooLong(BIO_MAX));
    const [row] = await db.select({ bio: profiles.bio }).from(profiles).where(eq(profiles.id, anna.id));
    expect(row!.bio).toBe("Långsiktig investerare.\nGillar utdelningar.");
    expect(await updateBio(db, anna.id, "   ")).toMatchObject({ bio: null });
  });
});
