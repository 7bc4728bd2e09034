/**
 * The notification e-mails for members who are away: the digest — unread
 * notifications grouped by thread, each linking to its comment anchor — and the weekly summary
 * 'Veckans hetaste trådar'. Swedish HTML (inline styles, fluid up to 560 px, so it reads on a
 * phone) and text parts; every user text (thread titles, nicknames) is escaped; both carry the
 * one-click opt-out headers `List-Unsubscribe` + `List-Unsubscribe-Post` (RFC 8058).
 * docs/decisions/030-email-digest.md.
 *
 * @module
 */
import { app, digestMail as dm, mail as ml } from "../../domain/i18n/sv";
import { notificationHref, notificationText } from "../../domain/notifications";
import type { MailMessage } from "../mail/mailer";
import { escapeHtml } from "../mail/templates";

/** One notification as the digest lists it (a `notifications` row plus its thread's title). */
export interface DigestItem {
  /** The row's `seq`. */
  seq: number;
  type: string;
  /** The thread title stored on the row. */
  title: string | null;
  actorNickname: string | null;
  /** Comments or posts a batched row stands for (≥ 1). */
  count: number;
  ticker: string | null;
  categoryId: string | null;
  threadId: string | null;
  referenceId: string | null;
  /** The thread's current title, `null` when the thread is gone. */
  threadTitle: string | null;
}

/** What the digest needs besides its items. */
export interface DigestMailParts {
  /** Recipient address. */
  to: string;
  /** Recipient's nickname (greeting). */
  nickname: string;
  /** The items, oldest first (at least one). */
  items: DigestItem[];
  /** The forum's origin (config `publicUrl`, no trailing slash). */
  publicUrl: string;
  /** The member's one-click opt-out link (server/digest/unsubscribe.ts). */
  unsubscribeUrl: string;
}

/** A thread heading with its items, in the order the threads first appear. */
export interface DigestGroup {
  /** Thread heading (current title, else the stored one, else 'Övrigt'). */
  heading: string;
  /** Each item's Swedish text and absolute link. */
  entries: Array<{ text: string; url: string }>;
}

/**
 * Groups digest items by thread.
 *
 * @param items notifications oldest first
 * @param publicUrl the forum's origin; links are `publicUrl + notificationHref(row)` (the comment
 *   anchor `/forum/kommentar/<id>` for comments)
 * @returns groups in the order their first item appears
 */
export function groupDigestItems(items: DigestItem[], publicUrl: string): DigestGroup[] {
  const groups = new Map<string, DigestGroup>();
  for (const item of items) {
    const threadId = item.threadId ?? (item.type === "new_thread" ? item.referenceId : null);
    const key = threadId ?? "";
    let group = groups.get(key);
    if (!group) {
      group = { heading: threadId ? (item.threadTitle ?? item.title ?? dm.otherHeading) : dm.otherHeading, entries: [] };
      groups.set(key, group);
    }
    group.entries.push({ text: notificationText(item), url: publicUrl + notificationHref(item) });
  }
  return [...groups.values()];
}

