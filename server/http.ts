/**
 * Helpers for route actions: reading form data safely and turning expected failures into 4xx
 * answers with Swedish messages (ARCHITECTURE.md "bad input: return 400 data, never throw").
 *
 * @module
 */
import { data } from "react-router";
import { errors } from "../app/i18n/sv";
import { ForumError } from "./errors";

/** The answer shape of a failed action; forms show `error` and keep `values`. */
export interface ActionFailure {
  ok: false;
  /** Swedish message for the user. */
  error: string;
  /** Toast title, when the spec names one. */
  title?: string;
  /** Per-field messages. */
  fieldErrors?: Record<string, string>;
  /** What the user typed, so the form can keep it. */
  values?: Record<string, string>;
  intent?: string;
}

/**
 * Reads a request's form body as plain string fields. A body that is not a form (wrong content
 * type, broken encoding) gives an empty object rather than an exception.
 *
 * @param request the action's request
 * @returns field name → string value (files and repeated fields: first string value)
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return {};
  }
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !(key in out)) out[key] = value;
  }
  return out;
}

/**
 * Converts an expected failure into a 4xx `data()` answer; rethrows anything else (which then
 * reaches the error boundary and the log).
 *
 * @param error what a command threw
 * @param extra fields added to the answer (intent, values)
 * @returns `data(ActionFailure, { status })`
 * @throws the original error when it is not a {@link ForumError}
 */
export function failure(error: unknown, extra: Partial<ActionFailure> = {}) {
  if (error instanceof ForumError) {
    const body: ActionFailure = { ok: false, error: error.message, ...extra };
    if (error.title) body.title = error.title;
    return data(body, { status: error.status });
  }
  throw error;
}

/** A 400 answer for a request whose shape is wrong (unknown intent, missing fields). */
export function badRequest(extra: Partial<ActionFailure> = {}) {
  return data({ ok: false, error: errors.badRequest, ...extra } satisfies ActionFailure, { status: 400 });
}
