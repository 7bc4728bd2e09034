/**
 * Swedish dates (SPEC §1: long month, 'PPP HH:mm', relative time with a suffix), always in
 * Stockholm time so server and browser render the same text.
 *
 * @module
 */
import { tz } from "@date-fns/tz";
import { format, formatDistanceToNow } from "date-fns";
import { sv } from "date-fns/locale";

const stockholm = tz("Europe/Stockholm");

/**
 * Absolute date and time, e.g. "21 november 2026 14:05".
 *
 * @param iso ISO 8601 timestamp
 * @returns the formatted text in Stockholm time
 */
export function formatDateTime(iso: string): string {
  return format(new Date(iso), "PPP HH:mm", { locale: sv, in: stockholm });
}

/**
 * Date only in Swedish long format, e.g. "21 november 2026" (SPEC §2 Profile 'Medlem sedan').
 *
 * @param iso ISO 8601 timestamp
 */
export function formatDate(iso: string): string {
  return format(new Date(iso), "PPP", { locale: sv, in: stockholm });
}

/**
 * Relative time with suffix, e.g. "för 5 minuter sedan" (SPEC §1).
 *
 * @param iso ISO 8601 timestamp
 */
export function formatRelative(iso: string): string {
  return formatDistanceToNow(new Date(iso), { locale: sv, addSuffix: true });
}