/** The page frame: fluid width (no fixed 560 px table, which would overflow a 375 px screen). */
function frame(bodyHtml: string, footer: string, unsubscribeUrl: string, settingsUrl: string): string {
  const a = 'style="color:#047857"';
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:16px">
<div style="background:#ffffff;border-radius:12px;padding:24px 20px">
<p style="font-size:22px;font-weight:bold;color:#047857;margin:0 0 16px">📈 ${escapeHtml(app.name)}</p>
${bodyHtml}
<p style="font-size:14px;margin:24px 0 0">${escapeHtml(ml.signature)}</p>
</div>
<p style="font-size:13px;line-height:1.5;color:#475569;margin:16px 4px">${escapeHtml(footer)}<br>
<a href="${escapeHtml(settingsUrl)}" ${a}>${escapeHtml(dm.settings)}</a> · <a href="${escapeHtml(unsubscribeUrl)}" ${a}>${escapeHtml(dm.unsubscribe)}</a></p>
</div></body></html>`;
}

/** The one-click opt-out headers (RFC 8058). */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The notification settings page ('Notiser' under Mitt konto). */
export const settingsPath = "/forum/konto#notiser";

/**
 * Builds the digest: subject 'Nytt på Börssnack: N notiser' (N = items), the items
 * grouped by thread with the thread title as heading, each its `notificationText` linking to
 * `PUBLIC_URL + notificationHref`, a link to the settings and the opt-out link.
 *
 * @param p see {@link DigestMailParts}
 * @returns the {@link MailMessage} with HTML, text and `List-Unsubscribe` headers
 */
export function digestMail(p: DigestMailParts): MailMessage {
  const groups = groupDigestItems(p.items, p.publicUrl);
  const settingsUrl = p.publicUrl + settingsPath;
  const htmlGroups = groups
    .map(
      (g) => `<h2 style="font-size:17px;line-height:1.3;margin:20px 0 8px;word-break:break-word">${escapeHtml(g.heading)}</h2>
<ul style="margin:0;padding:0 0 0 18px">${g.entries
        .map(
          (e) =>
            `<li style="font-size:15px;line-height:1.5;margin:0 0 8px;word-break:break-word"><a href="${escapeHtml(e.url)}" style="color:#047857">${escapeHtml(e.text)}</a></li>`,
        )
        .join("")}</ul>`,
    )
    .join("\n");
  const html = frame(
    `<p style="font-size:16px;margin:0 0 8px">${escapeHtml(dm.greeting(p.nickname))}</p>
<p style="font-size:16px;line-height:1.5;margin:0">${escapeHtml(dm.intro)}</p>
${htmlGroups}`,
    dm.footer,
    p.unsubscribeUrl,
    settingsUrl,
  );
  const text = [
    dm.greeting(p.nickname),
    "",
    dm.intro,
    ...groups.flatMap((g) => ["", `## ${g.heading}`, ...g.entries.map((e) => `- ${e.text}\n  ${e.url}`)]),
    "",
    ml.signature,
    "",
    dm.footer,
    `${dm.settings}: ${settingsUrl}`,
    `${dm.unsubscribe}: ${p.unsubscribeUrl}`,
  ].join("\n");
  return { to: p.to, subject: dm.subject(p.items.length), html, text: text + "\n", headers: unsubscribeHeaders(p.unsubscribeUrl) };
}

/** One thread of the weekly summary. */
export interface WeeklyThread {
  title: string;
  /** Path of the thread (`/forum/<category>/<thread>`). */
  path: string;
  commentsCount: number;
  reactionsCount: number;
}

/**
 * Builds the weekly summary 'Veckans hetaste trådar'.
 *
 * @param p recipient, nickname, the week's top threads (at least one), origin and opt-out link
 * @returns the {@link MailMessage} with HTML, text and `List-Unsubscribe` headers
 */
export function weeklyMail(p: {
  to: string;
  nickname: string;
  threads: WeeklyThread[];
  publicUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const settingsUrl = p.publicUrl + settingsPath;
  const items = p.threads
    .map(
      (t) => `<li style="font-size:15px;line-height:1.5;margin:0 0 12px;word-break:break-word"><a href="${escapeHtml(p.publicUrl + t.path)}" style="color:#047857;font-weight:bold">${escapeHtml(t.title)}</a><br><span style="color:#475569;font-size:13px">${escapeHtml(dm.weeklyCounts(t.commentsCount, t.reactionsCount))}</span></li>`,
    )
    .join("");
  const html = frame(
    `<p style="font-size:16px;margin:0 0 8px">${escapeHtml(dm.greeting(p.nickname))}</p>
<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(dm.weeklyIntro)}</p>
<ol style="margin:0;padding:0 0 0 22px">${items}</ol>
<p style="margin:20px 0 0"><a href="${escapeHtml(p.publicUrl + "/forum")}" style="background:#047857;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(dm.visit)}</a></p>`,
    dm.weeklyFooter,
    p.unsubscribeUrl,
    settingsUrl,
  );
  const text = [
    dm.greeting(p.nickname),
    "",
    dm.weeklyIntro,
    "",
    ...p.threads.map((t, i) => `${i + 1}. ${t.title} (${dm.weeklyCounts(t.commentsCount, t.reactionsCount)})\n   ${p.publicUrl + t.path}`),
    "",
    ml.signature,
    "",
    dm.weeklyFooter,
    `${dm.settings}: ${settingsUrl}`,
    `${dm.unsubscribe}: ${p.unsubscribeUrl}`,
  ].join("\n");
  return { to: p.to, subject: dm.weeklySubject, html, text: text + "\n", headers: unsubscribeHeaders(p.unsubscribeUrl) };
}
