/**
 * Profile side panel (SPEC §2 Profile side panel): a drawer opened by clicking an author or an
 * @mention, by user id or nickname. Shows 'Laddar profil...', the profile's essentials, a follow
 * button, 'Dölj medlem' (members on others' cards), 'Visa hela profilen' and 'Stäng'.
 * One drawer per page, mounted only while open (ARCHITECTURE.md) and loaded on first open
 * (`profile-drawer-panel.tsx`); rendered @mention links
 * (`a.mention[data-mention]`) open it through one delegated click listener.
 *
 * @module
 */
import { createContext, Suspense, useCallback, useContext, useEffect, useState } from "react";
import type { ProfileView } from "../../../domain/views";
import type { MemberCan } from "../../../domain/policy/moderation";
import { lazyComponent } from "../../lib/lazy";

/** Who to show: a user id or a nickname. */
export type ProfileRef = { userId: string } | { nickname: string };

/** What `/api/profile-card` answers for the drawer. */
export type Card = { profile: ProfileView; own: boolean; can: MemberCan; following: boolean; muted: boolean; loggedIn: boolean };

const ProfileDrawer = lazyComponent(() => import("./profile-drawer-panel"), (m) => m.ProfileDrawer);

const DrawerContext = createContext<(ref: ProfileRef) => void>(() => {});

/** Opens the drawer for a member. */
export function useProfileDrawer(): (ref: ProfileRef) => void {
  return useContext(DrawerContext);
}

/** A member's name that opens the drawer when clicked. */
export function AuthorButton({ userId, nickname, className = "" }: { userId: string; nickname: string; className?: string }) {
  const open = useProfileDrawer();
  return (
    <button type="button" onClick={() => open({ userId })} className={className ? `author-link ${className}` : "author-link"}>
      {nickname}
    </button>
  );
}

/** Provides the page's drawer. */
export function ProfileDrawerProvider({ children }: { children: React.ReactNode }) {
  const [ref, setRef] = useState<ProfileRef | null>(null);
  const [card, setCard] = useState<Card | null>(null);
  const open = useCallback((r: ProfileRef) => {
    setCard(null);
    setRef(r);
  }, []);

  // Rendered @mentions are plain links to /@nickname; a plain click opens the drawer instead.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.("a.mention[data-mention]");
      if (!a) return;
      e.preventDefault();
      open({ nickname: a.getAttribute("data-mention")! });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [open]);

  return (
    <DrawerContext.Provider value={open}>
      {children}
      {ref ? (
        <Suspense fallback={null}>
          <ProfileDrawer profileRef={ref} card={card} onClose={() => setRef(null)} setCard={setCard} />
        </Suspense>
      ) : null}
    </DrawerContext.Provider>
  );
}
