/**
 * Images in the composer (chart screenshots). Plugged into a composer's textarea with
 * a ref: an image pasted into it or dropped on it, or picked with 'Lägg till bild' (a hidden file
 * input with its own label), is uploaded to `POST /api/uploads/post` with a visible progress bar
 * (`role="progressbar"`, `aria-valuenow` in percent, from XMLHttpRequest upload progress), and the
 * answer's Markdown `![bild](/uploads/posts/…)` is inserted at the cursor. Refusals show the
 * server's Swedish message; the browser checks the size, the type and the 10-image limit first
 * (the server checks all three again). The count of images in the text is shown next to the
 * button.
 *
 * Use: {@link useImageUpload} for the logic, {@link ImageUploadControls} for the button, progress
 * and messages; {@link ImageUpload} does both.
 *
 * @module
 */
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from "react";
import { ImagePlus } from "lucide-react";
import { postImages as pi, uploads as up } from "../../../domain/i18n/sv";
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_IMAGE_TYPES,
  MAX_POST_IMAGES,
  MAX_POST_IMAGE_BYTES,
  MAX_POST_IMAGE_MB,
  countPostImages,
} from "../../../domain/uploads";
import type { PostImageAnswer } from "../../routes/api-post-images";

/** Where the composer uploads images. */
export const POST_IMAGE_ENDPOINT = "/api/uploads/post";

/** Options of {@link useImageUpload}. */
export interface UseImageUploadOptions {
  /** The composer's textarea: paste and drop are caught on it, Markdown goes in at its cursor. */
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** The composer's current text (controlled). */
  value: string;
  /** Sets the composer's text (the same setter the textarea uses). */
  onValueChange: (value: string) => void;
}

/** What {@link useImageUpload} returns. */
export interface ImageUploadState {
  /** Upload progress in percent (0–100) while an image is being sent, else `null`. */
  progress: number | null;
  /** The last refusal or failure, in Swedish, or `null`. */
  error: string | null;
  /** A short confirmation after the last image was inserted, or `null`. */
  notice: string | null;
  /** Images of this forum in the text now. */
  count: number;
  /** Uploads the files one after the other (only images; stops at the 10-image limit). */
  upload: (files: Iterable<File>) => Promise<void>;
  /** Whether a dragged file hovers over the textarea. */
  dragging: boolean;
}

/** The image files of a paste or drop. */
function imageFiles(list: DataTransfer | null): File[] {
  if (!list) return [];
  const files = [...list.files];
  if (files.length === 0) {
    for (const item of list.items ?? []) {
      if (item.kind === "file") {
        const file = item.getAsFile();
        if (file) files.push(file);
      }
    }
  }
  return files.filter((file) => file.type.startsWith("image/") || file.type === "");
}

/** Sends one file with upload progress; resolves with the server's answer. */
function send(file: File, onProgress: (percent: number) => void): Promise<PostImageAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", POST_IMAGE_ENDPOINT);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as PostImageAnswer | null;
      if (body && typeof body === "object" && "ok" in body) resolve(body);
      else if (xhr.status === 413) resolve({ ok: false, error: pi.tooLarge(MAX_POST_IMAGE_MB) });
      else resolve({ ok: false, error: pi.uploadFailed });
    };
    xhr.onerror = () => resolve({ ok: false, error: up.networkError });
    xhr.onabort = () => resolve({ ok: false, error: pi.uploadFailed });
    const form = new FormData();
    form.append("file", file, file.name || "bild");
    xhr.send(form);
  });
}

/** Inserts `markdown` at the textarea's cursor as a block of its own; returns the new text and caret. */
function insertAtCursor(textarea: HTMLTextAreaElement | null, current: string, markdown: string): { text: string; caret: number } {
  const start = textarea ? Math.min(textarea.selectionStart ?? current.length, current.length) : current.length;
  const end = textarea ? Math.min(Math.max(textarea.selectionEnd ?? start, start), current.length) : current.length;
  const before = current.slice(0, start);
  const after = current.slice(end);
  const lead = before.length === 0 || before.endsWith("\n") ? "" : "\n";
  const trail = after.startsWith("\n") ? "" : "\n";
  const inserted = `${lead}${markdown}${trail}`;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}

/**
 * The upload logic of a composer: catches paste and drop on the textarea, checks and sends
 * images, inserts their Markdown.
 *
 * @param options {@link UseImageUploadOptions}
 * @returns {@link ImageUploadState}
 */
