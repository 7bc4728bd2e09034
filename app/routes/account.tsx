/**
 * `/forum/konto`: the member's own account page (docs/decisions/006-privacy.md):
 * their account details, 'Ladda ner mina data' (`/api/my-data`) and 'Radera mitt konto',
 * confirmed with the current password or, without one, through a mailed link; and the
 * notification settings 'Notiser' (`#notiser`; `/forum/konto/notiser` leads here); the
 * muted members 'Dolda medlemmar'.
 * Visitors are sent to the login page and come back here afterwards (SPEC §6 Protected routes).
 *
 * @module
 */
import { Download, Mail, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { logout } from "../../server/accounts/actions";
import { adminMailOptOutWrite } from "../../server/admin/mail-opt-out";
import { getAdminMailOptOut } from "../../server/admin/unsubscribe";
import { setFlash } from "../../server/http/flash";
import { badRequest, readForm } from "../../server/http/forms";
import { emailNotificationsWrite, getNotificationSettings, notificationSettingsWrite } from "../../server/notifications/settings";
import { accountSummary, deletionLinkRequestWrite, passwordDeletionWrite } from "../../server/privacy/account";
import { servicesContext } from "../../server/platform/services";
import { runWrite, writeContext, writeFailure } from "../../server/writes/pipeline";
import { getViewer, requireViewer } from "../../server/accounts/session";
import { listMutedMembers, unmuteWrite } from "../../server/mutes/commands";
import { Button, buttonClass } from "../components/ui/button";
import { FormError, Notice, TextField } from "../components/ui/field";
import { NotificationSettingsForm } from "../components/notifications/notification-settings-form";
import { MutedMembers } from "../components/profile/muted-members";
import { adminMail as am, app, inbox as ib, mutes as mu, notificationSettings as nst, privacy as pv } from "../../domain/i18n/sv";
import type { MessagesFrom } from "../../domain/values";
import { getMessagesFrom } from "../../server/messages/queries";
import { messagesFromWrite } from "../../server/messages/commands";
import { useActionToast, type ActionAnswer } from "../lib/use-action-toast";
import { formatDate } from "../lib/dates";
import type { Route } from "./+types/account";

/**
 * The member's account summary and notification settings (the defaults when never
 * changed); visitors are redirected to log in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  const summary = await accountSummary(services.db, viewer.id);
  if (!summary) throw redirect("/auth/login");
  return {
    summary,
    profileId: viewer.id,
    adminMailOptOut: await getAdminMailOptOut(services.db, viewer.id),
    notificationSettings: await getNotificationSettings(services.db, viewer.id),
    // 'Dolda medlemmar'.
    mutedMembers: await listMutedMembers(services.db, viewer.id),
    // 'Vem får starta en konversation med dig' ('Inkorg').
    messagesFrom: await getMessagesFrom(services.db, viewer.id),
  };
}

/**
 * `intent=delete` (field `password`): checks the password and deletes the account, then ends the
 * session and goes to /forum with 'Kontot raderat'. Wrong password: 400 with a Swedish message,
 * nothing deleted. `intent=send-link`: mails a one-time deletion link (`deletionLinkRequestWrite`;
 * 429 within a minute of the last, 503 when the mail server does not take it). `intent=mail-opt-out` /
 * `mail-opt-in`: refuses or takes back the admins' bulk mail (`adminMailOptOutWrite`, limit `follow`).
 * `intent=notification-settings` ('Notiser'; fields: one level per kind, `auto_subscribe`,
 * `weekly_digest`): runs `notificationSettingsWrite` — 200 with the toast 'Notisinställningarna
 * är sparade', or 400 with a Swedish message, field errors and the posted `values` (nothing
 * stored). `intent=email-off` / `email-on`: 'Stäng av alla e-postnotiser' / 'Slå på
 * e-postnotiser' (`emailNotificationsWrite`, only `email_enabled`). Both count against the
 * `follow` limit (429). `intent=unmute` (field `userId`; 'Dolda medlemmar'): runs
 * `unmuteWrite` (limit `follow`). Visitors get 401.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return data({ ok: false as const, intent: "", error: pv.notLoggedIn, sent: false }, { status: 401 });
  const form = await readForm(request);
  const intent = form.intent ?? "";
  switch (intent) {
    case "delete": {
      const outcome = await runWrite(passwordDeletionWrite(services, request.headers), writeContext(services, viewer, request), { password: form.password });
      if (!outcome.ok) return writeFailure(outcome, { intent, sent: false });
      const headers = new Headers();
      try {
        for (const cookie of await logout(services, request.headers)) headers.append("Set-Cookie", cookie);
      } catch (error) {
        // The sessions are already gone with the account; only the cookie could not be cleared.
        console.error("[privacy] utloggning efter radering misslyckades:", error);
      }
      headers.append("Set-Cookie", await setFlash({ toast: { title: pv.deleted, description: pv.deletedDescription } }));
      return redirect("/forum", { headers });
    }
    case "send-link": {
      const result = await runWrite(deletionLinkRequestWrite(services), writeContext(services, viewer, request), {});
      if (!result.ok) return writeFailure(result, { intent, sent: false });
      return { ok: true as const, intent, error: null, sent: true };
    }
    case "mail-opt-out":
    case "mail-opt-in": {
      const result = await runWrite(adminMailOptOutWrite, writeContext(services, viewer, request), { optOut: intent === "mail-opt-out" });
      if (!result.ok) return writeFailure(result, { intent, sent: false });
      return { ok: true as const, intent, error: null, sent: false };
    }
    case "notification-settings": {
      const { intent: _intent, ...fields } = form;
      const result = await runWrite(notificationSettingsWrite, writeContext(services, viewer, request), fields);
      if (!result.ok) return writeFailure(result, { intent, sent: false, values: fields });
      return { ok: true as const, intent, error: null, sent: false, toast: { title: nst.saved, description: nst.savedDescription } };
    }
    case "email-off":
    case "email-on": {
      const enabled = intent === "email-on";
      const result = await runWrite(emailNotificationsWrite, writeContext(services, viewer, request), { enabled });
      if (!result.ok) return writeFailure(result, { intent, sent: false });
      return {
        ok: true as const,
        intent,
        error: null,
        sent: false,
        toast: enabled
          ? { title: nst.emailTurnedOn, description: nst.emailTurnedOnDescription }
          : { title: nst.emailTurnedOff, description: nst.emailTurnedOffDescription },
      };
    }
    case "messages-from": {
      const result = await runWrite(messagesFromWrite, writeContext(services, viewer, request), { messagesFrom: form.messagesFrom });
      if (!result.ok) return writeFailure(result, { intent, sent: false });
      return { ok: true as const, intent, error: null, sent: false, toast: { title: ib.settingSaved } };
    }
    case "unmute": {
      const result = await runWrite(unmuteWrite, writeContext(services, viewer, request), { userId: form.userId ?? "" });
      if (!result.ok) return writeFailure(result, { intent, sent: false });
      return { ok: true as const, intent, error: null, sent: false, toast: { title: mu.unmuted } };
    }
    default:
      return badRequest({ intent });
  }
}

/** Title of the page. */
export const meta: Route.MetaFunction = () => [{ title: `${pv.accountTitle} – ${app.name}` }, { name: "robots", content: "noindex" }];

const card = "space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

/** The account page. */
export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, profileId, adminMailOptOut, notificationSettings, mutedMembers, messagesFrom } = loaderData;
  const navigation = useNavigation();
  // The same object until the next answer (the hook shows each answer once).
  useActionToast(actionData?.intent === "messages-from" ? (actionData as ActionAnswer) : undefined);
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const deleteError = actionData && !actionData.ok && actionData.intent === "delete" ? actionData.error : undefined;
  const linkError = actionData && !actionData.ok && actionData.intent === "send-link" ? actionData.error : undefined;
  const ownSection = (intent = "") =>
    intent === "delete" || intent === "send-link" || intent === "notification-settings" || intent.startsWith("email-") || intent === "unmute" || intent === "messages-from";
  const otherError = actionData && !actionData.ok && !ownSection(actionData.intent) ? actionData.error : undefined;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold tracking-tight">{pv.accountTitle}</h1>
        <p className="text-slate-600">{pv.accountIntro}</p>
      </div>
      <FormError message={otherError ?? undefined} />

      <section className={card} aria-labelledby="account-details">
        <h2 id="account-details" className="text-lg font-bold">
          {pv.detailsTitle}
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-500">{pv.nicknameLabel}</dt>
          <dd className="break-all">{summary.nickname}</dd>
          <dt className="font-medium text-slate-500">{pv.emailLabel}</dt>
          <dd className="break-all">{summary.email}</dd>
          <dt className="font-medium text-slate-500">{pv.memberSinceLabel}</dt>
          <dd>{formatDate(summary.createdAt)}</dd>
          <dt className="font-medium text-slate-500">{pv.postsLabel}</dt>
          <dd>{pv.postsValue(summary.threadsCount, summary.commentsCount)}</dd>
        </dl>
        <Link to={`/forum/profil/${profileId}`} className="inline-block text-sm font-semibold text-brand-700 hover:underline">
          {pv.toProfile}
        </Link>
      </section>

      <NotificationSettingsForm settings={notificationSettings} routeAnswer={actionData ?? undefined} />

      <section className={card} aria-labelledby="account-messages" id="meddelanden">
        <h2 id="account-messages" className="text-lg font-bold">
          {ib.settingsTitle}
        </h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="messages-from" />
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-800">{ib.whoMayMessage}</legend>
            {/* The catalogue's keys are MESSAGES_FROM in order (values.ts's list would add to every page's first download). */}
            {(Object.keys(ib.messagesFrom) as MessagesFrom[]).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="messagesFrom" value={value} defaultChecked={messagesFrom === value} />
                {ib.messagesFrom[value]}
              </label>
            ))}
          </fieldset>
          <p className="text-xs text-slate-600">{ib.messagesFromHint}</p>
          <button type="submit" className={buttonClass("secondary")} disabled={busy("messages-from")}>
            {ib.saveSetting}
          </button>
        </Form>
      </section>

      <MutedMembers members={mutedMembers} className={card} />

      <section className={card} aria-labelledby="account-admin-mail">
        <h2 id="account-admin-mail" className="text-lg font-bold">
          {am.accountSection}
        </h2>
        <p className="text-sm text-slate-600">{adminMailOptOut ? am.accountOptedOut : am.accountOptedIn}</p>
        <Form method="post">
          <input type="hidden" name="intent" value={adminMailOptOut ? "mail-opt-in" : "mail-opt-out"} />
          <button type="submit" className={buttonClass("secondary")}>
            {adminMailOptOut ? am.optIn : am.optOut}
          </button>
        </Form>
      </section>

      <section className={card} aria-labelledby="account-export">
        <h2 id="account-export" className="text-lg font-bold">
          {pv.exportTitle}
        </h2>
        <p className="text-sm text-slate-600">{pv.exportText}</p>
        <a href="/api/my-data" download className={buttonClass("secondary")}>
          <Download className="size-4" aria-hidden />
          {pv.exportButton}
        </a>
      </section>

      <section className={`${card} border-red-200`} aria-labelledby="account-delete">
        <h2 id="account-delete" className="text-lg font-bold text-red-700">
          {pv.deleteTitle}
        </h2>
        <p className="text-sm text-slate-700">{pv.deleteIntro}</p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {pv.deleteConsequences.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {summary.hasPassword ? (
          <Form method="post" className="space-y-3 rounded-lg bg-red-50 p-4" noValidate>
            <input type="hidden" name="intent" value="delete" />
            <TextField
              label={pv.passwordLabel}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={deleteError ?? undefined}
            />
            <Button type="submit" variant="danger" disabled={busy("delete")}>
              <Trash2 className="size-4" aria-hidden />
              {busy("delete") ? pv.deleting : pv.deleteButton}
            </Button>
          </Form>
        ) : null}
        <Form method="post" className="space-y-2 rounded-lg border border-slate-200 p-4">
          <input type="hidden" name="intent" value="send-link" />
          <p className="text-sm text-slate-700">{summary.hasPassword ? pv.linkTextWithPassword : pv.linkTextNoPassword}</p>
          <FormError message={linkError ?? undefined} />
          {actionData?.ok && actionData.sent ? <Notice>{pv.linkSent}</Notice> : null}
          <Button type="submit" variant="secondary" disabled={busy("send-link")}>
            <Mail className="size-4" aria-hidden />
            {busy("send-link") ? pv.sendingLink : pv.sendLink}
          </Button>
        </Form>
      </section>
    </div>
  );
}
