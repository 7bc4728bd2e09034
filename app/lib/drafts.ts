/**
 * Local drafts of what a member is writing: a thread or comment being written
 * survives a reload, a closed tab and a refused submit. Kept in this browser's `localStorage`
 * only (no server round trip per keystroke), one entry per page and target ({@link draftKeys}),
 * written 500 ms after the last change, and right away when the page is hidden or the composer
 * unmounts.
 *
 * Server rendering and hydration: storage is read only in an effect, so the first render is the
 * same on both sides; a restored draft appears right after hydration.
 *
 * Usage (any value that survives `JSON.stringify`):
 *
 * ```tsx
 * const [text, setText] = useState("");
 * const draft = useDraft(draftKeys.comment(threadId, parentId), text, setText);
 * // after the server accepted the post: draft.clear()
 * return <>{draft.restored ? <DraftNotice draft={draft} /> : null}<textarea … /></>;
 * ```
 *
 * @module
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { isBlankText } from "../../domain/blank-text";

/** Prefix of every draft entry in `localStorage`. */
export const DRAFT_PREFIX = "borssnack:draft:";

/** Drafts older than this are ignored and removed when read (30 days, in ms). */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Delay after the last change before the draft is written (ms). */
export const DRAFT_DELAY_MS = 500;

/** The storage keys of the composers that keep drafts. */
export const draftKeys = {
  /** A comment (`parentId` absent) or a reply to the top-level comment `parentId` in a thread. */
  comment: (threadId: string, parentId?: string | null) => `${DRAFT_PREFIX}comment:${threadId}:${parentId || "top"}`,
  /** The new-thread page (one new-thread draft per browser, whichever category page it is on). */
  newThread: () => `${DRAFT_PREFIX}thread:new`,
};

/** What is stored: the value and when (ms since the epoch). */
interface StoredDraft<T> {
  value: T;
  savedAt: number;
}

/** `localStorage`, or null where it is missing or refused (server, privacy settings). */
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Reads a draft. An unreadable or expired entry is removed and reads as none.
 *
 * @param key a key from {@link draftKeys}
 * @returns the stored value, or undefined
 */
export function readDraft<T>(key: string): T | undefined {
  const store = storage();
  if (!store) return undefined;
  try {
    const raw = store.getItem(key);
    if (raw === null) return undefined;
    const parsed = JSON.parse(raw) as StoredDraft<T>;
    if (typeof parsed?.savedAt === "number" && Date.now() - parsed.savedAt <= DRAFT_MAX_AGE_MS && parsed.value !== undefined) {
      return parsed.value;
    }
  } catch {
    // Not JSON: fall through and remove it.
  }
  removeDraft(key);
  return undefined;
}

/**
 * Whether a draft is stored under `key` (e.g. to open the reply form that has one).
 *
 * @param key a key from {@link draftKeys}
 * @returns true when {@link readDraft} would return a value
 */
export function hasDraft(key: string): boolean {
  return readDraft(key) !== undefined;
}

/**
 * Writes a draft now; a full or refused storage is ignored (the draft is a convenience).
 *
 * @param key a key from {@link draftKeys}
 * @param value the value to keep
 */
export function writeDraft<T>(key: string, value: T): void {
  try {
    storage()?.setItem(key, JSON.stringify({ value, savedAt: Date.now() } satisfies StoredDraft<T>));
  } catch {
    // Quota exceeded or storage disabled.
  }
}

/**
 * Removes a draft.
 *
 * @param key a key from {@link draftKeys}
 */
export function removeDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Storage disabled.
  }
}

/** Bumped by {@link clearAllDrafts}: writes scheduled before it are dropped. */
let generation = 0;

/**
 * Removes every draft of this browser and drops writes still waiting (on logging out: the next
 * person at a shared computer must not find the member's unsent text).
 */
export function clearAllDrafts(): void {
  generation += 1;
  const store = storage();
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Storage disabled.
  }
}

/** What {@link useDraft} gives the composer. */
export interface DraftState {
  /** A stored draft was put into the composer on mount (show 'Utkast återställt'). */
  restored: boolean;
  /** Removes the draft and puts the composer's first value back ('Släng utkast'). */
  discard: () => void;
  /** Removes the draft and hides the notice, keeping the composer's value (after a successful submit). */
  clear: () => void;
}

