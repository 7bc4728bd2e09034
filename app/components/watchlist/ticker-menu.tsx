/**
 * The cashtag menu (watchlist: "in the ticker hover/link menu: 'Bevaka' / 'Sluta
 * bevaka'"): resting the mouse on a rendered `$TICKER` (`a.cashtag[data-ticker]`, cooked by
 * server/content/cook.ts) for {@link OPEN_DELAY_MS} opens a small menu beside it — company name,
 * sector, 'Visa aktien' and 'Bevaka' / 'Sluta bevaka' (for visitors a 'Bevaka' link to the login
 * page). A click (and a tap on a phone, which has no hover) still follows the link to the ticker
 * page, where the same button is: cashtags stay plain links. Leaving both the link and the menu,
 * Escape or a click outside closes it; focus never moves on its own.
 *
 * @module
 */
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { toast } from "../../lib/toast";
import { ticker as tk, watchlist as wl } from "../../../domain/i18n/sv";
import { loginPath } from "../../../domain/paths";
import { buttonClass } from "../ui/button";

interface Card {
  ticker: string;
  name: string;
  sector: string | null;
  watching: boolean;
  loggedIn: boolean;
}

/** Where the menu opens: the ticker and the link's box in the viewport. */
interface Opened {
  ticker: string;
  top: number;
  left: number;
}

/** Hover pause before the menu opens, and grace before it closes once the pointer has left (ms). */
const OPEN_DELAY_MS = 350;
const CLOSE_DELAY_MS = 300;

/**
 * Listens for the mouse resting on a cashtag anywhere on the page and shows the menu; mount once
 * per layout.
 *
 * @param initial the cashtag the mouse was on when the layer was asked for (the layout loads this
 *   module on the first hover of a cashtag): handled as if its hover came now
 */
export function TickerMenuLayer({ initial = null }: { initial?: Element | null } = {}) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [card, setCard] = useState<Card | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    let openTimer: ReturnType<typeof setTimeout> | undefined;
    let closeTimer: ReturnType<typeof setTimeout> | undefined;
    const cashtagOf = (node: EventTarget | null) => (node as Element | null)?.closest?.("a.cashtag[data-ticker]") ?? null;
    const inBox = (node: EventTarget | null) => Boolean(node && box.current?.contains(node as Node));
    const scheduleClose = () => {
      clearTimeout(openTimer);
      clearTimeout(closeTimer);
      closeTimer = setTimeout(() => setOpened(null), CLOSE_DELAY_MS);
    };
    // Hover with a mouse opens the menu after a short pause; the pointer may cross to the menu.
    const onOver = (e: PointerEvent) => {
      if (e.pointerType !== "mouse") return;
      if (inBox(e.target)) {
        clearTimeout(closeTimer);
        return;
      }
      const a = cashtagOf(e.target);
      if (!a) return;
      clearTimeout(closeTimer);
      clearTimeout(openTimer);
      openTimer = setTimeout(() => {
        const rect = a.getBoundingClientRect();
        const ticker = a.getAttribute("data-ticker")!;
        setOpened((prev) =>
          prev?.ticker === ticker
            ? prev
            : { ticker, top: rect.bottom + 6, left: Math.max(8, Math.min(rect.left, window.innerWidth - 296)) },
        );
      }, OPEN_DELAY_MS);
    };
    const onOut = (e: PointerEvent) => {
      if (e.pointerType !== "mouse") return;
      const link = cashtagOf(e.target);
      if (!link && !inBox(e.target)) return;
      if (inBox(e.relatedTarget) || (link && cashtagOf(e.relatedTarget) === link)) return;
      scheduleClose();
    };
    const onClick = (e: MouseEvent) => {
      if (!inBox(e.target)) setOpened(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpened(null);
    };
    document.addEventListener("pointerover", onOver);
    document.addEventListener("pointerout", onOut);
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    // The hover that loaded this module: the mouse is still on that cashtag.
    if (initial?.matches(":hover")) onOver({ pointerType: "mouse", target: initial } as unknown as PointerEvent);
    return () => {
      clearTimeout(openTimer);
      clearTimeout(closeTimer);
      document.removeEventListener("pointerover", onOver);
      document.removeEventListener("pointerout", onOut);
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
    // `initial` is read once, when the layer mounts.
  }, []);

  // A navigation closes the menu.
  useEffect(() => setOpened(null), [location.pathname, location.search]);

  useEffect(() => {
    if (!opened) return;
    setCard(null);
    const controller = new AbortController();
    fetch(`/api/ticker-card/${encodeURIComponent(opened.ticker)}`, { signal: controller.signal })
      .then(async (res) => {
        const body = (await res.json()) as ({ ok: true } & Card) | { ok: false; error: string };
        if (!body.ok) {
          toast.error(body.error);
          setOpened(null);
          return;
        }
        setCard(body);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [opened]);

  if (!opened) return null;

  async function toggle(c: Card) {
    const intent = c.watching ? "unwatch" : "watch";
    setBusy(true);
    try {
      const res = await fetch("/api/watchlist", { method: "POST", body: new URLSearchParams({ ticker: c.ticker, intent }) });
      const body = (await res.json()) as { ok: boolean; watching?: boolean; error?: string; title?: string };
      if (!body.ok) {
        toast.error(body.title ?? (intent === "watch" ? wl.watchFailed : wl.unwatchFailed), { description: body.error });
        return;
      }
      setCard({ ...c, watching: body.watching! });
      if (body.watching) toast.success(wl.watched, { description: wl.watchedDescription(c.ticker) });
      else toast.success(wl.unwatched, { description: wl.unwatchedDescription(c.ticker) });
    } catch {
      toast.error(intent === "watch" ? wl.watchFailed : wl.unwatchFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      ref={box}
      role="dialog"
      aria-label={wl.menuLabel(opened.ticker)}
      className="fixed z-50 w-72 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xl"
      style={{ top: opened.top, left: opened.left }}
    >
      <div>
        <p className="font-mono text-sm font-bold text-brand-700">${opened.ticker}</p>
        {card ? (
          <>
            <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{card.name}</p>
            {card.sector ? (
              <p className="text-sm text-slate-500">
                {tk.sector}: {card.sector}
              </p>
            ) : null}
          </>
        ) : (
          <p className="h-5 w-40 animate-pulse rounded bg-slate-200" aria-hidden />
        )}
      </div>
      {card ? (
        <div className="flex flex-wrap gap-2">
          <Link to={`/forum/aktie/${card.ticker}`} className={buttonClass("secondary")}>
            {wl.showTicker}
          </Link>
          {card.loggedIn ? (
            <button
              type="button"
              aria-pressed={card.watching}
              disabled={busy}
              onClick={() => toggle(card)}
              className={buttonClass(card.watching ? "secondary" : "primary")}
            >
              {card.watching ? wl.unwatch : wl.watch}
            </button>
          ) : (
            <Link to={loginPath(`/forum/aktie/${card.ticker}`)} className={buttonClass("primary")} title={wl.loginToWatch}>
              {wl.watch}
            </Link>
          )}
        </div>
      ) : null}
    </div>
  );
}
