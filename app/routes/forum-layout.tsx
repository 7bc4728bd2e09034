/**
 * Shared forum layout (SPEC §2): sticky header, page content, footer. While a client navigation
 * loads, the page shows the skeleton of the page it is going to (SPEC §2 loading skeletons).
 *
 * @module
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useNavigation } from "react-router";
import { SiteFooter } from "../components/layout/site-footer";
import { SiteHeader } from "../components/layout/site-header";
import { ProfileDrawerProvider } from "../components/profile/profile-drawer";
import { SearchBox } from "../components/search/search-box";
import { nav } from "../../domain/i18n/sv";
import { useViewer } from "../lib/viewer";
import { lazyModule } from "../lib/lazy";

const TickerMenuLayer = lazy(() => import("../components/watchlist/ticker-menu").then((m) => ({ default: m.TickerMenuLayer })));

/**
 * The cashtag menu's layer, loaded when the mouse first rests on a cashtag (`a.cashtag[data-ticker]`)
 * rather than with the page (a visit that hovers no cashtag does not download it).
 * Renders nothing until then; the layer opens the menu for that cashtag (its 350 ms hover pause
 * covers the download).
 */
function TickerMenuOnHover() {
  const [first, setFirst] = useState<Element | null>(null);
  useEffect(() => {
    if (first) return;
    const onOver = (e: PointerEvent) => {
      if (e.pointerType !== "mouse") return;
      const cashtag = (e.target as Element | null)?.closest?.("a.cashtag[data-ticker]");
      if (cashtag) setFirst(cashtag);
    };
    document.addEventListener("pointerover", onOver);
    return () => document.removeEventListener("pointerover", onOver);
  }, [first]);
  return first ? (
    <Suspense fallback={null}>
      <TickerMenuLayer initial={first} />
    </Suspense>
  ) : null;
}

/** The pending pages' skeletons, loaded on the first navigation that shows one. */
const skeletons = lazyModule(() => import("../components/forum/skeletons"));
const HomeSkeleton = skeletons.component((m) => m.HomeSkeleton);
const CategoryPageSkeleton = skeletons.component((m) => m.CategoryPageSkeleton);

function pendingSkeleton(pathname: string): React.ReactNode {
  if (pathname === "/" || pathname === "/forum" || pathname === "/forum/") return <HomeSkeleton />;
  if (/^\/forum\/(kategori|category)\/[^/]+\/?$/.test(pathname)) return <CategoryPageSkeleton />;
  return null;
}

/** Layout around `/` and every `/forum/*` page. */
export default function ForumLayout() {
  const viewer = useViewer();
  const navigation = useNavigation();
  const skeleton =
    navigation.state === "loading" && navigation.location && !navigation.formMethod
      ? pendingSkeleton(navigation.location.pathname)
      : null;
  return (
    <ProfileDrawerProvider>
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {nav.skipToContent}
      </a>
      <SiteHeader viewer={viewer} />
      {/* SPEC §2: below the header, a global search box. */}
      <div className="mx-auto w-full max-w-6xl px-4 pt-4 md:pt-6">
        <SearchBox />
      </div>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-4 md:py-6">
        {skeleton ? <Suspense fallback={null}>{skeleton}</Suspense> : <Outlet />}
      </main>
      <SiteFooter />
      <TickerMenuOnHover />
    </div>
    </ProfileDrawerProvider>
  );
}
