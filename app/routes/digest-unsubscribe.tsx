/**
 * `/avregistrera-notiser?u=…&t=…` (the one-click opt-out of the notification e-mail —
 * the digest and 'Veckans hetaste trådar'). `GET` shows a confirmation button (link scanners must
 * not opt anyone out); `POST` — the button, or a mail client's RFC 8058 one-click request with
 * `List-Unsubscribe=One-Click` — turns all notification e-mail off (`email_enabled = false`) and
 * says so. A wrong token answers 400 'Länken är ogiltig.' and changes nothing; more than 10
 * requests a minute from one address answer 429 with `Retry-After` (the admin opt-out's limit).
 * docs/decisions/030-email-digest.md.
 *
 * @module
 */
import { Form } from "react-router";
import { optOutAction, optOutLoader, type OptOutKind } from "../../server/mail/one-click-opt-out";
import { disableNotificationEmail, verifyDigestUnsubscribeToken } from "../../server/digest/unsubscribe";
import { servicesContext } from "../../server/platform/services";
import { buttonClass } from "../components/ui/button";
import { app, digestMail as dm } from "../../domain/i18n/sv";
import type { Route } from "./+types/digest-unsubscribe";

/** Checks the link (server/mail/one-click-opt-out.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return optOutLoader(context.get(servicesContext), request, notificationMailOptOut);
}

/**
 * Turns the member's notification e-mail off (server/mail/one-click-opt-out.ts): 400 for a wrong
 * token or an unknown member, 429 over the limit.
 */
export function action({ request, context }: Route.ActionArgs) {
  return optOutAction(context.get(servicesContext), request, notificationMailOptOut);
}

/** The notification e-mail: the digest's token, and `email_enabled = false`. */
const notificationMailOptOut: OptOutKind = {
  verify: verifyDigestUnsubscribeToken,
  apply: (services, userId) => disableNotificationEmail(services.db, userId),
};

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
