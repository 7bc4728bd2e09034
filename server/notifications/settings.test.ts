/**
 * Notification settings 'Notiser' (docs/decisions/029) on a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): the defaults of a member who never saved, each kind set to
 * 'Av' stops that kind only (the other kinds still arrive), a quote is a `quote` and not a
 * `mention`, a refused save changes nothing, 'Stäng av alla e-postnotiser' flips only the e-mail
 * switch, the export carries the settings, and 'Bevakad aktie nämns' batches per (member,
 * ticker) while unread and never tells the author.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationSettings as nst } from "../../domain/i18n/sv";
import { notificationHref, notificationText } from "../../domain/notifications";
import { commentPath, threadPath, tickerPath } from "../../domain/paths";
import { quoteMarkdown } from "../../domain/quote";
import { DEFAULT_NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationKind } from "../../domain/values";
import { companies, notifications, notificationSettings } from "../db/schema";
import { follow } from "../follows/commands";
import { createComment, createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { exportMemberData } from "../privacy/export";
import { setThreadSubscription } from "../subscriptions/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { watchTicker } from "../watchlist/commands";
import { runWrite, unwrap } from "../writes/pipeline";
import { startConversationWrite } from "../messages/commands";
import { markNotificationRead } from "./commands";
import { getUnreadNotifications } from "./queries";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  emailNotificationsWrite,
  getNotificationSettings,
  notificationSettingsWrite,
  saveNotificationSettings,
  updateNotificationSettings,
} from "./settings";

let forum: TestForum;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const inbox = (m: TestMember) => db().select().from(notifications).where(eq(notifications.userId, m.id));
const typesOf = async (m: TestMember) => (await inbox(m)).map((r) => r.type).sort();

beforeAll(async () => {
  forum = await createTestForum();
  await db()
    .insert(companies)
    .values([
      { ticker: "VOLV-B", name: "AB Volvo ser. B" },
      { ticker: "ERIC-B", name: "Ericsson ser. B" },
      { ticker: "ABB", name: "ABB Ltd" },
    ])
    .onConflictDoNothing();
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

async function thread(author: TestMember, title: string, body = "Text") {
  return (await createThread(db(), actor(author), { categoryId, title, body })).id;
}

/** Every level as the form posts it, with `kind` at `level`. */
function form(changes: Partial<Record<NotificationKind, string>> = {}, boxes: Record<string, string> = { auto_subscribe: "on" }) {
  return { ...DEFAULT_NOTIFICATION_CHANNELS, ...changes, ...boxes };
}

describe("defaults", () => {
  it("a member who never saved gets the documented defaults and has no row", async () => {
    const m = await createMember(forum);
    expect(await getNotificationSettings(db(), m.id)).toEqual({
      channels: { followed_thread: "forum", reply: "email", watched_thread: "forum", mention: "email", quote: "email", watched_ticker: "forum", private_message: "email" },
      emailEnabled: true,
      weeklyDigest: false,
      autoSubscribe: true,
    });
    expect(DEFAULT_NOTIFICATION_SETTINGS.channels).toEqual(DEFAULT_NOTIFICATION_CHANNELS);
    expect(await db().select().from(notificationSettings).where(eq(notificationSettings.userId, m.id))).toHaveLength(0);
  });
});

/**
 * For each kind: a scenario that would notify `target` with that kind, and the notification type
 * it gives. The control event (another kind) is a mention in a fresh thread, or, when the kind
 * under test is `mention`, a reply.
 */
const SCENARIOS: Record<NotificationKind, { type: string; run: (target: TestMember, other: TestMember) => Promise<void> }> = {
  followed_thread: {
    type: "new_thread",
    run: async (target, other) => {
      await follow(db(), target.id, other.id);
      await thread(other, "Följd tråd");
    },
  },
  reply: {
    type: "new_comment",
    run: async (target, other) => {
      const t = await thread(target, "Min tråd");
      await createComment(db(), actor(other), t, { body: "Ett svar" });
    },
  },
  watched_thread: {
    type: "thread_activity",
    run: async (target, other) => {
      const t = await thread(other, "Bevakad tråd");
      await setThreadSubscription(db(), target, t, true);
      const third = await createMember(forum);
      await createComment(db(), actor(third), t, { body: "Kommentar" });
    },
  },
  mention: {
    type: "mention",
    run: async (target, other) => {
      await thread(other, "Omnämnande", `Hej @${target.nickname}`);
    },
  },
  quote: {
    type: "quote",
    run: async (target, other) => {
      const t = await thread(other, "Citattråd");
      const { id } = await createComment(db(), actor(target), t, { body: "Jag tror på uppgång." });
      await createComment(db(), actor(other), t, {
        body: `${quoteMarkdown({ nickname: target.nickname, text: "Jag tror på uppgång.", href: commentPath(id) })}Håller inte med.`,
      });
    },
  },
  watched_ticker: {
    type: "ticker_mention",
    run: async (target, other) => {
      await watchTicker(db(), target.id, "VOLV-B");
      await thread(other, "Volvo", "Vad tror ni om $VOLV-B?");
    },
  },
  private_message: {
    type: "private_message",
    run: async (target, other) => {
      unwrap(await runWrite(startConversationWrite, { db: db(), actor: actor(other) }, { to: target.nickname, body: "Hej! Ett privat meddelande." }));
    },
  },
};

