/**
 * A page's personal parts (domain/personal.ts): `<Personal>` declares one, `PersonalData` carries
 * a member's states to the browser. In a generic render `<Personal>` hands its name, generic
 * state and render function to the collector app/entry.server.tsx provides, and the page cache
 * (server/cache/page-cache.ts) splices in the part rendered for each member. In the browser, while
 * the loader data is the generic render's, it renders with the member's state, so React finds the
 * markup the server sent. A part's render is pure (no hooks, no context but the router's: it is
 * rendered in a static router at the page's URL), renders whole elements, and has a unique name.
 *
 * @module
 */
import { createContext, use, type ReactNode } from "react";
import { useLoaderData } from "react-router";
import { PERSONAL_DATA, PERSONAL_GLOBAL, type PersonalStates } from "../../domain/personal";

/** Receives each part of a generic render (provided by app/entry.server.tsx only there). */
export type CollectPart = (name: string, generic: unknown, render: (state: unknown) => ReactNode) => void;

/** The generic render's collector; null everywhere else. Not in the browser's build (nothing there reads it). */
export const PersonalCollector = /* @__PURE__ */ createContext<CollectPart | null>(null);

/**
 * The member's states the server put in this page, in the browser only.
 *
 * @returns the {@link PersonalStates}, or undefined (server, a visitor's page, a page rendered for
 *   the member alone)
 */
export function pageStates(): PersonalStates | undefined {
  if (typeof window === "undefined") return undefined;
  return (window as unknown as Record<string, PersonalStates | undefined>)[PERSONAL_GLOBAL];
}

/** Props of {@link Personal}. */
export interface PersonalProps<S> {
  /** Unique on the page, e.g. `reactions:comment:<id>`; the route's reader gives states by this name. */
  name: string;
  /** The state in the route's loader data (in a generic render: the generic member's). */
  value: S;
  /** The value is already the member's ({@link usePersonal}, kept in the component's own state). */
  settled?: boolean;
  /** Renders the part for a state: pure, whole elements. */
  children: (state: S) => ReactNode;
}

/**
 * A part's state for this render: the member's, while the route's loader data is the generic
 * render's (`shared: true`) and the page has a state for it; else `value`.
 *
 * @param name the part's name
 * @param value its state from the loader data
 * @returns the state to render with (or, for a component that keeps it in `useState`, to start from)
 */
export function usePersonal<S>(name: string, value: S): S {
  const data = useLoaderData() as { shared?: boolean } | undefined;
  const states = data?.shared ? pageStates() : undefined;
  return states && name in states ? (states[name] as S) : value;
}

/**
 * One personal part of a page.
 *
 * @returns `children(state)` (the state of {@link usePersonal}; with `settled`, `children(value)`)
 */
export function Personal<S>({ name, value, settled, children }: PersonalProps<S>) {
  // Only a server render collects (`import.meta.env.SSR` is constant per build: none of it in the browser's).
  if (import.meta.env.SSR) use(PersonalCollector)?.(name, value, children as (state: unknown) => ReactNode);
  const state = usePersonal(name, value);
  return children(settled ? value : state);
}

/**
 * The script that carries a member's states (`window[PERSONAL_GLOBAL]`), in a page made for the
 * generic member only; the shared render fills it per answer. Rendered at the end of `<head>`, so
 * it has run before the page's modules hydrate.
 *
 * @param shared whether the root's data came from the generic render
 * @param nonce the CSP nonce of the page ("" without CSP)
 */
export function PersonalData({ shared, nonce }: { shared: boolean; nonce: string }) {
  if (!shared) return null;
  const render = (json: unknown) => (
    <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `window.${PERSONAL_GLOBAL}=${json as string}` }} />
  );
  if (import.meta.env.SSR) use(PersonalCollector)?.(PERSONAL_DATA, "{}", render);
  // Empty: the page cache fills it per answer; React leaves the sent script as it is when hydrating.
  return render("{}");
}