/** Options of {@link useDraft}. */
export interface DraftOptions<T> {
  /**
   * Whether a value is nothing worth keeping: such a value removes the draft instead of writing
   * it, and a stored one is not restored. Default: a blank string (or not a string).
   */
  isEmpty?: (value: T) => boolean;
  /**
   * Puts a stored value into the composer on mount, e.g. merging it with a quote the composer
   * was opened with. Default: `setValue(stored)`.
   */
  onRestore?: (stored: T) => void;
}

/**
 * Keeps a composer's value as a local draft: restores it once on mount (puts the stored value
 * into the composer and sets `restored`), writes every change after {@link DRAFT_DELAY_MS} (and
 * when the page is hidden or the composer unmounts), and removes it when the value becomes empty.
 *
 * @param key storage key ({@link draftKeys}); null turns drafts off (nothing read or written)
 * @param value the composer's current value
 * @param setValue sets the composer's value (the state setter)
 * @param options {@link DraftOptions}: what counts as empty, how a stored value is put back
 * @returns {@link DraftState}
 */
export function useDraft<T>(key: string | null, value: T, setValue: (value: T) => void, options: DraftOptions<T> = {}): DraftState {
  const isEmpty = options.isEmpty ?? ((v: T) => typeof v !== "string" || isBlankText(v));
  const [restored, setRestored] = useState(false);
  const first = useRef(value);
  const loadedKey = useRef<string | null>(null);
  const skipSave = useRef(false);
  // After clear(): the value then kept is not a draft until it changes.
  const clearedAt = useRef<string | null>(null);
  // The last value the save effect has seen (JSON).
  const handled = useRef<string | null>(null);
  const serialized = JSON.stringify(value) ?? "";
  const valueRef = useRef(value);
  valueRef.current = value;
  const pending = useRef<{ key: string; value: T; generation: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const emptyRef = useRef(isEmpty);
  emptyRef.current = isEmpty;
  const restoreRef = useRef(options.onRestore ?? setValue);
  restoreRef.current = options.onRestore ?? setValue;
  const setRef = useRef(setValue);
  setRef.current = setValue;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next || next.generation !== generation) return;
    if (emptyRef.current(next.value)) removeDraft(next.key);
    else writeDraft(next.key, next.value);
  }, []);

  // Restore once per key, after hydration.
  useEffect(() => {
    if (!key) return;
    loadedKey.current = key;
    const stored = readDraft<T>(key);
    if (stored !== undefined && !emptyRef.current(stored)) {
      // This render's value is the one before restoring: do not write it over the draft.
      skipSave.current = JSON.stringify(stored) !== JSON.stringify(valueRef.current);
      restoreRef.current(stored);
      setRestored(true);
    }
  }, [key]);

  // Write changes, debounced (compared as JSON: an object value is new on every render).
  useEffect(() => {
    if (!key || loadedKey.current !== key) return;
    handled.current = serialized;
    if (skipSave.current) {
      skipSave.current = false;
      return;
    }
    if (clearedAt.current !== null) {
      if (clearedAt.current === serialized) return;
      clearedAt.current = null;
    }
    pending.current = { key, value: valueRef.current, generation };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, DRAFT_DELAY_MS);
  }, [key, serialized, flush]);

  // A closing tab or a navigation away still keeps the last keystrokes, even a change whose
  // effect has not run yet.
  const keyRef = useRef(key);
  keyRef.current = key;
  useEffect(() => {
    const onHide = () => {
      const now = JSON.stringify(valueRef.current) ?? "";
      const current = keyRef.current;
      if (current && loadedKey.current === current && now !== handled.current && now !== clearedAt.current && !skipSave.current) {
        pending.current = { key: current, value: valueRef.current, generation };
      }
      flush();
    };
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      flush();
    };
  }, [flush]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    clearedAt.current = JSON.stringify(valueRef.current) ?? "";
    if (key) removeDraft(key);
    setRestored(false);
  }, [key]);

  const discard = useCallback(() => {
    clear();
    setRef.current(first.current);
  }, [clear]);

  return { restored, discard, clear };
}