describe("each kind set to 'Av' stops that kind only", () => {
  for (const kind of NOTIFICATION_KINDS) {
    it(`${kind}: on by default; 'Av' → no ${SCENARIOS[kind].type} row, while another kind still arrives`, async () => {
      const scenario = SCENARIOS[kind];
      // On (the defaults): the scenario notifies.
      const onTarget = await createMember(forum);
      await scenario.run(onTarget, await createMember(forum));
      expect(await typesOf(onTarget)).toContain(scenario.type);

      const target = await createMember(forum);
      const other = await createMember(forum);
      await saveNotificationSettings(db(), target, form({ [kind]: "off" }));
      await scenario.run(target, other);
      expect(await typesOf(target)).not.toContain(scenario.type);

      // Another kind still arrives.
      if (kind === "mention") {
        const t = await thread(target, "Kontroll");
        await createComment(db(), actor(other), t, { body: "Svar" });
        expect(await typesOf(target)).toContain("new_comment");
      } else {
        await thread(other, "Kontroll", `Hej @${target.nickname}`);
        expect(await typesOf(target)).toContain("mention");
      }
    });
  }

  it("a quote gives `quote` and not `mention` (also when the quoted member is named again)", async () => {
    const op = await createMember(forum);
    const quoted = await createMember(forum);
    const t = await thread(op, "Citat");
    const { id } = await createComment(db(), actor(quoted), t, { body: "Uppåt!" });
    await createComment(db(), actor(op), t, {
      body: `${quoteMarkdown({ nickname: quoted.nickname, text: "Uppåt!", href: commentPath(id) })}Nej, @${quoted.nickname}.`,
    });
    const rows = await inbox(quoted);
    expect(rows.map((r) => r.type)).toEqual(["quote"]);
    expect(notificationText(rows[0]!)).toBe(`${op.nickname} citerade dig i: "Citat"`);
  });
});

describe("saving", () => {
  it("stores the levels and both checkboxes; an unchecked box is false", async () => {
    const m = await createMember(forum);
    const saved = await saveNotificationSettings(db(), m, form({ watched_ticker: "push", reply: "forum" }, { weekly_digest: "on" }));
    expect(saved).toEqual({
      channels: { ...DEFAULT_NOTIFICATION_CHANNELS, watched_ticker: "push", reply: "forum" },
      emailEnabled: true,
      weeklyDigest: true,
      autoSubscribe: false,
    });
    expect(await getNotificationSettings(db(), m.id)).toEqual(saved);
  });

  it("a bad level or checkbox value is 400 with a Swedish message and leaves the row unchanged", async () => {
    const m = await createMember(forum);
    const before = await saveNotificationSettings(db(), m, form({ mention: "forum" }));
    const scope = { db: db(), actor: { ...actor(m) } };
    const badLevel = await runWrite(notificationSettingsWrite, scope, form({ mention: "sms" }));
    expect(badLevel).toMatchObject({ ok: false, status: 400, error: nst.invalidChannel, fieldErrors: { mention: nst.invalidChannel } });
    const missing = await runWrite(notificationSettingsWrite, scope, { reply: "forum" });
    expect(missing).toMatchObject({ ok: false, status: 400, error: nst.invalidChannel });
    const badBox = await runWrite(notificationSettingsWrite, scope, form({}, { weekly_digest: "kanske" }));
    expect(badBox).toMatchObject({ ok: false, status: 400, error: nst.invalidCheckbox });
    expect(await getNotificationSettings(db(), m.id)).toEqual(before);
    const visitor = await runWrite(notificationSettingsWrite, { db: db(), actor: null }, form());
    expect(visitor).toMatchObject({ ok: false, status: 401, error: nst.loginToChange });
  });

  it("'Stäng av alla e-postnotiser' flips only email_enabled; 'Slå på e-postnotiser' restores it with the levels kept", async () => {
    const m = await createMember(forum);
    const chosen = await saveNotificationSettings(db(), m, form({ followed_thread: "email", quote: "off" }, { weekly_digest: "on" }));
    const off = await runWrite(emailNotificationsWrite, { db: db(), actor: actor(m) }, { enabled: false });
    expect(off.ok && off.value).toEqual({ ...chosen, emailEnabled: false });
    const on = await runWrite(emailNotificationsWrite, { db: db(), actor: actor(m) }, { enabled: true });
    expect(on.ok && on.value).toEqual(chosen);
    // A member without a row: only the switch differs from the defaults.
    const fresh = await createMember(forum);
    await runWrite(emailNotificationsWrite, { db: db(), actor: actor(fresh) }, { enabled: false });
    expect(await getNotificationSettings(db(), fresh.id)).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, emailEnabled: false });
  });

  it("the data export contains the full settings", async () => {
    const m = await createMember(forum);
    await saveNotificationSettings(db(), m, form({ mention: "push" }));
    await updateNotificationSettings(db(), m.id, { emailEnabled: false });
    const data = await exportMemberData(db(), m.id);
    expect(data!.notificationSettings).toEqual({
      channels: { ...DEFAULT_NOTIFICATION_CHANNELS, mention: "push" },
      emailEnabled: false,
      weeklyDigest: false,
      autoSubscribe: true,
    });
  });
});

