/**
 * Telling route errors apart (hardening, faults: the database-unavailable answer).
 *
 * @module
 */
import { isRouteErrorResponse } from "react-router";

/**
 * Whether a route error is the server's "database unavailable" answer (server/db/unavailable.ts:
 * status 503 with `{ unavailable: true }`).
 *
 * @param error an error boundary's `error`
 * @returns true for that answer, false for anything else
 */
export function isUnavailableError(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    error.status === 503 &&
    typeof error.data === "object" &&
    error.data !== null &&
    "unavailable" in error.data
  );
}
