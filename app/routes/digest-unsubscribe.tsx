/**
 * `/avregistrera-notiser?u=…&t=…` (issue 18: the one-click opt-out of the notification e-mail —
 * the digest and 'Veckans hetaste trådar'). `GET` shows a confirmation button (link scanners must
 * not opt anyone out); `POST` — the button, or a mail client's RFC 8058 one-click request with
 * `List-Unsubscribe=One-Click` — turns all notification e-mail off (`email_enabled = false`) and
 * says so. A wrong token answers 400 'Länken är ogiltig.' and changes nothing; more than 10
 * requests a minute from one address answer 429 with `Retry-After` (the admin opt-out's limit).
 * docs/decisions/030-email-digest.md.
 *
 * @module
 */
import { data, Form } from "react-router";
import { RateLimitedError } from "../../server/errors";
import { clientIp } from "../../server/client-ip";
import { disableNotificationEmail, verifyDigestUnsubscribeToken } from "../../server/digest/unsubscribe";
import { servicesContext } from "../../server/services";
import { buttonClass } from "../components/ui/button";
import { app, digestMail as dm } from "../../domain/i18n/sv";
import type { Route } from "./+types/digest-unsubscribe";

/**
 * Checks the link.
 *
 * @returns `{ valid, done: false }`, status 400 for a wrong token
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const valid = verifyDigestUnsubscribeToken(services.config.authSecret, url.searchParams.get("u"), url.searchParams.get("t"));
  return data({ valid, done: false }, { status: valid ? 200 : 400 });
}

/**
 * Turns the member's notification e-mail off.
 *
 * @returns `{ valid: true, done: true }`; 400 `{ valid: false }` for a wrong token or unknown
 *   member; 429 `{ limited }` over the limit
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const userId = url.searchParams.get("u");
  try {
    // Counted by address (the link works without a session): 10 a minute.
    await services.actionLimits.enforce("unsubscribe", { userId: null, ip: clientIp(request) });
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return data(
      { valid: true, done: false, limited: error.message },
      { status: 429, headers: { "Retry-After": String(error.retryAfterS) } },
    );
  }
  if (!verifyDigestUnsubscribeToken(services.config.authSecret, userId, url.searchParams.get("t"))) {
    return data({ valid: false, done: false }, { status: 400 });
  }
  if (!(await disableNotificationEmail(services.db, userId!))) return data({ valid: false, done: false }, { status: 400 });
  return { valid: true, done: true };
}

/** Title; not indexed. */
export const meta: Route.MetaFunction = () => [{ title: `${dm.unsubscribeTitle} – ${app.name}` }, { name: "robots", content: "noindex" }];

/** The confirmation page. */
export default function DigestUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-lg space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-bold">{state.done ? dm.unsubscribed : dm.unsubscribeTitle}</h1>
      {"limited" in state && typeof state.limited === "string" ? (
        <p role="alert" className="text-red-700">
          {state.limited}
        </p>
      ) : null}
      {!state.valid ? (
        <p className="text-red-700">{dm.invalidLink}</p>
      ) : state.done ? (
        <p role="status" className="text-slate-700">
          {dm.unsubscribedText}
        </p>
      ) : (
        <>
          <p className="text-slate-700">{dm.unsubscribeText}</p>
          <Form method="post">
            <button type="submit" className={buttonClass("primary")}>
              {dm.unsubscribeButton}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
