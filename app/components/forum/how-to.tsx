/**
 * Collapsible how-to-use text (SPEC §2 Forum home). A native `<details>`: works before
 * JavaScript loads. A paragraph on why disclosing a position ('Innehav') matters.
 *
 * @module
 */
import { HelpCircle } from "lucide-react";
import { forum as f, forumGuide as fg } from "../../../domain/i18n/sv";

/** The how-to box, closed by default. */
export function HowTo() {
  return (
    <details className="group rounded-xl border border-brand-200 bg-brand-50 p-4 [&_summary::-webkit-details-marker]:hidden">
      <summary className="flex cursor-pointer list-none items-center gap-2 font-semibold text-brand-900">
        <HelpCircle className="size-5" aria-hidden />
        {fg.howToTitle}
        <span className="ml-auto text-sm font-medium text-brand-700 group-open:hidden">{f.show}</span>
        <span className="ml-auto hidden text-sm font-medium text-brand-700 group-open:inline">{f.hide}</span>
      </summary>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-brand-900">
        {fg.howTo.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {/* 'Innehav': why disclosing a position matters (MAR). */}
      <div className="mt-3 space-y-1 text-sm text-brand-900">
        <p className="font-semibold">{fg.howToDisclosureTitle}</p>
        <p>{fg.howToDisclosure}</p>
      </div>
    </details>
  );
}
