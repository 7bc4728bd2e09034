/**
 * The profile drawer's panel (SPEC §2 Profile side panel), a Radix dialog loaded when the drawer
 * first opens; `profile-drawer.tsx` keeps the state and the loading of the card.
 *
 * @module
 */
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { useEffect, type Dispatch, type SetStateAction } from "react";
import { Link } from "react-router";
import { profile as p } from "../../../domain/i18n/sv";
import { formatDate } from "../../lib/dates";
import { PostBody } from "../forum/post-body";
import { EdgeAvatar } from "../ui/edge-level";
import { EdgeLevelBar } from "../ui/edge-level-bar";
import { FollowButton } from "./follow-button";
import { SendMessageLink } from "../inbox/send-message-link";
import { MuteButton } from "./mute-button";
import { toast } from "../../lib/toast";
import type { Card, ProfileRef } from "./profile-drawer";

/**
 * @param props.card - the loaded card, or null while it loads ('Laddar profil...')
 * @param props.onClose - closes the drawer
 * @param props.setCard - updates the card after follow/mute
 * @returns the open drawer (Radix Dialog, right side)
 */
export function ProfilePanel({ card, onClose, setCard }: { card: Card | null; onClose: () => void; setCard: Dispatch<SetStateAction<Card | null>> }) {
  return (
    <Dialog.Root open onOpenChange={(o) => (o ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col overflow-y-auto bg-white shadow-xl">
          <Dialog.Description className="sr-only">{p.openProfile}</Dialog.Description>
          {card ? (
            <>
              <div className="h-24 shrink-0 bg-gradient-to-r from-brand-800 via-brand-600 to-emerald-400 dark:from-brand-100 dark:via-brand-200 dark:to-brand-300">
                {card.profile.bannerUrl ? <img src={card.profile.bannerUrl} alt="" className="size-full object-cover" /> : null}
              </div>
              <div className="space-y-4 p-5">
                <div className="-mt-12 flex flex-wrap items-end justify-between gap-2">
                  <div className="relative z-10 rounded-full bg-white p-1">
                    <EdgeAvatar nickname={card.profile.nickname} avatarUrl={card.profile.avatarUrl} edgeLevel={card.profile.edgeLevel} size="lg" />
                  </div>
                  <div className="flex flex-wrap justify-end gap-2">
                    {!card.can.follow ? null : (
                      <FollowButton
                        userId={card.profile.id}
                        nickname={card.profile.nickname}
                        following={card.following}
                        loggedIn={card.loggedIn}
                        onChange={(s) =>
                          setCard((c) => (c ? { ...c, following: s.following, profile: { ...c.profile, followersCount: s.followersCount } } : c))
                        }
                      />
                    )}
                    {card.can.privateMessage ? <SendMessageLink nickname={card.profile.nickname} /> : null}
                    {card.can.mute ? (
                      <MuteButton
                        userId={card.profile.id}
                        nickname={card.profile.nickname}
                        muted={card.muted}
                        onChange={(muted) => setCard((c) => (c ? { ...c, muted } : c))}
                      />
                    ) : null}
                  </div>
                </div>
                <div>
                  <Dialog.Title className="text-xl font-extrabold [overflow-wrap:anywhere]">{card.profile.nickname}</Dialog.Title>
                  <p className="text-sm text-slate-500">{p.memberSince(formatDate(card.profile.createdAt))}</p>
                </div>
                <EdgeLevelBar value={card.profile.edgeLevel} />
                <dl className="flex gap-6 text-sm">
                  <div>
                    <dt className="text-slate-500">{p.followers}</dt>
                    <dd className="font-bold tabular-nums">{card.profile.followersCount}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{p.following}</dt>
                    <dd className="font-bold tabular-nums">{card.profile.followingCount}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{p.threads}</dt>
                    <dd className="font-bold tabular-nums">{card.profile.threadsCount}</dd>
                  </div>
                </dl>
                {card.profile.bio ? <PostBody text={card.profile.bio} html={card.profile.bioHtml ?? ""} className="text-sm" /> : null}
                <Link
                  to={`/@${encodeURIComponent(card.profile.nickname)}`}
                  onClick={onClose}
                  className="inline-block font-semibold text-brand-700 underline"
                >
                  {p.openProfile}
                </Link>
              </div>
            </>
          ) : (
            <div className="p-5" role="status">
              <Dialog.Title className="sr-only">{p.loading}</Dialog.Title>
              <p className="text-slate-600">{p.loading}</p>
            </div>
          )}
          <div className="mt-auto border-t border-slate-200 p-4">
            <Dialog.Close className="w-full rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100">
              {p.close}
            </Dialog.Close>
          </div>
          <Dialog.Close className="absolute right-3 top-3 rounded-full bg-white/80 p-1.5 hover:bg-white" aria-label={p.close}>
            <X className="size-4" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The drawer for one member: fetches their card (`/api/profile-card`) and shows the panel; a
 * missing member or a failed request closes it with an error toast (`profile.errorTitle` with
 * `userNotFound` or `unexpected`).
 *
 * @param props.profileRef whom to show
 * @param props.card the fetched card, or null while loading
 * @param props.onClose closes the drawer
 * @param props.setCard sets the card (fetched here; updated by the follow and mute buttons)
 */
export function ProfileDrawer({
  profileRef,
  card,
  onClose,
  setCard,
}: {
  profileRef: ProfileRef;
  card: Card | null;
  onClose: () => void;
  setCard: Dispatch<SetStateAction<Card | null>>;
}) {
  useEffect(() => {
    const controller = new AbortController();
    const url =
      "userId" in profileRef
        ? `/api/profile-card/${encodeURIComponent(profileRef.userId)}`
        : `/api/profile-card/-?nickname=${encodeURIComponent(profileRef.nickname)}`;
    fetch(url, { signal: controller.signal })
      .then(async (res) => {
        const body = (await res.json()) as ({ ok: true } & Card) | { ok: false; error: string };
        if (!body.ok) {
          toast.error(p.errorTitle, { description: res.status === 404 ? p.userNotFound : p.unexpected });
          onClose();
          return;
        }
        setCard(body);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        toast.error(p.errorTitle, { description: p.unexpected });
        onClose();
      });
    return () => controller.abort();
  }, [profileRef]);

  return <ProfilePanel card={card} onClose={onClose} setCard={setCard} />;
}
