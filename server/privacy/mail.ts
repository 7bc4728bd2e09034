/**
 * The account-deletion mail (deletion confirmed by a mailed link), HTML and text,
 * texts from `domain/i18n/sv.ts` `privacy`.
 *
 * @module
 */
import { privacy as pv } from "../../domain/i18n/sv";
import type { MailMessage } from "../mail/mailer";
import { escapeHtml } from "../mail/templates";

/**
 * Builds the mail carrying a one-time deletion link.
 *
 * @param to recipient address (the account's own)
 * @param nickname the member's nickname
 * @param url absolute link to the confirmation page, token included
 * @returns the message, HTML (values escaped) and plain text
 */
export function deletionMail(to: string, nickname: string, url: string): MailMessage {
  const u = escapeHtml(url);
  const html = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:22px;font-weight:bold;color:#047857;margin:0 0 16px">📈 Börssnack</p>
<p style="font-size:16px">${escapeHtml(pv.mailGreeting(nickname))}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(pv.mailBody)}</p>
<p style="margin:28px 0"><a href="${u}" style="background:#dc2626;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(pv.mailButton)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(pv.mailFallback)}<br><a href="${u}" style="color:#047857;word-break:break-all">${u}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(pv.mailIgnore)}</p>
<p style="font-size:14px">${escapeHtml(pv.mailSignature)}</p></td></tr>
</table></td></tr></table></body></html>`;
  const text = `${pv.mailGreeting(nickname)}

${pv.mailBody}

${pv.mailButton}: ${url}

${pv.mailIgnore}

${pv.mailSignature}
`;
  return { to, subject: pv.mailSubject, html, text };
}
