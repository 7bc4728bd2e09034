/**
 * The section 'Notifieringar' of /forum/konto (docs/decisions/029-notification-settings.md):
 * per notification kind a radio group (a `fieldset` whose `legend` names the kind) with the
 * options 'I forumet', '+ e-post', '+ push', 'Av'; the checkboxes 'Bevaka trådar jag skapar
 * eller kommenterar' and 'Veckans hetaste trådar'; 'Spara notifieringsinställningar'; and the
 * e-mail master switch 'Stäng av alla e-postnotifieringar' / 'Slå på e-postnotifieringar'. The
 * anchor `#notiser` stays as it was: links in sent e-mails point to it.
 *
 * Both forms are React Router fetcher forms posting `intent=notification-settings` and
 * `intent=email-off|email-on` to the account route's action: without JavaScript they are plain
 * form posts (the page comes back with the answer, `routeAnswer`); with it nothing reloads, the
 * answer's toast is shown and the page's loader data is revalidated. After a refused save the
 * form keeps the member's choices (`values` of the answer). The server checks every value again
 * (`notificationSettingsWrite`).
 *
 * @module
 */
import { BellOff, Mail } from "lucide-react";
import { Fragment } from "react";
import { useFetcher } from "react-router";
import { notificationSettings as nst } from "../../../domain/i18n/sv";
import type { NotificationSettingsView } from "../../../domain/notifications";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel } from "../../../domain/values";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { buttonClass } from "../ui/button";
import { FormError } from "../ui/field";
import { PushDeviceToggle } from "./push-device-toggle";

/** The options of each kind in the order shown: the ladder upwards from the forum, then 'Av'. */
const CHANNEL_CHOICES: readonly NotificationChannel[] = [...NOTIFICATION_CHANNELS.filter((c) => c !== "off"), "off"];

/** What the account action answers to the two forms of this section. */
export interface NotificationSettingsAnswer {
  ok: boolean;
  intent?: string;
  error?: string | null;
  title?: string;
  toast?: { title: string; description?: string };
  fieldErrors?: Record<string, string>;
  /** On a refused save: the fields as posted, so the form keeps them. */
  values?: Record<string, string>;
}

/** Props: the member's stored settings, and the route's answer to a post without JavaScript. */
export interface NotificationSettingsFormProps {
  settings: NotificationSettingsView;
  routeAnswer?: NotificationSettingsAnswer | undefined;
}

