/**
 * Swedish e-mail templates, HTML and text (texts from `app/i18n/sv.ts` `mail`).
 *
 * @module
 */
import { mail as m } from "../../app/i18n/sv";
import type { MailMessage } from "./mailer";

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function layout(bodyHtml: string): string {
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:22px;font-weight:bold;color:#047857;margin:0 0 16px">📈 Börssnack</p>${bodyHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

/**
 * The verification mail sent after registration (SPEC §2 /auth/register).
 *
 * @param to recipient address
 * @param nickname the member's nickname as registered
 * @param url absolute verification link
 * @returns the message, HTML and text
 */
export function verificationMail(to: string, nickname: string, url: string): MailMessage {
  const u = escapeHtml(url);
  const html = layout(`<p style="font-size:16px">${escapeHtml(m.verifyGreeting(nickname))}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(m.verifyBody)}</p>
<p style="margin:28px 0"><a href="${u}" style="background:#047857;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(m.verifyButton)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(m.verifyFallback)}<br><a href="${u}" style="color:#047857;word-break:break-all">${u}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(m.verifyIgnore)}</p>
<p style="font-size:14px">${escapeHtml(m.signature)}</p>`);
  const text = `${m.verifyGreeting(nickname)}

${m.verifyBody}

${m.verifyButton}: ${url}

${m.verifyIgnore}

${m.signature}
`;
  return { to, subject: m.verifySubject, html, text };
}
