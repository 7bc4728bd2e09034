/**
 * Helpers for route actions: reading form data safely and turning expected failures into 4xx
 * answers with Swedish messages (ARCHITECTURE.md "bad input: return 400 data, never throw").
 *
 * @module
 */
import { data } from "react-router";
import { abuseLimits as al, errors } from "../../domain/i18n/sv";
import { ForumError, retryAfterHeaders } from "../platform/errors";

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
 * percent-encoded (oversized bodies refused early). Uploads have their own
 * limit (app/routes/api-uploads.ts).
 */
export const FORM_MAX_BYTES = 512 * 1024;

/** The 413 answer for a body over its limit (JSON for API routes, the error page for pages). */
const tooLarge = () => data({ ok: false, error: errors.bodyTooLarge } satisfies ActionFailure, { status: 413 });
/**
 * A body still arriving after this many milliseconds is cut: a client that
 * trickles its body byte by byte would otherwise hold a request open for as long as it likes.
 */
export const BODY_TIMEOUT_MS = 30_000;

/** The 408 answer for a body that did not arrive within {@link BODY_TIMEOUT_MS}. */
const tooSlow = () =>
  data({ ok: false, error: al.slowBody } satisfies ActionFailure, { status: 408, headers: { Connection: "close" } });

/** The 400 answer for text that is not valid UTF-8 or holds NUL characters. */
const invalidText = () => data({ ok: false, error: errors.invalidText } satisfies ActionFailure, { status: 400 });

/** Options of the bounded body readers. */
export interface BodyLimit {
  /** Largest body accepted, in bytes (default {@link FORM_MAX_BYTES}). */
  limit?: number;
  /** Longest time to receive the whole body, in ms (default {@link BODY_TIMEOUT_MS}; tests). */
  timeoutMs?: number;
}

/** Logs a refused body: method, path, the limit and what was declared or read (bytes). */
function logTooLarge(request: Request, limit: number, seen: number | string): void {
  console.warn(`[http] body too large: ${request.method} ${new URL(request.url).pathname} (limit ${limit} B, got ${seen})`);
}

/**
 * THE way a route reads a request body: counts bytes as they stream in and stops at the limit,
 * chunked or declared. Past the limit the rest is not read here: the stream is
 * released, not cancelled (cancelling destroys the socket, so the client would see a reset
 * instead of the 413), and the request guard drains and drops what the client still sends
 * after the answer (server/security/request-guard.ts).
 *
 * A body that has not fully arrived {@link BODY_TIMEOUT_MS} (30 s) after reading began is cut
 * the same way (released, and drained by the guard), and answered 408.
 *
 * @param request the loader's or action's request
 * @param options.limit largest body in bytes (default {@link FORM_MAX_BYTES}); `timeoutMs` the
 *   time allowed for the whole body (default 30 000 ms)
 * @returns the body bytes (empty for no body); `null` when it is over the limit — declared by
 *   `Content-Length` (nothing is read) or found while streaming; `"too-slow"` when it did not
 *   arrive in time; each refusal is logged
 */