/** The section 'Notifieringar' (`<section id="notiser">`, the address e-mails link to). */
export function NotificationSettingsForm({ settings, routeAnswer }: NotificationSettingsFormProps) {
  const save = useFetcher<NotificationSettingsAnswer>();
  const email = useFetcher<NotificationSettingsAnswer>();
  // `error: null` on success is what the account action answers; the toast hook ignores it.
  useActionToast(save.data as ActionAnswer | undefined);
  useActionToast(email.data as ActionAnswer | undefined);
  const saveAnswer = save.data ?? (routeAnswer?.intent === "notification-settings" ? routeAnswer : undefined);
  const emailAnswer = email.data ?? (routeAnswer?.intent?.startsWith("email-") ? routeAnswer : undefined);
  const kept = saveAnswer && !saveAnswer.ok ? saveAnswer.values : undefined;
  const errors = saveAnswer && !saveAnswer.ok ? (saveAnswer.fieldErrors ?? {}) : {};
  const checked = (kind: string, channel: NotificationChannel) =>
    (kept?.[kind] ?? settings.channels[kind as keyof NotificationSettingsView["channels"]]) === channel;
  const box = (name: string, stored: boolean) => (kept ? kept[name] === "on" : stored);
  // After a save the stored values change: the key remounts the uncontrolled inputs with them.
  const formKey = JSON.stringify(kept ?? settings);
  const saving = save.state !== "idle";
  const switching = email.state !== "idle";
  const emailEnabled = email.formData ? email.formData.get("intent") === "email-on" : settings.emailEnabled;

  return (
    <section id="notiser" className="scroll-mt-20 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="notiser-title">
      <div className="space-y-1">
        <h2 id="notiser-title" className="text-lg font-bold">
          {nst.title}
        </h2>
        <p className="text-sm text-slate-600">{nst.intro}</p>
      </div>

      <save.Form method="post" className="space-y-4" key={formKey} preventScrollReset>
        <input type="hidden" name="intent" value="notification-settings" />
        <FormError message={saveAnswer && !saveAnswer.ok ? (saveAnswer.error ?? undefined) : undefined} />
        {NOTIFICATION_KINDS.map((kind) => (
          <fieldset key={kind} className="min-w-0 space-y-2" aria-describedby={errors[kind] ? `notiser-${kind}-error` : "notiser-hint"}>
            <legend className="mb-1 text-sm font-semibold text-slate-800">{nst.kinds[kind]}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {CHANNEL_CHOICES.map((channel) => (
                <label
                  key={channel}
                  className="flex min-w-0 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200"
                >
                  <input type="radio" name={kind} value={channel} defaultChecked={checked(kind, channel)} className="size-4 shrink-0 accent-brand-600" />
                  <span className="min-w-0 [overflow-wrap:anywhere]">{nst.channels[channel]}</span>
                </label>
              ))}
            </div>
            {errors[kind] ? (
              <p id={`notiser-${kind}-error`} role="alert" className="text-sm text-red-600">
                {errors[kind]}
              </p>
            ) : null}
          </fieldset>
        ))}
        <p id="notiser-hint" className="text-sm text-slate-600">
          {nst.channelsHint}
        </p>

        {/* Web Push on this device ('Aktivera pushnotiser på den här enheten'): the '+ push' levels above reach the devices turned on here. Its buttons are type="button", so they never submit this form. */}
        <PushDeviceToggle />

        <div className="space-y-3 border-t border-slate-100 pt-4">
          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" name="auto_subscribe" defaultChecked={box("auto_subscribe", settings.autoSubscribe)} className="mt-0.5 size-4 shrink-0 accent-brand-600" />
            <span>
              <span className="block font-medium text-slate-800">{nst.autoSubscribe}</span>
              <span className="block text-slate-600">{nst.autoSubscribeHint}</span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" name="weekly_digest" defaultChecked={box("weekly_digest", settings.weeklyDigest)} className="mt-0.5 size-4 shrink-0 accent-brand-600" />
            <span>
              <span className="block font-medium text-slate-800">{nst.weeklyDigest}</span>
              <span className="block text-slate-600">{nst.weeklyDigestHint}</span>
            </span>
          </label>
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass("primary")} disabled={saving}>
            {saving ? nst.saving : nst.save}
          </button>
          {saveAnswer?.ok && !saving ? (
            <p role="status" className="text-sm text-emerald-700">
              {nst.saved}
            </p>
          ) : null}
        </div>
      </save.Form>

      <email.Form method="post" className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4" preventScrollReset>
        <input type="hidden" name="intent" value={emailEnabled ? "email-off" : "email-on"} />
        <p role="status" className="text-sm font-medium text-slate-800">
          {emailEnabled ? nst.emailOnNotice : nst.emailOffNotice}
        </p>
        <FormError message={emailAnswer && !emailAnswer.ok ? (emailAnswer.error ?? undefined) : undefined} />
        <button type="submit" className={buttonClass("secondary")} disabled={switching}>
          {emailEnabled ? <BellOff className="size-4" aria-hidden /> : <Mail className="size-4" aria-hidden />}
          <NoHyphenBreak text={emailEnabled ? nst.emailOff : nst.emailOn} />
        </button>
      </email.Form>
    </section>
  );
}

/**
 * A label that wraps between its words but never at the hyphen of a compound like
 * 'e-postnotifieringar' (375 px): each hyphenated word is kept whole; the text stays the same.
 *
 * @param props.text the label
 */
function NoHyphenBreak({ text }: { text: string }) {
  return (
    <span>
      {text.split(" ").map((word, i) => (
        // The space stays outside the word's span: a line may break there.
        <Fragment key={i}>
          {i > 0 ? " " : null}
          {word.includes("-") ? <span className="whitespace-nowrap">{word}</span> : word}
        </Fragment>
      ))}
    </span>
  );
}
