/**
 * Object-level authorisation: a member cannot act on another member's
 * objects by naming their ids in a hand-made request — mark another's notification read, read
 * another's data export, edit another's bio, follow on someone else's behalf — and visitors get
 * 401 from every private read and write.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiBio from "../../../app/routes/api-bio";
import * as apiFollow from "../../../app/routes/api-follow";
import * as apiMyData from "../../../app/routes/api-my-data";
import * as apiNotifications from "../../../app/routes/api-notifications";
import { notifications, profiles, userFollows } from "../../../server/db/schema";
import { createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { follow } from "../../../server/follows/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let annaCookie: string;
let bertilCookie: string;
const db = () => forum.services.db;

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  anna = await createMember(forum, { nickname: "AnnaÄgare" });
  bertil = await createMember(forum, { nickname: "BertilAndra" });
  annaCookie = await sessionCookie(forum, anna);
  bertilCookie = await sessionCookie(forum, bertil);
  await db().update(profiles).set({ bio: "Annas egen text" }).where(eq(profiles.id, anna.id));
  // Anna follows Bertil; Bertil starts a thread: Anna gets a notification.
  await follow(db(), anna.id, bertil.id);
  const categoryId = (await listCategories(db()))[0]!.id;
  await createThread(db(), { id: bertil.id, role: bertil.role, nickname: bertil.nickname }, { categoryId, title: "Bertils tråd", body: "Hej" });
});
afterAll(async () => forum?.close());

describe("a member cannot reach another member's objects by id", () => {
  it("cannot mark another member's notification read", async () => {
    const [annas] = await db().select().from(notifications).where(eq(notifications.userId, anna.id));
    expect(annas).toBeDefined();
    const answer = await callRoute(forum, apiNotifications.action, { url: "/api/notifications", cookie: bertilCookie, form: { intent: "read", id: annas!.id } });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toBe(0);
    const [after] = await db().select().from(notifications).where(eq(notifications.id, annas!.id));
    expect(after!.read).toBe(false);
    // …and "mark all read" only touches one's own.
    await callRoute(forum, apiNotifications.action, { url: "/api/notifications", cookie: bertilCookie, form: { intent: "read-all" } });
    expect((await db().select().from(notifications).where(eq(notifications.id, annas!.id)))[0]!.read).toBe(false);
    // Her own request does mark it.
    const own = await callRoute(forum, apiNotifications.action, { url: "/api/notifications", cookie: annaCookie, form: { intent: "read", id: annas!.id } });
    expect(own.body.changed).toBe(1);
  });

  it("cannot read another member's data export, whatever id the URL names", async () => {
    const answer = await callRoute(forum, apiMyData.loader, { url: `/api/my-data?userId=${anna.id}&id=${anna.id}`, cookie: bertilCookie });
    expect(answer.status).toBe(200);
    const text = JSON.stringify(answer.body);
    expect(text).toContain(bertil.email);
    expect(text).not.toContain(anna.email);
    expect(text).not.toContain("Annas egen text");
  });

  it("cannot edit another member's bio by naming their id", async () => {
    const answer = await callRoute(forum, apiBio.action, { url: "/api/bio", cookie: bertilCookie, form: { bio: "Hackad", userId: anna.id, id: anna.id } });
    expect(answer.status).toBeLessThan(500);
    const [a] = await db().select({ bio: profiles.bio }).from(profiles).where(eq(profiles.id, anna.id));
    expect(a!.bio).toBe("Annas egen text");
  });

  it("cannot make someone else follow a member", async () => {
    const carl = await createMember(forum);
    await callRoute(forum, apiFollow.action, { url: "/api/follow", cookie: bertilCookie, form: { intent: "follow", userId: carl.id, followerId: anna.id } });
    const annaFollowsCarl = await db().select().from(userFollows).where(eq(userFollows.followerId, anna.id));
    expect(annaFollowsCarl.map((f) => f.followingId)).not.toContain(carl.id);
  });

  it("visitors get 401 from every private read and write", async () => {
    expect((await callRoute(forum, apiNotifications.loader, { url: "/api/notifications" })).status).toBe(401);
    expect((await callRoute(forum, apiNotifications.action, { url: "/api/notifications", form: { intent: "read-all" } })).status).toBe(401);
    expect((await callRoute(forum, apiMyData.loader, { url: "/api/my-data" })).status).toBe(401);
    expect((await callRoute(forum, apiBio.action, { url: "/api/bio", form: { bio: "x" } })).status).toBe(401);
    expect((await callRoute(forum, apiFollow.action, { url: "/api/follow", form: { intent: "follow", userId: anna.id } })).status).toBe(401);
  });
});
