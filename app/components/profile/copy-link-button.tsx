/**
 * Copy-profile-link button (SPEC §2 Profile page; §8 'Länk kopierad' / 'Kunde inte kopiera länk';
 * §9 the check icon shows for 2 s).
 *
 * @module
 */
import { Check, Link2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "../../lib/toast";
import { profile as p } from "../../../domain/i18n/sv";
import { Button } from "../ui/button";

/** SPEC §9 Copy-link confirmation icon (ms). */
export const COPY_CONFIRM_MS = 2000;

/** @param url the absolute profile URL to copy */
export function CopyLinkButton({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(p.linkCopied, { description: p.linkCopiedDescription });
    } catch {
      toast.error(p.copyFailed, { description: p.copyFailedDescription });
    }
  }
  return (
    <Button variant="secondary" onClick={copy} aria-label={p.copyLink} title={p.copyLink}>
      {copied ? <Check className="size-4 text-brand-700" aria-hidden /> : <Link2 className="size-4" aria-hidden />}
      <span className="hidden sm:inline">{p.copyLink}</span>
    </Button>
  );
}
