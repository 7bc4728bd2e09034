/**
 * The footer's 'GDPR och datapolicy' button and its dialog (SPEC §2 Shared forum layout: a
 * dialog of 11 policy sections with an 'Acceptera' button). Texts in `domain/i18n/sv.ts` `privacy`;
 * the dialog (`gdpr-policy-dialog.tsx`) loads when it first opens.
 *
 * The dialog never opens by itself: Börssnack sets only necessary cookies, which need no consent,
 * and a modal on arrival would stand between a visitor and the forum. Until 'Acceptera' has been
 * pressed a one-line note beside the button points to the policy; pressing it stores the policy
 * version in the `borssnack_gdpr` cookie (1 year, SameSite=Lax) and the note goes away
 * (docs/decisions/006-privacy.md).
 *
 * @module
 */
import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { nav } from "../../../domain/i18n/sv";
import { lazyComponent } from "../../lib/lazy";
import { LazyWidget } from "../ui/lazy-widget";

const PolicyDialog = lazyComponent(() => import("./gdpr-policy-dialog"), (m) => m.PolicyDialog);

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
  // null until the cookie has been read in the browser.
  const [accepted, setAccepted] = useState<boolean | null>(null);
  useEffect(() => setAccepted(hasAcceptedPolicy(document.cookie)), []);

  const accept = () => {
    rememberAcceptance();
    setAccepted(true);
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <LazyWidget
        widget={PolicyDialog}
        haspopup="dialog"
        props={{ accepted, onAccept: accept }}
        trigger={{
          className: "inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 underline-offset-2 hover:underline",
          children: (
            <>
              <ShieldCheck className="size-4" aria-hidden />
              {nav.gdprButton}
            </>
          ),
        }}
      />
      {accepted === false ? (
        <span className="text-xs text-slate-500" data-testid="gdpr-note">
          {nav.gdprNote}
        </span>
      ) : null}
    </div>
  );
}
