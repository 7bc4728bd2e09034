/**
 * `/landing` (SPEC §2 Landing page): a standalone launch page outside the forum layout. Header
 * with the logo and the slot for the online-users indicator, the green 'now live' banner,
 * 'Kom igång direkt' with four links and what each is for, an 'Om Börssnack' box, and a footer
 * with the 'Powered by' line and the rights line.
 *
 * @module
 */
import { ArrowRight, CircleCheck, KeyRound, LogIn, MessagesSquare, PartyPopper, UserPlus, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Logo } from "../components/layout/logo";
import { ButtonLink } from "../components/ui/button";
import { app, landing as ld, nav } from "../../domain/i18n/sv";
import type { Route } from "./+types/landing";
import { OnlineIndicator } from "../components/presence/presence";

/** Title, description and OpenGraph tags; `og:url` uses the server's public URL from the root loader. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  const tags = [
    { title: ld.metaTitle },
    { name: "description", content: ld.metaDescription },
    { property: "og:title", content: ld.metaTitle },
    { property: "og:description", content: ld.metaDescription },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: app.name },
    { property: "og:locale", content: "sv_SE" },
    { name: "twitter:card", content: "summary" },
  ];
  if (root?.publicUrl) {
    const url = `${root.publicUrl.replace(/\/$/, "")}/landing`;
    tags.push({ property: "og:url", content: url });
    return [...tags, { tagName: "link", rel: "canonical", href: url }];
  }
  return tags;
};

interface StartLink {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
  highlight?: boolean;
}

/** SPEC §2 Landing page: the four ways in, in the spec's order. */
const startLinks: StartLink[] = [
  { to: "/auth/forgot-password", icon: KeyRound, ...ld.start.reserved, highlight: true },
  { to: "/auth/register", icon: UserPlus, ...ld.start.register },
  { to: "/auth/login", icon: LogIn, ...ld.start.login },
  { to: "/forum", icon: MessagesSquare, ...ld.start.forum },
];

function StartCard({ link }: { link: StartLink }) {
  const Icon = link.icon;
  return (
    <li
      className={`group relative flex gap-4 rounded-xl border bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600 ${
        link.highlight ? "border-brand-500 ring-1 ring-brand-200" : "border-slate-200 hover:border-brand-200"
      }`}
    >
      <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="text-base font-bold text-slate-900">
          {/* The whole card is clickable; the link's name stays the short title. */}
          <Link
            to={link.to}
            className="inline-flex items-center gap-1.5 outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
          >
            {link.title}
            <ArrowRight aria-hidden className="size-4 text-brand-700 transition-transform group-hover:translate-x-0.5" />
          </Link>
        </h3>
        <p className="mt-1 text-sm leading-6 text-slate-600">{link.text}</p>
      </div>
    </li>
  );
}

/** The landing page. */
export default function Landing() {
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {nav.skipToContent}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <Logo />
          <div className="flex items-center gap-3">
            {/* SPEC §2 Landing page: the online-users indicator in the header. */}
            <div data-slot="online-users">
              <OnlineIndicator />
            </div>
            <ButtonLink to="/forum" variant="secondary">
              {nav.forum}
            </ButtonLink>
          </div>
        </div>
      </header>

      {/* Dark mode: a deep green band with light text instead of the light button green. */}
      <div className="bg-brand-700 text-white dark:border-y dark:border-brand-300 dark:bg-brand-50 dark:text-slate-900">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 text-sm md:justify-center md:text-base">
          <span className="relative flex size-2.5 shrink-0" aria-hidden>
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand-200 opacity-75 motion-reduce:animate-none" />
            <span className="relative inline-flex size-2.5 rounded-full bg-brand-100 dark:bg-brand-600" />
          </span>
          <p>
            <strong className="font-bold">{ld.bannerTitle}</strong> {ld.bannerText}
          </p>
          <PartyPopper aria-hidden className="hidden size-5 shrink-0 sm:block" />
        </div>
      </div>

      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 md:py-16">
        <div className="max-w-3xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 md:text-5xl">{ld.heroTitle}</h1>
          <p className="mt-4 text-base leading-7 text-slate-600 md:text-lg">{ld.heroText}</p>
        </div>

        <div className="mt-10 grid gap-8 lg:grid-cols-3">
          <section aria-labelledby="kom-igang" className="lg:col-span-2">
            <h2 id="kom-igang" className="text-xl font-bold text-slate-900 md:text-2xl">
              {ld.startTitle}
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {startLinks.map((link) => (
                <StartCard key={link.to} link={link} />
              ))}
            </ul>
          </section>

          <section aria-labelledby="om-borssnack" className="self-start rounded-2xl border border-brand-200 bg-brand-50 p-6">
            <h2 id="om-borssnack" className="text-xl font-bold text-brand-900">
              {ld.aboutTitle}
            </h2>
            <p className="mt-3 text-sm leading-6 text-slate-700">{ld.aboutText}</p>
            <ul className="mt-4 space-y-3">
              {ld.aboutPoints.map((point) => (
                <li key={point} className="flex gap-2.5 text-sm leading-6 text-slate-700">
                  <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-slate-500 md:flex-row md:justify-between">
          <p>{ld.poweredBy}</p>
          <p>{app.copyright(year)}</p>
        </div>
      </footer>
    </div>
  );
}
