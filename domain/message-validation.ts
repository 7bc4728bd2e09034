/**
 * The form rules of private messages ('Inkorg', docs/decisions/055-private-messages.md): a
 * message, 'Nytt meddelande' and the 'Vem får starta en konversation med dig' setting. Apart from
 * domain/validation.ts, so a visitor's first visit carries none of it.
 *
 * @module
 */
import { z } from "zod";
import { inbox as ib } from "./i18n/sv";
import { RECIPIENTS_MAX } from "./messages";
import { visibleText, withImageLimit } from "./validation";
import { LIMITS, MESSAGES_FROM } from "./values";

/** A private message ('Inkorg'): non-empty visible text of at most `LIMITS.message` characters, at most {@link MAX_POST_IMAGES} images. */
export const messageSchema = z.object({
  body: withImageLimit(visibleText(ib.bodyRequired, LIMITS.message, ib.bodyTooLong(LIMITS.message))),
});

/**
 * 'Nytt meddelande': recipients as nicknames (comma, semicolon or whitespace separated, an `@` before
 * each allowed; duplicates dropped; 1–{@link RECIPIENTS_MAX}) and the first message.
 */
export const newConversationSchema = z.object({
  to: z
    .string({ message: ib.recipientsRequired })
    .transform((raw) => [...new Map(raw.split(/[\s,;]+/).map((n) => n.replace(/^@/, "").trim()).filter(Boolean).map((n) => [n.toLowerCase(), n])).values()])
    .pipe(
      z
        .array(z.string().max(LIMITS.nicknameMax * 2))
        .min(1, { message: ib.recipientsRequired })
        .max(RECIPIENTS_MAX, { message: ib.tooManyRecipients }),
    ),
  body: messageSchema.shape.body,
});

/** 'Vem får starta en konversation med dig' ({@link MESSAGES_FROM}). */
export const messagesFromSchema = z.object({ messagesFrom: z.enum(MESSAGES_FROM, { message: ib.invalidSetting }) });
