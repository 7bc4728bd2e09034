/**
 * The route actions of the inbox pages ('Inkorg'): 'Nytt meddelande' and every form of a
 * conversation page (`intent` send, edit, delete, report, read, hide, leave). Plain HTML forms:
 * they work without JavaScript (a success redirects back with a flash toast; a failure answers
 * 4xx with the Swedish message and what the member typed, so the form keeps it).
 *
 * @module
 */
import { redirect } from "react-router";
import { errors, inbox as ib } from "../../domain/i18n/sv";
import { conversationPath, INBOX_PATH } from "../../domain/messages";
import type { Viewer } from "../accounts/session";
import { setFlash } from "../http/flash";
import type { Services } from "../platform/services";
import { runWrite, writeContext, writeFailure, type WriteFailure } from "../writes/pipeline";
import {
  deleteMessageWrite,
  editMessageWrite,
  hideConversationWrite,
  leaveConversationWrite,
  readConversationWrite,
  reportMessageWrite,
  sendMessageWrite,
  startConversationWrite,
} from "./commands";

type Form = Record<string, string | undefined>;

/** A redirect with a one-shot toast. */
async function back(to: string, title: string, description?: string) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash({ toast: { title, ...(description ? { description } : {}) } }) } });
}

/** A failure that keeps the typed text (`values`) and names the intent and message. */
const failed = (result: WriteFailure, form: Form) =>
  writeFailure(result, { intent: form.intent ?? "", messageId: form.messageId ?? "", values: { to: form.to ?? "", body: form.body ?? "" } });

/**
 * 'Nytt meddelande' (`/forum/inkorg/ny`): `to` (nicknames) and `body`.
 *
 * @returns a redirect to the conversation (at the new message), or a 4xx `data()` answer
 */
export async function newConversationAction(services: Services, viewer: Viewer | null, request: Request, form: Form) {
  const result = await runWrite(startConversationWrite, writeContext(services, viewer, request), { to: form.to, body: form.body ?? "" });
  if (!result.ok) return failed(result, form);
  return back(`${conversationPath(result.value.conversationId)}#message-${result.value.messageId}`, ib.sent, result.value.held ? ib.heldHint : undefined);
}

/**
 * Every form of a conversation page.
 *
 * @param conversationId the page's conversation
 * @returns a redirect (send, edit, delete, hide, leave), `{ ok, intent, toast }` (report, read),
 *   or a 4xx `data()` answer
 */
export async function conversationAction(services: Services, viewer: Viewer | null, request: Request, conversationId: string, form: Form) {
  const ctx = writeContext(services, viewer, request);
  const here = conversationPath(conversationId);
  switch (form.intent) {
    case "send": {
      const result = await runWrite(sendMessageWrite, ctx, { conversationId, body: form.body ?? "" });
      if (!result.ok) return failed(result, form);
      return back(`${here}#message-${result.value.messageId}`, ib.sent, result.value.held ? ib.heldHint : undefined);
    }
    case "edit": {
      const result = await runWrite(editMessageWrite, ctx, { messageId: form.messageId ?? "", body: form.body ?? "" });
      if (!result.ok) return failed(result, form);
      return back(`${here}#message-${form.messageId}`, ib.saved);
    }
    case "delete": {
      const result = await runWrite(deleteMessageWrite, ctx, { messageId: form.messageId ?? "" });
      if (!result.ok) return failed(result, form);
      return back(here, ib.deleted);
    }
    case "report": {
      const result = await runWrite(reportMessageWrite, ctx, { messageId: form.messageId ?? "", reason: form.reason, details: form.details });
      if (!result.ok) return failed(result, form);
      return back(`${here}#message-${form.messageId}`, ib.reported);
    }
    case "read": {
      const result = await runWrite(readConversationWrite, ctx, { conversationId });
      if (!result.ok) return failed(result, form);
      return { ok: true as const, intent: "read" };
    }
    case "hide": {
      const result = await runWrite(hideConversationWrite, ctx, { conversationId });
      if (!result.ok) return failed(result, form);
      return back(INBOX_PATH, ib.hidden, ib.hiddenDescription);
    }
    case "leave": {
      const result = await runWrite(leaveConversationWrite, ctx, { conversationId });
      if (!result.ok) return failed(result, form);
      return back(INBOX_PATH, ib.left);
    }
    default:
      return writeFailure({ ok: false, status: 400, error: errors.badRequest });
  }
}
