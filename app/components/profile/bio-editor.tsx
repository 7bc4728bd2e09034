/**
 * Bio on one's own profile (SPEC §4 Bio edit): viewing → editing (Redigera) → saved (Spara) or
 * cancelled (Avbryt restores the stored bio); 'Profil uppdaterad' / 'Kunde inte spara'. The
 * server enforces the length cap again.
 *
 * @module
 */
import { useState } from "react";
import { toast } from "../../lib/toast";
import { profile as p } from "../../../domain/i18n/sv";
import { PostBody } from "../forum/post-body";
import { Button } from "../ui/button";

/** Bio length cap shown to the member; the server's `BIO_MAX` is the rule. */
export const BIO_MAX_CHARS = 1000;

/** Props: the stored bio (and its HTML), and whether this is the viewer's own profile. */
export function BioEditor({ bio, bioHtml, own }: { bio: string | null; bioHtml: string | null; own: boolean }) {
  const [stored, setStored] = useState({ bio, bioHtml });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(bio ?? "");
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const res = await fetch("/api/bio", { method: "POST", body: new URLSearchParams({ bio: draft }) });
      const body = (await res.json()) as { ok: boolean; bio?: string | null; bioHtml?: string | null; error?: string; title?: string };
      if (!body.ok) {
        toast.error(body.title ?? p.bioFailed, { description: body.error ?? p.bioFailedDescription });
        return;
      }
      setStored({ bio: body.bio ?? null, bioHtml: body.bioHtml ?? null });
      setEditing(false);
      toast.success(p.bioSaved, { description: p.bioSavedDescription });
    } catch {
      toast.error(p.bioFailed, { description: p.bioFailedDescription });
    } finally {
      setBusy(false);
    }
  }

  if (editing) {
    return (
      <div className="space-y-2">
        <label htmlFor="bio" className="sr-only">
          {p.bio}
        </label>
        <textarea
          id="bio"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={BIO_MAX_CHARS}
          rows={4}
          placeholder={p.bioPlaceholder}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <p className="text-right text-xs text-slate-500 tabular-nums">
          {draft.length} / {BIO_MAX_CHARS}
        </p>
        <div className="flex gap-2">
          <Button onClick={save} disabled={busy}>
            {p.save}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(stored.bio ?? "");
              setEditing(false);
            }}
            disabled={busy}
          >
            {p.cancel}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {stored.bio ? (
        <PostBody text={stored.bio} html={stored.bioHtml ?? ""} />
      ) : (
        <p className="text-slate-500">{p.noBio}</p>
      )}
      {own ? (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {p.edit}
        </Button>
      ) : null}
    </div>
  );
}
