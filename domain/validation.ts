/**
 * Zod schemas of the server's actions (ARCHITECTURE.md forms). The limits they apply live in
 * `limits.ts`, which the browser imports for its own checks without pulling Zod into the bundle.
 * Every error message is a catalogue string (`domain/i18n/sv.ts`).
 *
 * @module
 */
import { z } from "zod";
import { auth as a, editing as ed, forum as f, notificationSettings as nst, polls as pl, postImages as pi, reactions as r, stances as st } from "./i18n/sv";
import { MAX_POST_IMAGES, countPostImages } from "./uploads";
import {
  AUTHOR_SENTIMENTS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  POSITIONS,
  REACTION_TYPES,
  TARGET_TYPES,
  type AuthorSentiment,
  type NotificationKind,
  type Position,
} from "./values";
import { MAX_STANCES } from "./stances";
import { isUuid } from "./ids";
import { POLL_OPTIONS_MAX, cleanPollOptions, parsePollClosing, pollClosingError, pollOptionsError } from "./polls";
import { LIMITS, NEW_PASSWORD_MIN, PASSWORD_MAX, PASSWORD_MIN, isBlankText, nicknameError } from "./limits";

// No `new Function` probing: the Content-Security-Policy forbids eval (server/security/headers.ts),
// and Zod's JIT check would otherwise report a violation in every browser that loads a form.
z.config({ jitless: true });

export {
  LIMITS,
  NEW_PASSWORD_MIN,
  NICKNAME_MAX,
  NICKNAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  isBlankText,
  isReservedNickname,
  nicknameError,
  nicknameFormatError,
} from "./limits";

/**
 * A trimmed text that must hold something visible (SPEC §5 "non-empty trimmed";
 * invisible characters alone count as empty, see {@link isBlankText}).
 *
 * @param required message when the text is blank
 * @param max longest length in characters, and `tooLong` its message
 */
export function visibleText(required: string, max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .refine((v) => !isBlankText(v), { message: required, abort: true })
    .pipe(z.string().max(max, tooLong));
}

/**
 * A post body with at most {@link MAX_POST_IMAGES} of the forum's own images (counted by
 * {@link countPostImages}: every reference to a stored post image).
 *
 * @param body the body schema it refines
 */