export async function readBytes(request: Request, options: BodyLimit = {}): Promise<Uint8Array<ArrayBuffer> | null | "too-slow"> {
  const limit = options.limit ?? FORM_MAX_BYTES;
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) {
    logTooLarge(request, limit, `Content-Length ${declared}`);
    return null;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const timeoutMs = options.timeoutMs ?? BODY_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"too-slow">((resolve) => {
    timer = setTimeout(() => resolve("too-slow"), timeoutMs);
  });
  try {
    for (;;) {
      const pending = reader.read();
      const next = await Promise.race([pending, deadline]);
      if (next === "too-slow") {
        // The pending read rejects when the lock is released below; nobody waits for it.
        pending.catch(() => undefined);
        console.warn(`[http] body too slow: ${request.method} ${new URL(request.url).pathname} (${size} B in ${timeoutMs} ms)`);
        return "too-slow";
      }
      const { done, value } = next;
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        logTooLarge(request, limit, `> ${size} B streamed`);
        return null;
      }
      chunks.push(value);
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
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
 * @param options.limit largest body in bytes (default {@link FORM_MAX_BYTES}, 512 kB)
 * @returns field name → string value (files and repeated fields: first string value)
 * @throws a 408 `data()` answer ('Förfrågan tog för lång tid att skicka…') for a body that has not
 *   arrived within 30 s ({@link BODY_TIMEOUT_MS}); a 413 `data()` answer ('Förfrågan är för stor…') for a body over the limit, declared or
 *   streamed, and a 400 answer ('Texten innehåller ogiltiga tecken…') for URL-encoded or
 *   multipart text fields whose bytes are not UTF-8 or any field holding a NUL
 *   character
 */
export async function readForm(request: Request, options: BodyLimit = {}): Promise<Record<string, string>> {
  return firstValues(await readFormAll(request, options));
}

/**
 * Like {@link readForm}, but keeps every value of a repeated field (e.g. `userIds=a&userIds=b`).
 *
 * @param request the action's request
 * @param options.limit largest body in bytes (default {@link FORM_MAX_BYTES})
 * @returns field name → every string value, in order (files are left out)
 * @throws the 408, 413 and 400 answers of {@link readForm}
 */
export async function readFormAll(request: Request, options: BodyLimit = {}): Promise<Record<string, string[]>> {
  const bytes = await readBytes(request, options);
  if (bytes === "too-slow") throw tooSlow();
  if (!bytes) throw tooLarge();
  const type = request.headers.get("content-type") ?? "";
  const out: Record<string, string[]> = {};
  const add = (key: string, value: string) => (out[key] ??= []).push(value);
  if (type.startsWith("application/x-www-form-urlencoded")) {
    let text: string;
    try {
      // Percent-escapes are checked too: URLSearchParams would silently turn bad ones into U+FFFD.
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      for (const part of text.split("&")) decodeURIComponent(part.replace(/\+/g, " "));
    } catch {
      throw invalidText();
    }
    for (const [key, value] of new URLSearchParams(text)) add(key, value);
  } else {
    const form = await parseMultipart(bytes, type);
    if (!form) return {};
    for (const [key, values] of Object.entries(form.fields)) for (const value of values) add(key, value);
    // The multipart parser turns bytes that are not UTF-8 into U+FFFD; more U+FFFD in the fields
    // than the body spells out (EF BF BD) means some were invalid.
    const replaced = Object.values(out).flat().reduce((n, v) => n + (v.match(/\uFFFD/g)?.length ?? 0), 0);
    if (replaced > 0 && replaced > countReplacementChars(bytes)) throw invalidText();
  }
  for (const values of Object.values(out)) if (values.some((v) => v.includes("\u0000"))) throw invalidText();
  return out;
}

function firstValues(all: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, values] of Object.entries(all)) if (values[0] !== undefined) out[key] = values[0];
  return out;
}

/**
 * Reads a JSON body with the same byte limit as forms.
 *
 * @param request the action's request
 * @param options.limit largest body in bytes (default {@link FORM_MAX_BYTES})
 * @returns the parsed value (`unknown`: validate it, e.g. with zod)
 * @throws the 408 and 413 answers of {@link readForm}; a 400 answer (`errors.badRequest`) for a body that
 *   is not UTF-8 JSON
 */
export async function readJson(request: Request, options: BodyLimit = {}): Promise<unknown> {
  const bytes = await readBytes(request, options);
  if (bytes === "too-slow") throw tooSlow();
  if (!bytes) throw tooLarge();
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw data({ ok: false, error: errors.badRequest } satisfies ActionFailure, { status: 400 });
  }
}

/** A file part of a multipart body, read into memory (already bounded by the reader's limit). */
export interface UploadedFile {
  /** File name the browser sent ('' when none). */
  name: string;
  /** Declared media type ('' when none); never trust it, sniff the bytes. */
  type: string;
  /** Size in bytes. */
  size: number;
  bytes: Buffer;
}

/** The fields and files of a multipart (or URL-encoded) body. */
export interface ParsedForm {
  /** field name → every string value, in order */
  fields: Record<string, string[]>;
  /** field name → every file, in order */
  files: Record<string, UploadedFile[]>;
}

/**
 * Parses already-bounded body bytes as a form (multipart or URL-encoded).
 *
 * @param bytes the body, as returned by {@link readBytes}
 * @param contentType the request's `Content-Type`
 * @returns the fields and files, or `null` when the bytes are not a form of that type
 */
export async function parseMultipart(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<ParsedForm | null> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    return null;
  }
  const parsed: ParsedForm = { fields: {}, files: {} };
  for (const [key, value] of form) {
    if (typeof value === "string") (parsed.fields[key] ??= []).push(value);
    else (parsed.files[key] ??= []).push({ name: value.name, type: value.type, size: value.size, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return parsed;
}

/**
 * Reads a multipart body (uploads) with its own limit.
 *
 * @param request the action's request
 * @param options.limit largest body in bytes
 * @returns the fields and files; `"too-large"` when the body is over the limit (logged; the route
 *   answers 413 with its own message); `"too-slow"` when it did not arrive within 30 s (the route
 *   answers 408); `null` when it is not a form
 */
export async function readMultipart(
  request: Request,
  options: BodyLimit & { limit: number },
): Promise<ParsedForm | "too-large" | "too-slow" | null> {
  const bytes = await readBytes(request, options);
  if (bytes === "too-slow") return bytes;
  if (!bytes) return "too-large";
  return parseMultipart(bytes, request.headers.get("content-type") ?? "");
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
