/**
 * The owner's controls for their avatar or banner on the profile page: 'Byt profilbild' /
 * 'Byt omslagsbild' opens the file picker, 'Ta bort' removes the current image
 * (`/api/uploads/:kind`, docs/decisions/008-uploads.md). After a change the page's loaders run
 * again, so the profile and the header show the new image.
 *
 * @module
 */
import { useId, useRef, useState, type ChangeEvent } from "react";
import { useRevalidator } from "react-router";
import { toast } from "../../lib/toast";
import { ACCEPT_ATTRIBUTE, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, type ImageKind } from "../../../domain/uploads";
import { uploads as up } from "../../../domain/i18n/sv";
import { Button } from "../ui/button";

type Busy = "upload" | "remove" | null;

/** Swedish texts per kind. */
const TEXT: Record<ImageKind, { change: string; updated: string; removed: string }> = {
  avatar: { change: up.changeAvatar, updated: up.avatarUpdated, removed: up.avatarRemoved },
  banner: { change: up.changeBanner, updated: up.bannerUpdated, removed: up.bannerRemoved },
};

/** The server's `{ error }`, or `fallback` when the answer is not the expected JSON. */
async function errorOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === "string" ? body.error : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Upload and remove buttons for the viewer's own avatar or banner. Show it only to the
 * profile's owner (the endpoint acts on the logged-in member, whoever's page this is).
 *
 * @param kind `avatar` or `banner`
 * @param currentUrl the image now on the profile; 'Ta bort' is shown only when there is one
 * @param className extra classes for the wrapper
 */
export function ProfileImageUpload({
  kind,
  currentUrl,
  className = "",
}: {
  kind: ImageKind;
  currentUrl: string | null | undefined;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<Busy>(null);
  const text = TEXT[kind];

  async function send(request: () => Promise<Response>, success: string, failure: string, what: Busy) {
    setBusy(what);
    try {
      const response = await request();
      if (!response.ok) {
        toast.error(failure, { description: await errorOf(response, failure) });
        return;
      }
      toast.success(success);
      await revalidator.revalidate();
    } catch {
      toast.error(failure, { description: up.networkError });
    } finally {
      setBusy(null);
    }
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again fires another change.
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      toast.error(up.uploadFailed, { description: up.tooLarge(MAX_UPLOAD_MB) });
      return;
    }
    const form = new FormData();
    form.set("file", file);
    await send(() => fetch(`/api/uploads/${kind}`, { method: "POST", body: form }), text.updated, up.uploadFailed, "upload");
  }

  async function onRemove() {
    await send(() => fetch(`/api/uploads/${kind}`, { method: "DELETE" }), text.removed, up.removeFailed, "remove");
  }

  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`.trim()} data-testid={`upload-${kind}`}>
      <input
        ref={input}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={onFile}
        data-testid={`upload-${kind}-input`}
      />
      <Button variant="secondary" disabled={busy !== null} onClick={() => input.current?.click()} aria-describedby={hintId}>
        {busy === "upload" ? up.uploading : text.change}
      </Button>
      {currentUrl ? (
        <Button variant="ghost" disabled={busy !== null} onClick={onRemove}>
          {busy === "remove" ? up.removing : up.remove}
        </Button>
      ) : null}
      <span id={hintId} className="text-xs text-slate-500">
        {up.hint(MAX_UPLOAD_MB)}
      </span>
    </div>
  );
}
