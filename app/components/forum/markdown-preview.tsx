/**
 * Write/preview toggle around a composer (the composer shows a live preview).
 * 'Skriv' shows the composer; 'Förhandsgranska' sends the text to `POST /api/preview` and shows
 * the cooked HTML exactly as it will be stored. The composer stays in the form while hidden, so
 * submitting from the preview sends what was typed. A short hint on the Markdown that works, and
 * how to quote, sits under it.
 *
 * @module
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { markdown as md, quoteDrafts as qd } from "../../../domain/i18n/sv";
import type { PreviewAnswer } from "../../routes/api-preview";
import { PostBody } from "./post-body";

/** Props of {@link MarkdownPreview}. */
export interface MarkdownPreviewProps {
  /** The composer (label and textarea); hidden, never unmounted, while the preview shows. */
  children: ReactNode;
  /**
   * The composer's text when it is controlled. Without it the first `<textarea>` inside
   * `children` is read. When it becomes empty (the form was sent) the toggle goes back to 'Skriv'.
   */
  value?: string;
  /** Smaller buttons, e.g. for a reply form. */
  compact?: boolean;
}

type PreviewState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "done"; html: string }
  | { status: "error"; message: string };

const tab =
  "rounded-md px-2.5 py-1 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-pressed:bg-slate-200 aria-pressed:text-slate-900";

/** The toggle, the composer or its preview, and the Markdown hint. */
export function MarkdownPreview({ children, value, compact = false }: MarkdownPreviewProps) {
  const [mode, setMode] = useState<"write" | "preview">("write");
  const [preview, setPreview] = useState<PreviewState>({ status: "idle" });
  const composer = useRef<HTMLDivElement>(null);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => () => pending.current?.abort(), []);
  useEffect(() => {
    if (value === "") {
      pending.current?.abort();
      setMode("write");
    }
  }, [value]);

  const textarea = () => composer.current?.querySelector("textarea") ?? null;

  async function showPreview() {
    const text = value ?? textarea()?.value ?? "";
    setMode("preview");
    pending.current?.abort();
    if (text.trim().length === 0) {
      setPreview({ status: "done", html: "" });
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setPreview({ status: "loading" });
    try {
      const response = await fetch("/api/preview", {
        method: "POST",
        body: new URLSearchParams({ body: text }),
        headers: { Accept: "application/json" },
        signal: controller.signal,
      });
      const answer = (await response.json().catch(() => null)) as PreviewAnswer | null;
      if (controller.signal.aborted) return;
      if (response.ok && answer && "html" in answer) setPreview({ status: "done", html: answer.html });
      else setPreview({ status: "error", message: answer && "error" in answer ? answer.error : md.previewFailed });
    } catch {
      if (!controller.signal.aborted) setPreview({ status: "error", message: md.previewFailed });
    }
  }

  function showWrite() {
    pending.current?.abort();
    setMode("write");
    // Back to typing where the member left off.
    requestAnimationFrame(() => textarea()?.focus());
  }

  return (
    <div className="space-y-2">
      <div role="group" aria-label={md.modeLabel} className={`flex gap-1 ${compact ? "text-xs" : "text-sm"}`}>
        <button type="button" className={tab} aria-pressed={mode === "write"} onClick={showWrite}>
          {md.write}
        </button>
        <button type="button" className={tab} aria-pressed={mode === "preview"} onClick={() => void showPreview()}>
          {md.preview}
        </button>
      </div>
      {/* A hidden required field cannot show its message: go back to it. */}
      <div ref={composer} hidden={mode === "preview"} onInvalidCapture={() => setMode("write")}>
        {children}
      </div>
      {mode === "preview" ? (
        <div
          role="region"
          aria-label={md.previewRegion}
          aria-live="polite"
          aria-busy={preview.status === "loading"}
          className="min-h-20 rounded-lg border border-dashed border-slate-300 bg-white px-3 py-2"
        >
          {preview.status === "loading" || preview.status === "idle" ? (
            <p className="text-sm text-slate-500">{md.previewLoading}</p>
          ) : preview.status === "error" ? (
            <p role="alert" className="text-sm text-red-600">
              {preview.message}
            </p>
          ) : preview.html ? (
            <PostBody html={preview.html} text="" />
          ) : (
            <p className="text-sm text-slate-500">{md.previewEmpty}</p>
          )}
        </div>
      ) : null}
      <p className="text-xs text-slate-500">
        {md.hint} {qd.quoteHelp}
      </p>
    </div>
  );
}
