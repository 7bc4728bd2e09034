/**
 * The footer's 'GDPR och datapolicy' button and its dialog (SPEC §2 Shared forum layout: a
 * dialog of 11 policy sections with an 'Acceptera' button). Texts in `domain/i18n/sv.ts` `privacy`.
 *
 * The dialog never opens by itself: Börssnack sets only necessary cookies, which need no consent,
 * and a modal on arrival would stand between a visitor and the forum. Until 'Acceptera' has been
 * pressed a one-line note beside the button points to the policy; pressing it stores the policy
 * version in the `borssnack_gdpr` cookie (1 year, SameSite=Lax) and the note goes away
 * (docs/decisions/006-privacy.md).
 *
 * @module
 */
import { Dialog } from "radix-ui";
import { ShieldCheck, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { privacy as pv } from "../../../domain/i18n/sv";
import { buttonClass } from "../ui/button";

/** Name of the cookie remembering that the policy was accepted. */
export const CONSENT_COOKIE = "borssnack_gdpr";
/** Policy version stored in {@link CONSENT_COOKIE}; raise it when the policy text changes. */
export const POLICY_VERSION = "1";
/** How long the acceptance is remembered (s): one year. */
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Whether the browser's cookies record acceptance of the current policy version.
 *
 * @param cookieHeader `document.cookie` (or a `Cookie` header)
 * @returns true when `borssnack_gdpr` equals {@link POLICY_VERSION}
 */
export function hasAcceptedPolicy(cookieHeader: string): boolean {
  return cookieHeader
    .split(";")
    .map((part) => part.trim())
    .some((part) => part === `${CONSENT_COOKIE}=${POLICY_VERSION}`);
}

function rememberAcceptance() {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${POLICY_VERSION}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The footer button, the not-yet-accepted note and the policy dialog (mounted only while open).
 * Takes no props; reads and writes the consent cookie in the browser only, so server and first
 * client render agree (the note appears after hydration, when the cookie is known).
 */
export function GdprDialog() {
  const [open, setOpen] = useState(false);
  // null until the cookie has been read in the browser.
  const [accepted, setAccepted] = useState<boolean | null>(null);
  useEffect(() => setAccepted(hasAcceptedPolicy(document.cookie)), []);

  const accept = () => {
    rememberAcceptance();
    setAccepted(true);
    setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Dialog.Trigger className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          <ShieldCheck className="size-4" aria-hidden />
          {pv.footerButton}
        </Dialog.Trigger>
        {accepted === false ? (
          <span className="text-xs text-slate-500" data-testid="gdpr-note">
            {pv.footerNote}
          </span>
        ) : null}
      </div>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 dark:bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[min(42rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl focus:outline-none">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div className="space-y-1">
              <Dialog.Title className="text-lg font-bold text-slate-900">{pv.dialogTitle}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">{pv.dialogIntro}</Dialog.Description>
            </div>
            <Dialog.Close className="rounded-lg p-2 text-slate-600 hover:bg-slate-100" aria-label={pv.close}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="space-y-5 overflow-y-auto px-5 py-4 text-sm leading-relaxed text-slate-700">
            {pv.sections.map((section, i) => (
              <section key={section.title} aria-labelledby={`gdpr-section-${i}`} className="space-y-1.5">
                <h3 id={`gdpr-section-${i}`} className="text-base font-semibold text-slate-900">
                  {`${i + 1}. ${section.title}`}
                </h3>
                {section.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
                {section.items.length > 0 ? (
                  <ul className="list-disc space-y-1 pl-5">
                    {section.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ))}
            <p className="text-xs text-slate-500">{pv.updated}</p>
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
            <Dialog.Close asChild>
              <Link to="/forum/konto" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
                {pv.manageData}
              </Link>
            </Dialog.Close>
            <div className="flex items-center gap-3">
              {accepted ? <span className="text-xs text-slate-500">{pv.alreadyAccepted}</span> : null}
              <button type="button" className={buttonClass("primary")} onClick={accept}>
                {pv.accept}
              </button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
