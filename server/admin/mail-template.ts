/**
 * The Swedish HTML and text body of an admin message (headline, content, button and the
 * opt-out link; SPEC §3 Admin message payload).
 *
 * @module
 */
import { adminMail as am, app } from "../../domain/i18n/sv";
import type { MailMessage } from "../mail/mailer";
import { escapeHtml } from "../mail/templates";
import sanitizeHtml from "sanitize-html";

/** What one recipient's message is made of. */
export interface AdminMailParts {
  to: string;
  subject: string;
  headline: string;
  /** Already sanitised HTML (`sanitizeMailHtml`). */
  contentHtml: string;
  button: { label: string; url: string } | null;
  /** The member's one-click opt-out link, when the address belongs to a member. */
  unsubscribeUrl: string | null;
  /** Fixed Message-ID, e.g. `<job.hash@borssnack.se>`. */
  messageId: string;
}

/**
 * Builds the message.
 *
 * @returns a {@link MailMessage} with `List-Unsubscribe` and `List-Unsubscribe-Post` headers when
 *   there is an opt-out link
 */
export function adminMessageMail(p: AdminMailParts): MailMessage {
  const button = p.button
    ? `<p style="margin:28px 0"><a href="${escapeHtml(p.button.url)}" style="background:#047857;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(p.button.label)}</a></p>`
    : "";
  const unsubscribe = p.unsubscribeUrl
    ? `<p style="font-size:12px;color:#64748b">${escapeHtml(am.footer)} <a href="${escapeHtml(p.unsubscribeUrl)}" style="color:#64748b">${escapeHtml(am.unsubscribe)}</a></p>`
    : "";
  const html = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(p.subject)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:22px;font-weight:bold;color:#047857;margin:0 0 16px">📈 ${escapeHtml(app.name)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(p.headline)}</h1>
<div style="font-size:16px;line-height:1.5">${p.contentHtml}</div>
${button}
${unsubscribe}
</td></tr></table></td></tr></table></body></html>`;
  const lines = [p.headline, "", htmlToText(p.contentHtml)];
  if (p.button) lines.push("", `${p.button.label}: ${p.button.url}`);
  if (p.unsubscribeUrl) lines.push("", "--", am.footer, `${am.unsubscribe}: ${p.unsubscribeUrl}`);
  const headers: Record<string, string> = {};
  if (p.unsubscribeUrl) {
    headers["List-Unsubscribe"] = `<${p.unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return { to: p.to, subject: p.subject, html, text: lines.join("\n") + "\n", headers, messageId: p.messageId };
}

/**
 * Plain text of sanitised HTML (for the text part of the mail).
 *
 * @param html sanitised HTML (`sanitizeMailHtml`, server/admin/messages.ts)
 * @returns the text, one blank line between blocks at most
 */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<\/(p|h2|h3|li|blockquote)>|<br\s*\/?>/gi, "\n");
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