export function withImageLimit<T extends z.ZodType<string>>(body: T) {
  return body.refine((v) => countPostImages(v) <= MAX_POST_IMAGES, { message: pi.tooManyImages(MAX_POST_IMAGES) });
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
  .max(254, a.invalidEmail)
  .pipe(z.email({ message: a.invalidEmail }));

/** Register form (SPEC §5 Register): e-mail, nickname, password ≥ 6; all required. */
export const registerSchema = z
  .object({
    email: z.string().default(""),
    nickname: z.string().default(""),
    password: z.string().default(""),
  })
  .superRefine((v, ctx) => {
    if (!v.email.trim() || !v.nickname || !v.password) {
      ctx.addIssue({ code: "custom", message: a.fillAllFields, path: ["form"] });
    }
  })
  .pipe(
    z.object({
      email: emailSchema,
      nickname: nicknameSchema,
      password: z.string().min(PASSWORD_MIN, a.passwordTooShort).max(PASSWORD_MAX, a.passwordTooLong),
    }),
  );

/** Login form (SPEC §5 Login): e-mail and password required. */
export const loginSchema = z
  .object({ email: z.string().default(""), password: z.string().default("") })
  .superRefine((v, ctx) => {
    if (!v.email.trim() || !v.password) {
      ctx.addIssue({ code: "custom", message: a.fillEmailAndPassword, path: ["form"] });
    }
  })
  .pipe(z.object({ email: emailSchema, password: z.string().max(PASSWORD_MAX, a.invalidCredentials) }));

/** New password + confirmation (SPEC §5 Reset password: ≥ 8, confirmation must match). */
export const newPasswordSchema = z
  .object({ password: z.string().default(""), confirm: z.string().default("") })
  .superRefine((v, ctx) => {
    if (v.password.length < NEW_PASSWORD_MIN) ctx.addIssue({ code: "custom", message: a.resetMinLength, path: ["password"] });
    else if (v.password.length > PASSWORD_MAX) ctx.addIssue({ code: "custom", message: a.passwordTooLong, path: ["password"] });
    else if (v.password !== v.confirm) ctx.addIssue({ code: "custom", message: a.passwordsDontMatch, path: ["confirm"] });
  });

/** E-mail only (resend verification). */
export const emailOnlySchema = z.object({ email: emailSchema });

/** An optional choice: one of `values`, or empty / absent for none (the radio 'Ingen' / 'Ej angivet'). */
function optionalChoice<T extends string>(values: readonly [T, ...T[]], message: string) {
  return z
    .union([z.literal(""), z.enum(values, { message })], { message })
    .optional()
    .transform((v): T | null => (v ? (v as T) : null));
}

/**
 * The author's 'Din syn' and 'Innehav' per ticker: `{ [TICKER]: { sentiment?,
 * position? } }` as `domain/stances.ts` `stancesFromForm` collects them (`syn.X`, `innehav.X`).
 * Values: `bullish` | `bearish` | `` and `owns` | `does_not_own` | ``; anything else is refused
 * with a Swedish message (field `stances`). Keys are upper-cased; at most `MAX_STANCES` tickers.
 * Absent: nothing stated (an edit keeps the post's stances). Tickers the post does not name are
 * ignored by the writes, not here (only the server knows the post's tickers).
 */
export const stancesSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9]{1,12}(?:-[A-Za-z0-9]{1,6}){0,2}$/, st.invalidTicker),
    z.object(
      {
        sentiment: optionalChoice(AUTHOR_SENTIMENTS, st.invalidSentiment),
        position: optionalChoice(POSITIONS, st.invalidPosition),
      },
      { message: st.invalidTicker },
    ),
    { message: st.invalidTicker },
  )
  .refine((v) => Object.keys(v).length <= MAX_STANCES, { message: st.tooMany(MAX_STANCES) })
  .transform((v) => {
    const out: Record<string, { sentiment: AuthorSentiment | null; position: Position | null }> = {};
    for (const [ticker, stance] of Object.entries(v)) out[ticker.toUpperCase()] = stance;
    return out;
  })
  .optional();

/**
 * New thread (SPEC §5 New thread): non-empty trimmed title and body (invisible characters alone
 * are empty), within {@link LIMITS}, with at most {@link MAX_POST_IMAGES} images.
 */
export const threadSchema = z.object({
  categoryId: z.uuid({ message: f.categoryRequired }),
  title: visibleText(f.titleRequired, LIMITS.title, f.titleTooLong),
  body: withImageLimit(visibleText(f.bodyRequired, LIMITS.body, f.bodyTooLong)),
  /** 'Din syn' / 'Innehav' per ticker ({@link stancesSchema}). */
  stances: stancesSchema,
});

/**
 * The optional reason of a staff edit (written to the moderation log): trimmed, at most
 * `LIMITS.editReason` characters; blank becomes undefined.
 */
const editReason = z
  .string()
  .trim()
  .max(LIMITS.editReason, ed.reasonTooLong(LIMITS.editReason))
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * Edit of a thread: the same title and body rules as {@link threadSchema} (SPEC §5
 * New thread), plus the staff's optional `reason`.
 */
export const editThreadSchema = z.object({
  title: threadSchema.shape.title,
  body: threadSchema.shape.body,
  reason: editReason,
  stances: stancesSchema,
});

/**
 * Comment or reply (SPEC §5 Comment): non-empty trimmed text (invisible characters alone are
 * empty), at most {@link MAX_POST_IMAGES} images; parentId for a reply.
 */
export const commentSchema = z.object({
  body: withImageLimit(visibleText(f.commentRequired, LIMITS.comment, f.commentTooLong)),
  parentId: z
    .uuid({ message: f.replyDepth })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** 'Din syn' / 'Innehav' per ticker ({@link stancesSchema}). */
  stances: stancesSchema,
});

/**
 * Edit of a comment or reply: the same body rule as {@link commentSchema}, plus the
 * staff's optional `reason`.
 */
export const editCommentSchema = z.object({
  body: commentSchema.shape.body,
  reason: editReason,
  stances: stancesSchema,
});

