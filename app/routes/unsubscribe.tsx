/**
 * `/avregistrera?u=…&t=…` (issue 7: one-click opt-out of the admins' bulk mail). `GET` shows a
 * confirmation button (link scanners must not unsubscribe anyone); `POST` — the button, or a mail
 * client's RFC 8058 one-click request with `List-Unsubscribe=One-Click` — sets the opt-out. The
 * member reverses it under Mitt konto. A wrong token answers 400 'Länken är ogiltig.'; more than
 * 10 opt-out requests a minute from one address answer 429 with `Retry-After` and the message.
 *
 * @module
 */
import { data, Form } from "react-router";
import { RateLimitedError } from "../../server/errors";
import { clientIp } from "../../server/client-ip";
import { setAdminMailOptOut, verifyUnsubscribeToken } from "../../server/admin/unsubscribe";
import { servicesContext } from "../../server/services";
import { buttonClass } from "../components/ui/button";
import { adminMail as am, app } from "../../domain/i18n/sv";
import type { Route } from "./+types/unsubscribe";

/** Checks the link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const valid = verifyUnsubscribeToken(services.config.authSecret, url.searchParams.get("u"), url.searchParams.get("t"));
  return data({ valid, done: false }, { status: valid ? 200 : 400 });
}

/** Sets the opt-out. */
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
  if (!verifyUnsubscribeToken(services.config.authSecret, userId, url.searchParams.get("t"))) {
    return data({ valid: false, done: false }, { status: 400 });
  }
  await setAdminMailOptOut(services.db, userId!, true);
  return { valid: true, done: true };
}

/** Title. */
export const meta: Route.MetaFunction = () => [{ title: `${am.unsubscribeTitle} – ${app.name}` }, { name: "robots", content: "noindex" }];

/** The confirmation page. */
export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-lg space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-bold">{state.done ? am.unsubscribed : am.unsubscribeTitle}</h1>
      {"limited" in state && typeof state.limited === "string" ? (
        <p role="alert" className="text-red-700">
          {state.limited}
        </p>
      ) : null}
      {!state.valid ? (
        <p className="text-red-700">{am.invalidLink}</p>
      ) : state.done ? (
        <p className="text-slate-700">{am.unsubscribedText}</p>
      ) : (
        <>
          <p className="text-slate-700">{am.unsubscribeText}</p>
          <Form method="post">
            <button type="submit" className={buttonClass("primary")}>
              {am.unsubscribeButton}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
