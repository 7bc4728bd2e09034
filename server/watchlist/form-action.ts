/**
 * The route action behind every 'Bevaka' / 'Sluta bevaka' form (watchlist): the ticker
 * page and `/forum/bevakning` post `intent=watch|unwatch` and `ticker` to their own action, which
 * calls {@link watchFormAction}. Works with and without JavaScript (a plain form post re-renders
 * the page; a fetcher gets the toast answer).
 *
 * @module
 */
import { errors, watchlist as wl } from "../../domain/i18n/sv";
import { readForm } from "../http/forms";
import type { Services } from "../platform/services";
import type { Viewer } from "../accounts/session";
import { runWrite, writeContext, writeFailure } from "../writes/pipeline";
import { unwatchWrite, watchWrite } from "./commands";

/**
 * Runs the watch or unwatch write from a form post.
 *
 * @param services the request's services
 * @param viewer the logged-in member, or null (answered 401 'Du måste vara inloggad för att bevaka aktier.')
 * @param request the form post (`intent`, `ticker`)
 * @returns `{ ok: true, watching, ticker, count, toast }`, or a 4xx `data()` answer with the Swedish error
 */
export async function watchFormAction(services: Services, viewer: Viewer | null, request: Request) {
  const form = await readForm(request);
  const write = form.intent === "watch" ? watchWrite : form.intent === "unwatch" ? unwatchWrite : null;
  if (!write) return writeFailure({ ok: false, status: 400, error: errors.badRequest });
  const result = await runWrite(write, writeContext(services, viewer, request), { ticker: form.ticker ?? "" });
  if (!result.ok) return writeFailure(result, { intent: form.intent });
  const { ticker, watching, count } = result.value;
  return {
    ok: true as const,
    ticker,
    watching,
    count,
    toast: watching
      ? { title: wl.watched, description: wl.watchedDescription(ticker) }
      : { title: wl.unwatched, description: wl.unwatchedDescription(ticker) },
  };
}
