/**
 * Forum footer (SPEC §2 Shared forum layout): copyright line, provider link and data attribution.
 * The 'GDPR och datapolicy' dialog arrives with its issue.
 *
 * @module
 */
import { app } from "../../i18n/sv";

/** Footer with the current year. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-500 md:flex-row md:items-start md:justify-between">
        <p>{app.copyright(year)}</p>
        <p className="max-w-xl text-xs md:text-right">
          {app.footerData}
        </p>
      </div>
    </footer>
  );
}