/** Reaction toggle (SPEC §5 Reactions): types bull/bear/like/fire on a thread or comment. */
export const reactionSchema = z.object({
  targetType: z.enum(TARGET_TYPES, { message: r.invalid }),
  targetId: z.uuid({ message: r.invalid }),
  reactionType: z.enum(REACTION_TYPES, { message: r.invalid }),
});

/** One kind's level in the 'Notiser' form: a value of `NOTIFICATION_CHANNELS`. */
const notificationChannel = z.enum(NOTIFICATION_CHANNELS, { message: nst.invalidChannel });

/**
 * A checkbox of a form post: absent or `""`/`"false"` = false, `"on"`/`"true"` = true (a JSON
 * boolean works too); anything else is refused with {@link nst.invalidCheckbox}.
 */
const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "false", ""])], { message: nst.invalidCheckbox })
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/**
 * The settings form 'Notiser' (docs/decisions/029): one field per notification kind
 * named as the kind (`followed_thread`, `reply`, …), each one of `NOTIFICATION_CHANNELS`
 * (required: a missing or unknown level is 400 'Välj I forumet, + e-post, + push eller Av …'),
 * and the checkboxes `auto_subscribe` and `weekly_digest`. The e-mail master switch is not part
 * of it (its own button, `email_enabled`).
 */
export const notificationSettingsSchema = z.object({
  ...(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, notificationChannel])) as Record<
    NotificationKind,
    typeof notificationChannel
  >),
  auto_subscribe: checkbox,
  weekly_digest: checkbox,
});

/**
 * The options of a new poll ('Omröstning', domain/polls.ts): at most {@link POLL_OPTIONS_MAX}
 * fields, checked by `pollOptionsError` (2–10 filled in, each ≤ 100 characters, no two alike
 * ignoring case), then trimmed with the blank ones left out.
 */
const pollOptions = z
  .array(z.string({ message: pl.invalidOptions }), { message: pl.invalidOptions })
  .superRefine((raw, ctx) => {
    const message = pollOptionsError(raw);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .transform(cleanPollOptions);

/** 'Flera val': a checkbox (absent, `""`, `"false"`: off; `"on"`, `"true"`: on). */
const pollMultiple = z
  .union([z.boolean(), z.enum(["on", "true", "false", ""])], { message: pl.invalidMultiple })
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/**
 * 'Stängs': empty for never, else a time after now and at most 90 days ahead
 * (`pollClosingError`; Stockholm wall clock or an ISO instant).
 */
const pollClosesAt = z
  .string({ message: pl.invalidClosesAt })
  .optional()
  .transform((text, ctx): Date | null => {
    if (!text || text.trim() === "") return null;
    const message = pollClosingError(text, Date.now());
    if (message) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsePollClosing(text);
  });

/**
 * New thread with an optional poll (SPEC §5 New thread; 'Omröstning', docs/decisions/054): the
 * rules of {@link threadSchema} plus the poll fields `pollOptions` (the option fields in order),
 * `pollMultiple` and `pollClosesAt`, each of whose messages is keyed by its own name. Without
 * `pollOptions` there is no poll and `poll` is null.
 *
 * @returns `{ categoryId, title, body, stances, poll: { options, multipleChoice, closesAt } | null }`
 */
export const newThreadSchema = threadSchema
  .extend({ pollOptions: pollOptions.optional(), pollMultiple, pollClosesAt })
  .transform(({ pollOptions: options, pollMultiple: multipleChoice, pollClosesAt: closesAt, ...thread }) => ({
    ...thread,
    poll: options ? { options, multipleChoice, closesAt } : null,
  }));

/**
 * A vote in a poll: `optionIds`, the chosen option ids (duplicates removed). At least one, at most
 * {@link POLL_OPTIONS_MAX}, each a UUID; whether they belong to the poll, and whether it allows more
 * than one, is the vote write's to check (server/polls/commands.ts).
 */
export const pollVoteSchema = z.object({
  optionIds: z
    .array(z.string({ message: pl.invalidOption }), { message: pl.chooseOne })
    .transform((ids) => [...new Set(ids)])
    .pipe(
      z
        .array(z.string().refine(isUuid, { message: pl.invalidOption }))
        .min(1, pl.chooseOne)
        .max(POLL_OPTIONS_MAX, pl.invalidOption),
    ),
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

