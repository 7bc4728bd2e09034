/**
 * Forum footer (SPEC §2 Shared forum layout): copyright line, provider link and data attribution,
 * the 'GDPR och datapolicy' button with its dialog ({@link GdprDialog}) and, for visitors, the
 * colour theme choice 'Tema' (members have it in the user menu).
 *
 * @module
 */
import { useRouteLoaderData } from "react-router";
import { app } from "../../../domain/i18n/sv";
import { GdprDialog } from "./gdpr-dialog";
import { ThemeForm } from "./theme-toggle";
import { useViewer } from "../../lib/viewer";

/**
 * Footer with the current year and the provider link (`PROVIDER_NAME`/`PROVIDER_URL`, root loader
 * data); visitors also get the theme form.
 */
export function SiteFooter() {
  const viewer = useViewer();
  const year = new Date().getFullYear();
  const provider = (useRouteLoaderData("root") as { provider?: { name: string; url: string } } | undefined)?.provider ?? {
    name: app.name,
    url: "/landing",
  };
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-500 md:flex-row md:items-start md:justify-between">
        <div className="space-y-2">
          <p>{app.copyright(year)}</p>
          <p>
            {app.providedBy}{" "}
            <a href={provider.url} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              {provider.name}
            </a>
          </p>
          <GdprDialog />
          {viewer ? null : <ThemeForm />}
        </div>
        <p className="max-w-xl text-xs md:text-right">
          {app.footerData}
        </p>
      </div>
    </footer>
  );
}
