/**
 * `/avregistrera?u=…&t=…` (one-click opt-out of the admins' bulk mail). `GET` shows a
 * confirmation button (link scanners must not unsubscribe anyone); `POST` — the button, or a mail
 * client's RFC 8058 one-click request with `List-Unsubscribe=One-Click` — sets the opt-out. The
 * member reverses it under Mitt konto. A wrong token answers 400 'Länken är ogiltig.'; more than
 * 10 opt-out requests a minute from one address answer 429 with `Retry-After` and the message.
 *
 * @module
 */
import { Form } from "react-router";
import { optOutAction, optOutLoader, type OptOutKind } from "../../server/mail/one-click-opt-out";
import { setAdminMailOptOut, verifyUnsubscribeToken } from "../../server/admin/unsubscribe";
import { servicesContext } from "../../server/platform/services";
import { buttonClass } from "../components/ui/button";
import { adminMail as am, app } from "../../domain/i18n/sv";
import type { Route } from "./+types/unsubscribe";

/** Checks the link (server/mail/one-click-opt-out.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return optOutLoader(context.get(servicesContext), request, adminMailOptOut);
}

/** Sets the opt-out (server/mail/one-click-opt-out.ts: limit, token, effect). */
export function action({ request, context }: Route.ActionArgs) {
  return optOutAction(context.get(servicesContext), request, adminMailOptOut);
}

/** The admins' bulk mail: its token, and the opt-out flag (kept as before for a gone member). */
const adminMailOptOut: OptOutKind = {
  verify: verifyUnsubscribeToken,
  apply: async (services, userId) => {
    await setAdminMailOptOut(services.db, userId, true);
    return true;
  },
};

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
