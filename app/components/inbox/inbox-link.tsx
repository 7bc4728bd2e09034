/**
 * The header's 'Inkorg' link with its badge: the number of conversations with unread messages
 * ('9+' above 9, as the bell). A personal part ({@link INBOX_PART}): in a shared member render the
 * page cache splices in the member's count (from their session lookup). While the page is open,
 * a live `message` event, a reconnect, or a conversation page that was read asks `/api/inbox`
 * for the count again. docs/decisions/055-private-messages.md.
 *
 * @module
 */
import { Mail } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { INBOX_PART } from "../../../domain/personal";
import { inbox as ib } from "../../../domain/i18n/sv";
import { badgeText } from "../../../domain/notifications";
import { INBOX_PATH } from "../../../domain/messages";
import { Personal, usePersonal } from "../../lib/personal";
import { useEventStream } from "../notifications/live";

/** Window event a conversation page dispatches after it marked the conversation read. */
export const INBOX_READ_EVENT = "borssnack:inbox-read";

/** The link as markup, for a count (pure: the part's render). */
function InboxLinkView({ count }: { count: number }) {
  const badge = badgeText(count);
  return (
    <Link
      to={INBOX_PATH}
      aria-label={count > 0 ? ib.linkWithCount(count) : ib.link}
      data-testid="inbox-link"
      className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100"
    >
      <Mail className="size-5" aria-hidden />
      {badge ? (
        <span
          data-testid="inbox-badge"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The live 'Inkorg' link.
 *
 * @param unread the count in the root loader's viewer (the generic member's 0 in a shared render)
 */
export function InboxLink({ unread }: { unread: number }) {
  const initial = usePersonal(INBOX_PART, unread);
  const [count, setCount] = useState(initial);
  // A navigation brings a newer count from the server.
  useEffect(() => setCount(initial), [initial]);
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const request = ++latest.current;
    try {
      const res = await fetch("/api/inbox", { headers: { Accept: "application/json" } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { unread: number };
      if (request === latest.current) setCount(body.unread);
    } catch (error) {
      console.error("[inkorg] kunde inte läsa antalet olästa:", error);
    }
  }, []);
  useEffect(() => {
    const again = () => void refresh();
    window.addEventListener(INBOX_READ_EVENT, again);
    return () => window.removeEventListener(INBOX_READ_EVENT, again);
  }, [refresh]);
  useEventStream({ user: true }, { message: () => void refresh() });
  return (
    <Personal name={INBOX_PART} value={count} settled>
      {(n) => <InboxLinkView count={n} />}
    </Personal>
  );
}
