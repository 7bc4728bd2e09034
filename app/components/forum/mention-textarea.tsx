/**
 * A textarea with the @mention and $TICKER pickers (SPEC §5 @mention; cashtags beyond the spec).
 * Typing '@' at the start or after whitespace opens a member search (2+ characters: 'Skriv minst
 * två tecken för att söka efter användare'; with results 'Välj en användare att tagga'; none
 * 'Inga användare hittades'); '$' opens company suggestions. Arrow keys, Enter/Tab and the mouse
 * pick; Escape closes. Picking inserts '@nickname ' or '$TICKER '; a punctuation mark typed
 * right after takes that space's place ('@nickname.'). The list is plain elements mounted only
 * while open.
 *
 * @module
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type TextareaHTMLAttributes } from "react";
import { flushSync } from "react-dom";
import { ticker as tk } from "../../../domain/i18n/sv";
import { insertPick, tokenAtCaret, withdrawPickSpace, type CaretToken } from "../../../domain/mention-token";

type Option = { key: string; label: string; detail?: string; insert: string };

/** Props: a controlled textarea (`value`, `onValueChange`) plus any textarea attribute. */
export interface MentionTextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange"> {
  value: string;
  onValueChange: (value: string) => void;
}

/** The textarea with its picker. */
export const MentionTextarea = forwardRef<HTMLTextAreaElement, MentionTextareaProps>(function MentionTextarea(
  { value, onValueChange, onKeyDown, className = "", ...props },
  forwarded,
) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(forwarded, () => ref.current!);
  const [token, setToken] = useState<CaretToken | null>(null);
  const [options, setOptions] = useState<Option[] | null>(null);
  const [active, setActive] = useState(0);
  // The text and caret right after a pick, until the next input (`withdrawPickSpace`).
  const picked = useRef<{ text: string; caret: number } | null>(null);
  const listId = `${props.id ?? props.name ?? "composer"}-suggestions`;

  // Look up suggestions for the token (debounced 150 ms; mentions need 2 characters).
  useEffect(() => {
    if (!token) return setOptions(null);
    if (token.kind === "mention" && token.query.length < 2) return setOptions(null);
    if (token.kind === "ticker" && token.query.length < 1) return setOptions(null);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const url = token.kind === "mention" ? `/api/mentions?q=${encodeURIComponent(token.query)}` : `/api/tickers?q=${encodeURIComponent(token.query)}`;
        const rows = (await (await fetch(url, { signal: controller.signal })).json()) as Array<Record<string, string>>;
        setOptions(
          token.kind === "mention"
            ? rows.map((r) => ({ key: r.id!, label: `@${r.nickname}`, insert: `@${r.nickname}` }))
            : rows.map((r) => ({ key: r.ticker!, label: `$${r.ticker}`, detail: r.name, insert: `$${r.ticker}` })),
        );
        setActive(0);
      } catch {
        if (!controller.signal.aborted) setOptions([]);
      }
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [token?.kind, token?.query]);

  function refreshToken(el: HTMLTextAreaElement) {
    setToken(tokenAtCaret(el.value, el.selectionStart ?? el.value.length));
  }

  function pick(option: Option) {
    const el = ref.current;
    if (!el || !token) return;
    const caret = el.selectionStart ?? value.length;
    const next = insertPick(value, token, caret, option.insert);
    // The new value and the caret land in the same event: a key typed right after the pick
    // (a fast typist, a slow phone) goes after the inserted text, never before or over it.
    flushSync(() => {
      onValueChange(next.text);
      setToken(null);
      setOptions(null);
    });
    el.focus();
    el.setSelectionRange(next.caret, next.caret);
    picked.current = next;
  }

  const open = token !== null && (token.kind === "mention" || (options?.length ?? 0) > 0);
  const hint =
    token?.kind === "mention"
      ? token.query.length < 2
        ? tk.mentionMinChars
        : options === null
          ? null
          : options.length === 0
            ? tk.mentionNone
            : tk.mentionPick
      : options && options.length > 0
        ? tk.tickerPick
        : null;

  return (
    <div className="relative">
      <textarea
        ref={ref}
        value={value}
        onChange={(e) => {
          const el = e.target;
          const tightened = picked.current ? withdrawPickSpace(picked.current, el.value) : null;
          picked.current = null;
          if (tightened) {
            flushSync(() => onValueChange(tightened.text));
            el.setSelectionRange(tightened.caret, tightened.caret);
          } else onValueChange(el.value);
          refreshToken(el);
        }}
        onClick={(e) => refreshToken(e.currentTarget)}
        onBlur={() => {
          picked.current = null;
          setTimeout(() => setToken(null), 150);
        }}
        onKeyDown={(e) => {
          if (open && options && options.length > 0) {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((i) => (i + 1) % options.length);
              return;
            }
            if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((i) => (i - 1 + options.length) % options.length);
              return;
            }
            if (e.key === "Enter" || e.key === "Tab") {
              e.preventDefault();
              pick(options[active]!);
              return;
            }
          }
          if (open && e.key === "Escape") {
            e.preventDefault();
            setToken(null);
            return;
          }
          onKeyDown?.(e);
        }}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && options?.length ? `${listId}-${active}` : undefined}
        className={className}
        {...props}
      />
      {open ? (
        <div className="absolute left-0 right-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg">
          {hint ? <p className="border-b border-slate-100 px-3 py-2 text-xs text-slate-500">{hint}</p> : null}
          {options && options.length > 0 ? (
            <ul id={listId} role="listbox" className="max-h-60 overflow-y-auto py-1">
              {options.map((o, i) => (
                <li
                  key={o.key}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(o);
                  }}
                  onMouseEnter={() => setActive(i)}
                  className={`flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-900" : "text-slate-800"}`}
                >
                  <span className="font-semibold">{o.label}</span>
                  {o.detail ? <span className="truncate text-xs text-slate-500">{o.detail}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});
