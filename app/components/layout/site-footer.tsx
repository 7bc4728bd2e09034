/**
 * Forum footer (SPEC §2 Shared forum layout): copyright line, provider link and data attribution,
 * and the 'GDPR och datapolicy' button with its dialog ({@link GdprDialog}).
 *
 * @module
 */
import { app } from "../../../domain/i18n/sv";
import { GdprDialog } from "./gdpr-dialog";

/** Footer with the current year. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-500 md:flex-row md:items-start md:justify-between">
        <div className="space-y-2">
          <p>{app.copyright(year)}</p>
          <GdprDialog />
        </div>
        <p className="max-w-xl text-xs md:text-right">
          {app.footerData}
        </p>
      </div>
    </footer>
  );
}
