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
 * @param answer the fetcher's `data` (undefined before the first answer)
 */
export function useActionToast(answer: ActionAnswer | undefined): void {
  const shown = useRef<ActionAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer || shown.current === answer) return;
    shown.current = answer;
    if (answer.ok && answer.toast) {
      toast.success(answer.toast.title, answer.toast.description ? { description: answer.toast.description } : undefined);
    } else if (!answer.ok && answer.error) {
      if (answer.title && answer.title !== answer.error) toast.error(answer.title, { description: answer.error });
      else toast.error(answer.error);
    }
  }, [answer]);
}
