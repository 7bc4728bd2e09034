/**
 * Helpers for route actions: reading form data safely and turning expected failures into 4xx
 * answers with Swedish messages (ARCHITECTURE.md "bad input: return 400 data, never throw").
 *
 * @module
 */
import { data } from "react-router";
import { errors } from "../domain/i18n/sv";
import { ForumError, retryAfterHeaders } from "./errors";

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
 * Largest form body in bytes (512 kB): a 20 000-character post of 4-byte characters is 240 kB
 * percent-encoded (issue "Hardening": oversized bodies refused early). Uploads have their own
 * limit (app/routes/api-uploads.ts).
 */
export const FORM_MAX_BYTES = 512 * 1024;

/** The 413 answer for a body over {@link FORM_MAX_BYTES}. */
const tooLarge = () => data({ ok: false, error: errors.bodyTooLarge } satisfies ActionFailure, { status: 413 });
/** The 400 answer for text that is not valid UTF-8 or holds NUL characters. */
const invalidText = () => data({ ok: false, error: errors.invalidText } satisfies ActionFailure, { status: 400 });

/** Reads at most `limit` bytes of a body; more → `null` (the rest is not read). */
async function readBounded(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** How many times the UTF-8 encoding of U+FFFD (EF BF BD) occurs in `bytes`. */
function countReplacementChars(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(0xef); i !== -1 && i + 2 < bytes.length; i = bytes.indexOf(0xef, i + 1)) {
    if (bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) n += 1;
  }
  return n;
}

/**
 * Reads a request's form body as plain string fields. A body that is not a form (wrong content
 * type, broken multipart) gives an empty object rather than an exception, so the action answers
 * with its usual 400 field message.
 *
 * @param request the action's request
 * @returns field name → string value (files and repeated fields: first string value)
 * @throws a 413 `data()` answer ('Förfrågan är för stor…') for a body over 512 kB, declared or
 *   streamed, and a 400 answer ('Texten innehåller ogiltiga tecken…') for URL-encoded or
 *   multipart text fields whose bytes are not UTF-8 (issue 15 item 7) or any field holding a NUL
 *   character (issue "Hardening")
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  if (Number(request.headers.get("content-length") ?? 0) > FORM_MAX_BYTES) throw tooLarge();
  const bytes = await readBounded(request, FORM_MAX_BYTES);
  if (!bytes) throw tooLarge();
  const type = request.headers.get("content-type") ?? "";
  const out: Record<string, string> = {};
  if (type.startsWith("application/x-www-form-urlencoded")) {
    let text: string;
    try {
      // Percent-escapes are checked too: URLSearchParams would silently turn bad ones into U+FFFD.
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      for (const part of text.split("&")) decodeURIComponent(part.replace(/\+/g, " "));
    } catch {
      throw invalidText();
    }
    for (const [key, value] of new URLSearchParams(text)) if (!(key in out)) out[key] = value;
  } else {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "content-type": type } }).formData();
    } catch {
      return {};
    }
    for (const [key, value] of form) {
      if (typeof value === "string" && !(key in out)) out[key] = value;
    }
    // The multipart parser turns bytes that are not UTF-8 into U+FFFD; more U+FFFD in the fields
    // than the body spells out (EF BF BD) means some were invalid (issue 15 item 7).
    const replaced = Object.values(out).reduce((n, v) => n + (v.match(/\uFFFD/g)?.length ?? 0), 0);
    if (replaced > 0 && replaced > countReplacementChars(bytes)) throw invalidText();
  }
  for (const value of Object.values(out)) if (value.includes("\u0000")) throw invalidText();
  return out;
}

/**
 * Converts an expected failure into a 4xx `data()` answer; rethrows anything else (which then
 * reaches the error boundary and the log).
 *
 * @param error what a command threw
 * @param extra fields added to the answer (intent, values)
 * @returns `data(ActionFailure, { status })`, with `Retry-After` for a 429 of an abuse limit
 * @throws the original error when it is not a {@link ForumError}
 */
export function failure(error: unknown, extra: Partial<ActionFailure> = {}) {
  if (error instanceof ForumError) {
    const body: ActionFailure = { ok: false, error: error.message, ...extra };
    if (error.title) body.title = error.title;
    return data(body, { status: error.status, headers: retryAfterHeaders(error) });
  }
  throw error;
}

/** A 400 answer for a request whose shape is wrong (unknown intent, missing fields). */
export function badRequest(extra: Partial<ActionFailure> = {}) {
  return data({ ok: false, error: errors.badRequest, ...extra } satisfies ActionFailure, { status: 400 });
}