describe("'Bevakad aktie nämns' (ticker_mention)", () => {
  const tickerRows = (m: TestMember) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.id), eq(notifications.type, "ticker_mention")));

  it("two posts → one unread row with count 2 leading to the ticker page; after reading it a new row; never the author", async () => {
    const watcher = await createMember(forum);
    const author = await createMember(forum);
    const second = await createMember(forum);
    await watchTicker(db(), watcher.id, "ABB");
    await watchTicker(db(), author.id, "ABB");

    const t = await thread(author, "ABB-rapporten", "Stark rapport från $ABB i dag.");
    let rows = await tickerRows(watcher);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ticker: "ABB", count: 1, read: false });
    expect(notificationText(rows[0]!)).toBe(`${author.nickname} nämnde $ABB i: "ABB-rapporten"`);
    expect(notificationHref(rows[0]!)).toBe(threadPath(categoryId, t));

    const { id: commentId } = await createComment(db(), actor(second), t, { body: "Håller med om $ABB." });
    rows = await tickerRows(watcher);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ticker: "ABB", count: 2, read: false, referenceId: commentId });
    expect(notificationText(rows[0]!)).toBe("2 nya inlägg om $ABB");
    expect(notificationHref(rows[0]!)).toBe(tickerPath("ABB"));
    // The bell carries the ticker.
    const bell = await getUnreadNotifications(db(), watcher.id);
    expect(bell.items.find((i) => i.type === "ticker_mention")).toMatchObject({ ticker: "ABB", count: 2, href: tickerPath("ABB") });

    // The author is never told of their own post; the commenter neither of theirs; and the
    // thread's author, told of the comment by `new_comment`, gets no ticker row for it.
    expect(await tickerRows(author)).toHaveLength(0);
    expect(await tickerRows(second)).toHaveLength(0);
    expect((await inbox(author)).filter((r) => r.referenceId === commentId).map((r) => r.type)).toEqual(["new_comment"]);

    await markNotificationRead(db(), watcher.id, rows[0]!.id);
    const { id: third } = await createComment(db(), actor(second), t, { body: "Och $ABB igen." });
    rows = await tickerRows(watcher);
    expect(rows).toHaveLength(2);
    const fresh = rows.find((r) => !r.read)!;
    expect(fresh).toMatchObject({ count: 1, referenceId: third });
    expect(notificationHref(fresh)).toBe(commentPath(third));
  });

  it("one notification per member per post: a mentioned watcher gets the mention only; two watched tickers in one post give one row", async () => {
    const watcher = await createMember(forum);
    const author = await createMember(forum);
    await watchTicker(db(), watcher.id, "VOLV-B");
    await watchTicker(db(), watcher.id, "ABB");
    await thread(author, "Två aktier", `$VOLV-B och $ABB, vad säger du @${watcher.nickname}?`);
    expect(await typesOf(watcher)).toEqual(["mention"]);
    await thread(author, "Två aktier igen", "$VOLV-B och $ABB.");
    const rows = await tickerRows(watcher);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ticker).toBe("VOLV-B");
  });

  it("an edit that adds a ticker notifies nobody", async () => {
    const { editThread } = await import("../forum/edits");
    const watcher = await createMember(forum);
    const author = await createMember(forum);
    await watchTicker(db(), watcher.id, "ERIC-B");
    const t = await thread(author, "Redigeras", "Inget ännu.");
    await editThread(db(), actor(author), t, { title: "Redigeras", body: "Nu om $ERIC-B." });
    expect(await tickerRows(watcher)).toHaveLength(0);
  });
});
