/**
 * A `<time>` showing relative Swedish time ("för 5 minuter sedan") with the absolute
 * 'PPP HH:mm' date as its tooltip (SPEC §1 dates).
 *
 * @module
 */
import { formatDateTime, formatRelative } from "../../lib/dates";

/** @param iso ISO 8601 timestamp */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className} suppressHydrationWarning>
      {formatRelative(iso)}
    </time>
  );
}
