/**
 * The thread page's action for the moderators' thread tools (docs/decisions/053-thread-tools.md):
 * the 'Åtgärder' menu's dialogs post `intent=pin|lock|unlock|move|merge|slow-mode` to the thread
 * page, whose action calls {@link threadToolFormAction}. Each intent runs its declared write
 * (./commands.ts) and answers with a toast, or — after 'Flytta' and 'Slå ihop', whose page now
 * lives elsewhere — a redirect there with the toast as a flash message.
 *
 * @module
 */
import { redirect } from "react-router";
import { errors, threadTools as tl } from "../../domain/i18n/sv";
import { threadPath } from "../../domain/paths";
import type { Viewer } from "../accounts/session";
import { setFlash } from "../http/flash";
import type { Services } from "../platform/services";
import { runWrite, writeContext, writeFailure } from "../writes/pipeline";
import { lockThreadWrite, mergeThreadWrite, moveThreadWrite, pinThreadWrite, slowModeWrite } from "./commands";

/** The intents {@link threadToolFormAction} answers. */
export const THREAD_TOOL_INTENTS: readonly string[] = ["pin", "lock", "unlock", "move", "merge", "slow-mode"];

/**
 * Runs one thread tool from an already read form.
 *
 * @param services the request's services
 * @param viewer the logged-in member, or null (401)
 * @param request the form post (for the client address)
 * @param threadId the thread of the page (`params.threadId`)
 * @param form the fields: `intent`; `pin` (`category` | `home` | `off`) for `pin`; `categoryId`
 *   for `move`; `target` (a thread id or URL) for `merge`; `minutes` (`""`, 1, 5, 15, 60) for
 *   `slow-mode`
 * @returns `{ ok: true, intent, toast }` (pin, lock, unlock, slow-mode); a 302 to the thread's new
 *   URL with a flash toast (move, merge); or the write's 4xx `data()` answer with the Swedish error
 */
export async function threadToolFormAction(services: Services, viewer: Viewer | null, request: Request, threadId: string, form: Record<string, string | undefined>) {
  const ctx = writeContext(services, viewer, request);
  const intent = form.intent ?? "";
  switch (intent) {
    case "pin": {
      const result = await runWrite(pinThreadWrite, ctx, { threadId, pin: form.pin ?? "" });
      if (!result.ok) return writeFailure(result, { intent });
      const title = form.pin === "off" ? tl.unpinnedToast : form.pin === "home" ? tl.pinnedHomeToast : tl.pinnedToast;
      return { ok: true as const, intent, toast: { title } };
    }
    case "lock":
    case "unlock": {
      const result = await runWrite(lockThreadWrite, ctx, { threadId, lock: intent === "lock" });
      if (!result.ok) return writeFailure(result, { intent });
      return { ok: true as const, intent, toast: { title: intent === "lock" ? tl.lockedToast : tl.unlockedToast } };
    }
    case "slow-mode": {
      const result = await runWrite(slowModeWrite, ctx, { threadId, minutes: form.minutes });
      if (!result.ok) return writeFailure(result, { intent });
      const { minutes } = result.value;
      return { ok: true as const, intent, toast: { title: minutes === null ? tl.slowModeOffToast : tl.slowModeOnToast(minutes) } };
    }
    case "move": {
      const result = await runWrite(moveThreadWrite, ctx, { threadId, categoryId: form.categoryId ?? "" });
      if (!result.ok) return writeFailure(result, { intent });
      const { value } = result;
      return redirect(threadPath(value.categoryId, value.threadId, value.title), {
        headers: { "Set-Cookie": await setFlash({ toast: { title: tl.movedToast(value.categoryName) } }) },
      });
    }
    case "merge": {
      const result = await runWrite(mergeThreadWrite, ctx, { threadId, target: form.target ?? "" });
      if (!result.ok) return writeFailure(result, { intent });
      const { value } = result;
      return redirect(threadPath(value.categoryId, value.threadId, value.title), {
        headers: { "Set-Cookie": await setFlash({ toast: { title: tl.mergedToast, description: tl.mergedToastDescription(value.title) } }) },
      });
    }
    default:
      return writeFailure({ ok: false, status: 400, error: errors.badRequest });
  }
}