export function useImageUpload({ textareaRef, value, onValueChange }: UseImageUploadOptions): ImageUploadState {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = useRef(false);
  // The latest text and setter, for uploads that finish after more typing.
  const latest = useRef({ value, onValueChange });
  latest.current = { value, onValueChange };
  const count = countPostImages(value);

  const upload = useCallback(
    async (files: Iterable<File>) => {
      const list = [...files];
      if (list.length === 0 || busy.current) return;
      busy.current = true;
      setError(null);
      setNotice(null);
      try {
        for (const file of list) {
          const textarea = textareaRef.current;
          const current = textarea?.value ?? latest.current.value;
          if (countPostImages(current) >= MAX_POST_IMAGES) {
            setError(pi.tooManyImages(MAX_POST_IMAGES));
            return;
          }
          if (file.type && !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
            setError(up.unsupportedType);
            continue;
          }
          if (file.size > MAX_POST_IMAGE_BYTES) {
            setError(pi.tooLarge(MAX_POST_IMAGE_MB));
            continue;
          }
          setProgress(0);
          const answer = await send(file, setProgress);
          setProgress(null);
          if (!answer.ok) {
            setError(answer.error);
            continue;
          }
          const target = textareaRef.current;
          const { text, caret } = insertAtCursor(target, target?.value ?? latest.current.value, answer.markdown);
          latest.current.onValueChange(text);
          setNotice(pi.uploaded);
          requestAnimationFrame(() => {
            const t = textareaRef.current;
            if (!t) return;
            t.focus();
            t.setSelectionRange(caret, caret);
          });
        }
      } finally {
        busy.current = false;
        setProgress(null);
      }
    },
    [textareaRef],
  );

  // Paste and drop on the textarea itself.
  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    const onPaste = (event: ClipboardEvent) => {
      // Text wins: a spreadsheet's cells come with a picture of them too, but the member wants the text.
      if (event.clipboardData?.getData("text/plain")) return;
      const files = imageFiles(event.clipboardData);
      if (files.length === 0) return;
      event.preventDefault();
      void upload(files);
    };
    const hasFiles = (event: DragEvent) => Boolean(event.dataTransfer && [...event.dataTransfer.types].includes("Files"));
    const onDragOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
      setDragging(true);
    };
    const onDragLeave = () => setDragging(false);
    const onDrop = (event: DragEvent) => {
      setDragging(false);
      const files = imageFiles(event.dataTransfer);
      if (files.length === 0) return;
      event.preventDefault();
      void upload(files);
    };
    textarea.addEventListener("paste", onPaste);
    textarea.addEventListener("dragover", onDragOver);
    textarea.addEventListener("dragleave", onDragLeave);
    textarea.addEventListener("drop", onDrop);
    return () => {
      textarea.removeEventListener("paste", onPaste);
      textarea.removeEventListener("dragover", onDragOver);
      textarea.removeEventListener("dragleave", onDragLeave);
      textarea.removeEventListener("drop", onDrop);
    };
  }, [textareaRef, upload]);

  return { progress, error, notice, count, upload, dragging };
}

/** Props of {@link ImageUploadControls}. */
export interface ImageUploadControlsProps {
  /** The state from {@link useImageUpload}. */
  state: ImageUploadState;
  /** Smaller controls, e.g. under a reply form. */
  compact?: boolean;
}

/** 'Lägg till bild' with its hidden file input, the progress bar, the image count and messages. */
export function ImageUploadControls({ state, compact = false }: ImageUploadControlsProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { progress, error, notice, count, upload, dragging } = state;
  const sending = progress !== null;
  return (
    <div className={`space-y-1 ${compact ? "text-xs" : "text-sm"}`}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          {pi.fileInputLabel}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            void upload(files);
          }}
        />
        <button
          type="button"
          disabled={sending || count >= MAX_POST_IMAGES}
          onClick={() => input.current?.click()}
          className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <ImagePlus className="size-4" aria-hidden />
          {pi.addImage}
        </button>
        <span className="text-slate-500">{pi.count(count, MAX_POST_IMAGES)}</span>
        {dragging ? <span className="font-medium text-brand-700">{pi.dropHint}</span> : null}
      </div>
      {sending ? (
        <div className="flex items-center gap-2">
          <progress
            role="progressbar"
            aria-label={pi.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={`${progress} %`}
            value={progress}
            max={100}
            className="upload-progress h-2 w-40 overflow-hidden rounded-full"
          />
          <span className="text-slate-600">{pi.uploading}</span>
        </div>
      ) : null}
      <p className="text-xs text-slate-500">{pi.hint(MAX_POST_IMAGE_MB, MAX_POST_IMAGES)}</p>
      {error ? (
        <p role="alert" className="text-red-600">
          {error}
        </p>
      ) : notice ? (
        <p role="status" className="text-slate-600">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

/** Props of {@link ImageUpload}: the hook's options plus `compact`. */
export interface ImageUploadProps extends UseImageUploadOptions {
  compact?: boolean;
}

/** The hook and the controls together: drop it under a composer's textarea. */
export function ImageUpload({ compact, ...options }: ImageUploadProps) {
  return <ImageUploadControls state={useImageUpload(options)} compact={compact} />;
}
