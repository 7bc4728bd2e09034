/**
 * The route action behind every 'Spara' / 'Sparad' / 'Ta bort' form (bookmarks): the
 * thread page and `/forum/sparade` post `intent=save|unsave`, `targetType` and `targetId` to their
 * own action, which calls {@link bookmarkFormAction}. Works with and without JavaScript.
 *
 * @module
 */
import { bookmarks as bm, errors } from "../../domain/i18n/sv";
import type { Services } from "../platform/services";
import type { Viewer } from "../accounts/session";
import { runWrite, writeContext, writeFailure } from "../writes/pipeline";
import { bookmarkWrite, unbookmarkWrite } from "./commands";

/**
 * Runs the save or unsave write from an already read form.
 *
 * @param services the request's services
 * @param viewer the logged-in member, or null (answered 401 'Du måste vara inloggad för att spara inlägg.')
 * @param request the form post (for the client address of the abuse limits)
 * @param form the form fields (`intent`, `targetType`, `targetId`)
 * @returns `{ ok: true, intent, saved, targetType, targetId, toast }`, or a 4xx `data()` answer with the Swedish error
 */
export async function bookmarkFormAction(services: Services, viewer: Viewer | null, request: Request, form: Record<string, string | undefined>) {
  const write = form.intent === "save" ? bookmarkWrite : form.intent === "unsave" ? unbookmarkWrite : null;
  if (!write) return writeFailure({ ok: false, status: 400, error: errors.badRequest });
  const result = await runWrite(write, writeContext(services, viewer, request), { targetType: form.targetType, targetId: form.targetId });
  if (!result.ok) return writeFailure(result, { intent: form.intent });
  return {
    ok: true as const,
    intent: form.intent,
    ...result.value,
    toast: result.value.saved ? { title: bm.savedToast, description: bm.savedToastDescription } : { title: bm.removed },
  };
}
