/**
 * Swedish e-mail templates, HTML and text (texts from `domain/i18n/sv.ts` `mail`).
 *
 * @module
 */
import { app, authMail as aml, mail as ml } from "../../domain/i18n/sv";
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
<tr><td><p style="font-size:22px;font-weight:bold;color:#047857;margin:0 0 16px">📈 ${escapeHtml(app.name)}</p>${bodyHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

/** Parts of a mail whose point is one link (verification, magic link, password reset). */
interface LinkMailParts {
  to: string;
  subject: string;
  greeting: string;
  body: string;
  button: string;
  url: string;
  fallback: string;
  ignore: string;
}

/** Builds the HTML and text of a one-link mail, every text escaped. */
function linkMail(p: LinkMailParts): MailMessage {
  const u = escapeHtml(p.url);
  const html = layout(`<p style="font-size:16px">${escapeHtml(p.greeting)}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(p.body)}</p>
<p style="margin:28px 0"><a href="${u}" style="background:#047857;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(p.button)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(p.fallback)}<br><a href="${u}" style="color:#047857;word-break:break-all">${u}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(p.ignore)}</p>
<p style="font-size:14px">${escapeHtml(ml.signature)}</p>`);
  const text = `${p.greeting}

${p.body}

${p.button}: ${p.url}

${p.ignore}

${ml.signature}
`;
  return { to: p.to, subject: p.subject, html, text };
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
  return linkMail({
    to,
    subject: ml.verifySubject,
    greeting: ml.verifyGreeting(nickname),
    body: ml.verifyBody,
    button: ml.verifyButton,
    url,
    fallback: ml.verifyFallback,
    ignore: ml.verifyIgnore,
  });
}

/**
 * The magic-link mail (SPEC §2 /auth/login magic tab: valid 15 minutes).
 *
 * @param to recipient address
 * @param nickname the member's nickname
 * @param url absolute `/auth/magic?token=…` link
 */
export function magicLinkMail(to: string, nickname: string, url: string): MailMessage {
  return linkMail({
    to,
    subject: aml.magicSubject,
    greeting: aml.magicGreeting(nickname),
    body: aml.magicBody,
    button: aml.magicButton,
    url,
    fallback: aml.linkFallback,
    ignore: aml.ignore,
  });
}

/**
 * The password-reset mail (SPEC §2 /auth/forgot-password).
 *
 * @param to recipient address
 * @param nickname the member's nickname
 * @param url absolute `/auth/reset-password?token=…` link
 */
export function resetPasswordMail(to: string, nickname: string, url: string): MailMessage {
  return linkMail({
    to,
    subject: aml.resetSubject,
    greeting: ml.verifyGreeting(nickname),
    body: aml.resetBody,
    button: aml.resetButton,
    url,
    fallback: aml.linkFallback,
    ignore: aml.ignore,
  });
}
