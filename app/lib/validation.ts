/**
 * Zod schemas shared by browser and server: one schema validates twice (ARCHITECTURE.md forms).
 * Every error message is a catalogue string (`app/i18n/sv.ts`).
 *
 * @module
 */
import { z } from "zod";
import { auth as t, forum as f, reactions as r } from "../i18n/sv";

// No `new Function` probing: the Content-Security-Policy forbids eval (server/security/headers.ts),
// and Zod's JIT check would otherwise report a violation in every browser that loads a form.
z.config({ jitless: true });

/** Nickname length bounds in characters (decided: docs/decisions/001-limits.md). */
export const NICKNAME_MIN = 2;
/** @see NICKNAME_MIN */
export const NICKNAME_MAX = 30;
/** Password length bounds for registration (SPEC §5 Register: at least 6). */
export const PASSWORD_MIN = 6;
/** Upper bound, so a hostile client cannot make the server hash megabytes. */
export const PASSWORD_MAX = 128;
/** Thread title, thread body and comment length caps in characters (docs/decisions/001-limits.md). */
export const LIMITS = {
  title: 200,
  body: 20_000,
  comment: 10_000,
  /** Report details (docs/decisions/012-moderation-admin.md). */
  reportDetails: 2000,
  /** Block reason (docs/decisions/012-moderation-admin.md). */
  blockReason: 500,
  /** Search text; the rest is ignored (docs/search.md). */
  searchQuery: 200,
} as const;

/** Letters a–z, å, ä, ö (either case), digits, dot, underscore, hyphen (SPEC §5 Nickname). */
const NICKNAME_CHARS = /^[A-Za-z0-9ÅÄÖåäö._-]+$/;

/**
 * Checks a nickname against SPEC §5 Nickname, in the spec's order.
 *
 * @param nickname as typed (not trimmed: a space anywhere is an error)
 * @returns the Swedish error message, or `null` when the nickname is valid
 */
export function nicknameError(nickname: string): string | null {
  if (nickname.length === 0) return t.nicknameEmpty;
  if (/\s/.test(nickname)) return t.nicknameSpaces;
  if (!NICKNAME_CHARS.test(nickname)) return t.nicknameChars;
  if (nickname.length < NICKNAME_MIN || nickname.length > NICKNAME_MAX) return t.nicknameLength;
  return null;
}

/** A nickname string that passes {@link nicknameError}. */
export const nicknameSchema = z.string().superRefine((value, ctx) => {
  const message = nicknameError(value);
  if (message) ctx.addIssue({ code: "custom", message });
});

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, t.invalidEmail)
  .pipe(z.email({ message: t.invalidEmail }));

/** Register form (SPEC §5 Register): e-mail, nickname, password ≥ 6; all required. */
export const registerSchema = z
  .object({
    email: z.string().default(""),
    nickname: z.string().default(""),
    password: z.string().default(""),
  })
  .superRefine((v, ctx) => {
    if (!v.email.trim() || !v.nickname || !v.password) {
      ctx.addIssue({ code: "custom", message: t.fillAllFields, path: ["form"] });
    }
  })
  .pipe(
    z.object({
      email: emailSchema,
      nickname: nicknameSchema,
      password: z.string().min(PASSWORD_MIN, t.passwordTooShort).max(PASSWORD_MAX, t.passwordTooLong),
    }),
  );

/** Login form (SPEC §5 Login): e-mail and password required. */
export const loginSchema = z
  .object({ email: z.string().default(""), password: z.string().default("") })
  .superRefine((v, ctx) => {
    if (!v.email.trim() || !v.password) {
      ctx.addIssue({ code: "custom", message: t.fillEmailAndPassword, path: ["form"] });
    }
  })
  .pipe(z.object({ email: emailSchema, password: z.string().max(PASSWORD_MAX, t.invalidCredentials) }));

/** Minimum length of a new password set by reset or on the set-password page (SPEC §5 Reset). */
export const NEW_PASSWORD_MIN = 8;

/** New password + confirmation (SPEC §5 Reset password: ≥ 8, confirmation must match). */
export const newPasswordSchema = z
  .object({ password: z.string().default(""), confirm: z.string().default("") })
  .superRefine((v, ctx) => {
    if (v.password.length < NEW_PASSWORD_MIN) ctx.addIssue({ code: "custom", message: t.resetMinLength, path: ["password"] });
    else if (v.password.length > PASSWORD_MAX) ctx.addIssue({ code: "custom", message: t.passwordTooLong, path: ["password"] });
    else if (v.password !== v.confirm) ctx.addIssue({ code: "custom", message: t.passwordsDontMatch, path: ["confirm"] });
  });

/** E-mail only (resend verification). */
export const emailOnlySchema = z.object({ email: emailSchema });

/** New thread (SPEC §5 New thread): non-empty trimmed title and body, within {@link LIMITS}. */
export const threadSchema = z.object({
  categoryId: z.uuid({ message: f.categoryRequired }),
  title: z.string().trim().min(1, f.titleRequired).max(LIMITS.title, f.titleTooLong),
  body: z.string().trim().min(1, f.bodyRequired).max(LIMITS.body, f.bodyTooLong),
});

/** Comment or reply (SPEC §5 Comment): non-empty trimmed text; parentId for a reply. */
export const commentSchema = z.object({
  body: z.string().trim().min(1, f.commentRequired).max(LIMITS.comment, f.commentTooLong),
  parentId: z
    .uuid({ message: f.replyDepth })
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

/** Reaction toggle (SPEC §5 Reactions): types bull/bear/like/fire on a thread or comment. */
export const reactionSchema = z.object({
  targetType: z.enum(["thread", "comment"], { message: r.invalid }),
  targetId: z.uuid({ message: r.invalid }),
  reactionType: z.enum(["bull", "bear", "like", "fire"], { message: r.invalid }),
});

/**
 * Flattens a Zod error into `{ field: firstMessage }` for a form; the key `form` holds errors that
 * concern the whole form.
 *
 * @param error a failed parse's error
 * @returns field name → first Swedish message
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
