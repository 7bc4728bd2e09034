/**
 * Shows the toast that a fetcher's action answered with, once per answer (SPEC §8 toasts;
 * SPEC §4 Toast: one at a time).
 *
 * @module
 */
import { useEffect, useRef } from "react";
import { toast } from "./toast";

/** What actions answer with; `toast` on success, `error` (+ `title`) on failure. */
export interface ActionAnswer {
  ok: boolean;
  toast?: { title: string; description?: string };
  error?: string;
  title?: string;
}

/**
 * Shows one answer's toast: the success toast it carries, or its error (with the title when
 * there is one).
 *
 * @param answer an action's answer
 */
export function showActionToast(answer: ActionAnswer): void {
  if (answer.ok && answer.toast) {
    toast.success(answer.toast.title, answer.toast.description ? { description: answer.toast.description } : undefined);
  } else if (!answer.ok && answer.error) {
    if (answer.title && answer.title !== answer.error) toast.error(answer.title, { description: answer.error });
    else toast.error(answer.error);
  }
}

/**
 * A fetcher's answer once the page shows its outcome: the fetcher is idle again, i.e. the
 * revalidation after the action has finished and the new loader data is rendered. Before that
 * (submitting, or loading the page's new data) there is none yet.
 *
 * @param fetcher the fetcher's `state` and `data`
 * @returns the answer, or undefined while the fetcher is busy or has none
 */
export function settledAnswer<A>(fetcher: { state: "idle" | "submitting" | "loading"; data: A | undefined }): A | undefined {
  return fetcher.state === "idle" ? fetcher.data : undefined;
}

/**
 * @param answer the fetcher's `data` (undefined before the first answer)
 */
export function useActionToast(answer: ActionAnswer | undefined): void {
  const shown = useRef<ActionAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer || shown.current === answer) return;
    shown.current = answer;
    showActionToast(answer);
  }, [answer]);
}
