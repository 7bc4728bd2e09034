/**
 * One way to write: every member write — thread, comment, reaction, report, follow,
 * block and their undo/delete — is declared as a small pipeline of steps, in the spirit of
 * Discourse's service objects (contract, policy, model, transaction) and Outline's commands.
 * A route reads its form, calls {@link runWrite} with the declared write, and maps the
 * {@link WriteResult} to HTTP with {@link writeFailure} (or its own JSON); it never assembles
 * limits, idempotency, notifications or events by hand.
 *
 * The steps, always in this order (each is optional except `login`, `parse`, `transaction`):
 *
 * 1. `login` — a visitor is refused with 401 and the write's Swedish message. A write anyone may
 *    make, visitors too, is declared with {@link defineOpenWrite}: its input carries the
 *    credential (a mailed link's token) and its steps see `actor: null` for a visitor.
 * 2. `access` — who may use the write at all, judged on the actor alone before the input is
 *    looked at (admins only, staff only, not a blocked member); refuses with 403. It keeps the
 *    answer of a member who may not write the same whatever they sent.
 * 3. `parse` — the raw fields → typed input (zod schema of `domain/validation.ts`, see
 *    {@link parseWith}); a failure is 400 (or the declared status) with Swedish field errors.
 * 4. `policy` — loads what the rule needs and applies the pure policy function of
 *    `domain/policy/*`; refuses with 401/403/404 and a Swedish message. Returns the loaded data
 *    (`Loaded`) for the later steps.
 * 5. `idempotency` — optional (threads and comments): the form's key and the identical-text rule
 *    (`postOnce`, server/forum/submissions.ts). A double submit is answered with the first
 *    submit's result (`duplicate: true`) and goes no further; identical text within the window
 *    is refused with 429.
 * 6. `limits` — the abuse-limit actions that apply (server/abuse/action-limits.ts), counted by one
 *    function of this module ({@link checkLimits}): all checked before any is spent. It comes
 *    after the idempotency check so a replayed double submit costs nothing, and after `parse`
 *    and `policy` so a malformed or refused request costs nothing.
 * 7. `prepare` — work outside the transaction that only a real write needs (cooking Markdown,
 *    re-encoding and storing an uploaded image). When the transaction then fails, `discard`
 *    undoes what `prepare` left outside the database (deletes the stored file).
 * 8. `transaction` — the model changes and their in-transaction side effects (notification rows,
 *    moderation-log rows, the idempotency record), in one database transaction.
 * 9. `changes` and `events` — after commit only: the write declares what it changed for the
 *    caches (`changes`, default `pages`; server/cache/page-writes.ts empties them on every
 *    instance once the answer is sent), then realtime publish, fan-out kicks and removing files
 *    the write made unused. A failure here is logged; the write stands.
 *
 * Expected failures are thrown inside steps as {@link ForumError} (or {@link RateLimitedError})
 * and come out of {@link runWrite} as `{ ok: false, status, error, title?, fieldErrors?,
 * retryAfterS? }`; anything else (a database outage) is rethrown.
 *
 * @example Declaring and running a write
 * ```ts
 * export const followWrite = defineWrite({
 *   name: "follow",
 *   login: { message: p.loginToFollow, title: p.followFailed },
 *   parse: (raw: { userId: string }) => raw.userId,
 *   policy: async ({ db, actor }, userId) => {
 *     if (actor.id === userId) throw new ForumError(400, p.cannotFollowSelf, p.followFailed);
 *   },
 *   limits: "follow",
 *   transaction: (tx, { actor }, userId) => tx.insert(userFollows).values({ followerId: actor.id, followingId: userId }),
 * });
 * // in a route action:
 * const result = await runWrite(followWrite, writeContext(services, viewer, request), { userId: form.userId ?? "" });
 * if (!result.ok) return writeFailure(result);
 * ```
 *
 * @module
 */
import { data } from "react-router";
import type { z } from "zod";
import type { Role } from "../../domain/roles";
import { fieldErrors } from "../../domain/validation";
import type { ActionLimits, LimitedAction } from "../abuse/action-limits";
import { declareChange, type CacheChange } from "../cache/page-writes";
import { clientIp } from "../http/client-ip";
import type { Db, Tx } from "../db/client";
import { ForumError, RateLimitedError } from "../platform/errors";
import { postOnce, type SubmissionRef } from "../forum/submissions";
import type { Services } from "../platform/services";

/** The member acting. `nickname` is used by moderation-log rows and notifications. */
export interface WriteActor {
  id: string;
  role: Role;
  nickname: string;
  /** True while the account is blocked: a blocked member posts nothing and a blocked moderator moderates nothing; absent means not blocked. */
  blocked?: boolean;
  /** When the account was made (ms since the epoch), from the session lookup: the first-day limits need not read it. */
  joinedAtMs?: number;
}

/** What a write runs with: the database, who acts, from where, and the limits to count. */
export interface WriteContext {
  /** Database handle; a transaction handle works too (the write then nests as a savepoint). */
  db: Db | Tx;
  /** The logged-in member, or null for a visitor (refused by the `login` step). */
  actor: WriteActor | null;
  /** Client IP, for the per-IP limits. */
  ip?: string;
  /**
   * The per-action limits and identical-text window; when absent (scripts, seeding, unit tests
   * of the commands) no limit is counted and identical text is not refused.
   */
  limits?: Pick<ActionLimits, "enforce" | "identicalTextWindowS">;
}

/**
 * The context as steps after `login` see it: the actor is a member. For a write declared with
 * {@link defineOpenWrite} (`A` = `WriteActor | null`) the actor is null for a visitor.
 */
export interface WriteScope<A extends WriteActor | null = WriteActor> extends WriteContext {
  actor: A;
}

/** The `login` step of a member's write: the 401 answer for a visitor. */
export interface LoginStep {
  message: string;
  title?: string;
}

/** The `login` step of a write anyone may make ({@link defineOpenWrite}): visitors go on. */
export interface OpenLoginStep {
  visitors: true;
}

/** An expected failure as a write returns it; the fields of the route's 4xx answer. */
export interface WriteFailure {
  ok: false;
  /** HTTP status: 400, 401, 403, 404, 409, 413, 415 or 429. */
  status: ForumError["status"];
  /** Swedish message for the user. */
  error: string;
  /** Toast title (catalogue string), when there is one. */
  title?: string;
  /** Field name → Swedish message, for a parse failure. */
  fieldErrors?: Record<string, string>;
  /** Seconds until a refused (429) request would be accepted. */
  retryAfterS?: number;
}

/** The result of a write: its value, or the expected failure. */
export type WriteResult<T> =
  | {
      ok: true;
      value: T;
      /** True when a double submit was answered with its first submit's result (nothing written). */
      duplicate: boolean;
    }
  | WriteFailure;

/** A parse failure: a {@link ForumError} with the Swedish message of every invalid field. */
export class WriteInputError extends ForumError {
  /**
   * @param status 400 (or 404 when the missing thing is the target)
   * @param message the first field's message
   * @param fieldErrors field name → message
   * @param title toast title
   */
  constructor(
    status: ForumError["status"],
    message: string,
    public readonly fieldErrors: Record<string, string>,
    title?: string,
  ) {
    super(status, message, title);
    this.name = "WriteInputError";
  }
}

/** The idempotency step of a posting write (threads and comments; server/forum/submissions.ts). */
export interface IdempotencyStep<Raw, Input, Value> {
  /** The form's hidden key, if any (field `submitKey`). */
  key(raw: Raw): string | undefined;
  /** The write's value for an earlier submit's post, or null when it is gone. */
  fromRef(scope: WriteScope, ref: SubmissionRef): Promise<Value | null>;
  /** The author's latest post with the same text within `windowS` seconds. */
  recent(
    scope: WriteScope,
    input: Input,
    windowS: number,
  ): Promise<{ result: Value; ref: SubmissionRef; ageS: number; samePlace: boolean } | null>;
  /** Where a new post ended up, recorded against the key in the write's transaction. */
  ref(value: Value, input: Input): SubmissionRef;
  /**
   * The post's place and text as one string (`PostOptions.samePost`): identical submits at the
   * same moment with different keys land on the first one's post.
   */
  samePost?(input: Input): string;
}

/**
 * A declared write; see the module comment for the order the steps run in. `A` is who the steps
 * see as the actor: a member (`WriteActor`, {@link defineWrite}), or a member or nobody
 * (`WriteActor | null`, {@link defineOpenWrite}).
 */
export interface WriteSpec<Raw, Input, Loaded, Prepared, Value, A extends WriteActor | null = WriteActor> {
  /** Short name, for logs. */
  name: string;
  /** The 401 answer for a visitor; `{ visitors: true }` for a write anyone may make. */
  login: null extends A ? OpenLoginStep : LoginStep;
  /**
   * Who may use the write at all, on the actor alone, before the input is parsed (a visitor of an
   * open write is not judged here).
   * @throws {ForumError} 403 with a Swedish message
   */
  access?(actor: WriteActor): void;
  /**
   * Raw fields → typed input.
   * @throws {WriteInputError} (via {@link parseWith}) or {@link ForumError} for bad input
   */
  parse(raw: Raw): Input;
  /**
   * Loads what the rule needs and applies the pure policy; returns the loaded data.
   * @throws {ForumError} 401/403/404 with a Swedish message
   */
  policy?(scope: WriteScope<A>, input: Input): Promise<Loaded> | Loaded;
  /** The abuse-limit action(s) counted for this write, or a function of the input choosing them. */
  limits?: LimitedAction | LimitedAction[] | ((input: Input) => LimitedAction[]);
  /** Double-submit handling (optional). */
  idempotency?: IdempotencyStep<Raw, Input, Value>;
  /**
   * Work before the transaction opens, only for a real write (e.g. cooking Markdown, storing an
   * uploaded file).
   * @throws {ForumError} to refuse (e.g. an image that cannot be decoded)
   */
  prepare?(scope: WriteScope<A>, input: Input, loaded: Loaded): Promise<Prepared>;
  /**
   * Undoes what `prepare` did outside the database (deletes the file it stored) when the
   * transaction did not commit, whatever the reason. Errors are logged; the transaction's own
   * failure is what the write answers.
   */
  discard?(scope: WriteScope<A>, prepared: Prepared): Promise<void>;
  /**
   * The model changes and their in-transaction side effects.
   * @throws {ForumError} to refuse (the transaction rolls back)
   */
  transaction(tx: Tx, scope: WriteScope<A>, input: Input, loaded: Loaded, prepared: Prepared): Promise<Value>;
  /**
   * `transaction` runs exactly one SQL statement (atomic by itself): it gets the database handle,
   * without BEGIN and COMMIT, two round trips fewer on a hot write (a private message). Not with
   * `idempotency`, whose record needs the transaction.
   */
  oneStatement?: boolean;
  /**
   * After commit only: realtime publish, fan-out kicks, removing files the write made unused.
   * Errors are logged, not answered.
   */
  events?(scope: WriteScope<A>, value: Value, input: Input, loaded: Loaded): Promise<void>;
  /**
   * What the committed write changed for the caches (server/cache/page-writes.ts), declared for
   * the request after the commit. Without it: `["pages"]`. `[]` for a preference no cached page
   * shows, or for a write whose value says it changed nothing.
   */
  changes?(value: Value): readonly CacheChange[];
}

const PAGES: readonly CacheChange[] = ["pages"];

/**
 * Declares a write (identity function that fixes the step types).
 *
 * @param spec the steps
 * @returns the same spec, for {@link runWrite}
 */
export function defineWrite<Raw, Input, Loaded = undefined, Prepared = undefined, Value = void>(
  spec: WriteSpec<Raw, Input, Loaded, Prepared, Value>,
): WriteSpec<Raw, Input, Loaded, Prepared, Value> {
  return spec;
}

/**
 * Declares a write anyone may make, a visitor too (identity function that fixes the step types):
 * its `login` is `{ visitors: true }` and its steps see `actor: null` for a visitor. For writes
 * whose input carries their own credential, such as the token of a mailed link; per-address
 * limits (`visitorIp`, server/abuse/action-limits.ts) count a visitor's requests.
 *
 * @param spec the steps
 * @returns the same spec, for {@link runWrite}
 */
export function defineOpenWrite<Raw, Input, Loaded = undefined, Prepared = undefined, Value = void>(
  spec: WriteSpec<Raw, Input, Loaded, Prepared, Value, WriteActor | null>,
): WriteSpec<Raw, Input, Loaded, Prepared, Value, WriteActor | null> {
  return spec;
}

/**
 * Parses raw fields with a zod schema (the `parse` step's usual body).
 *
 * @param schema a schema of `domain/validation.ts` (messages in Swedish)
 * @param raw the submitted fields
 * @param options `title`: toast title of the failure; `status`: the status for the first invalid
 *   field (default 400); `message`: one message for any failure (default: the first field's)
 * @returns the parsed value
 * @throws {WriteInputError} with the first field's message and every field's message
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  options: { title?: string; status?: (field: string) => ForumError["status"]; message?: string } = {},
): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0]!;
  const status = options.status?.(String(first.path[0] ?? "")) ?? 400;
  throw new WriteInputError(status, options.message ?? first.message, fieldErrors(parsed.error), options.title);
}

/**
 * The limit step: the one place where a write's limits are counted. Every rule of every
 * applicable action is checked first and points are spent only when all allow (one
 * `ActionLimits.enforce` call for all actions), so a refused write costs nothing — a refusal by
 * the per-address ceiling does not spend the member's first-day quota. Moderators and admins are
 * exempt (`exemptFromActionLimits`, server/abuse/action-limits.ts).
 *
 * @param scope who (id and role; null actor: a visitor, counted by address) and from where
 *   (`limits` absent → nothing is counted)
 * @param actions the actions that apply
 * @throws {RateLimitedError} 429 with the wait in seconds
 */
export async function checkLimits(scope: WriteScope<WriteActor | null>, actions: LimitedAction[]): Promise<void> {
  if (!scope.limits || actions.length === 0) return;
  await scope.limits.enforce(actions, { userId: scope.actor?.id ?? null, ip: scope.ip ?? "", role: scope.actor?.role, joinedAtMs: scope.actor?.joinedAtMs });
}

function limitActions<Input>(spec: { limits?: LimitedAction | LimitedAction[] | ((input: Input) => LimitedAction[]) }, input: Input): LimitedAction[] {
  const l = spec.limits;
  if (!l) return [];
  if (typeof l === "function") return l(input);
  return Array.isArray(l) ? l : [l];
}

/** A thrown {@link ForumError} as a {@link WriteFailure}. */
function toFailure(error: ForumError): WriteFailure {
  const failure: WriteFailure = { ok: false, status: error.status, error: error.message };
  if (error.title) failure.title = error.title;
  if (error instanceof WriteInputError) failure.fieldErrors = error.fieldErrors;
  if (error instanceof RateLimitedError) failure.retryAfterS = error.retryAfterS;
  return failure;
}

/** How many times a write's transaction runs when PostgreSQL rolls it back as a deadlock's victim. */
export const TRANSACTION_ATTEMPTS = 3;
/** SQLSTATEs after which the transaction runs again: deadlock_detected, serialization_failure. */
const RETRIED_CODES = new Set(["40P01", "40001"]);

/** The SQLSTATE of a database error, also when Drizzle wraps it (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Runs a declared write: login → access → parse → policy → idempotency → limits → prepare →
 * transaction (again, up to {@link TRANSACTION_ATTEMPTS} times in all, when PostgreSQL picks it as
 * a deadlock's victim) → changes and events (module comment).
 *
 * @param spec the declared write
 * @param context database, actor, IP and limits ({@link writeContext} builds it in a route)
 * @param raw the submitted fields
 * @returns `{ ok: true, value, duplicate }`, or the {@link WriteFailure} of the first step that
 *   refused
 * @throws anything that is not a {@link ForumError} (e.g. the database is unavailable)
 */
export async function runWrite<Raw, Input, Loaded, Prepared, Value, A extends WriteActor | null>(
  spec: WriteSpec<Raw, Input, Loaded, Prepared, Value, A>,
  context: WriteContext,
  raw: Raw,
): Promise<WriteResult<Value>> {
  try {
    const login = spec.login as LoginStep | OpenLoginStep;
    if (!context.actor && !("visitors" in login)) throw new ForumError(401, login.message, login.title);
    if (context.actor && spec.access) spec.access(context.actor);
    const scope = { ...context, actor: context.actor } as WriteScope<A>;
    const input = spec.parse(raw);
    const loaded = (spec.policy ? await spec.policy(scope, input) : undefined) as Loaded;
    const write = async (record?: (tx: Tx, ref: SubmissionRef) => Promise<void>): Promise<Value> => {
      const prepared = (spec.prepare ? await spec.prepare(scope, input, loaded) : undefined) as Prepared;
      let value: Value;
      for (let attempt = 1; ; attempt += 1) {
        try {
          value =
            spec.oneStatement && !record
              ? await spec.transaction(scope.db as Tx, scope, input, loaded, prepared)
              : await scope.db.transaction(async (tx) => {
                  const value = await spec.transaction(tx, scope, input, loaded, prepared);
                  if (record && spec.idempotency) await record(tx, spec.idempotency.ref(value, input));
                  return value;
                });
          break;
        } catch (error) {
          // PostgreSQL chose this transaction as a deadlock's victim (or a serialization failure):
          // it rolled back whole, and running it again is the documented remedy.
          if (attempt < TRANSACTION_ATTEMPTS && RETRIED_CODES.has(sqlStateOf(error) ?? "")) continue;
          await spec.discard?.(scope, prepared).catch((failure: unknown) => {
            console.error(`[writes] ${spec.name}: discard after a failed transaction failed:`, (failure as Error).message);
          });
          throw error;
        }
      }
      for (const change of spec.changes ? spec.changes(value) : PAGES) declareChange(change);
      if (spec.events) {
        await spec.events(scope, value, input, loaded).catch((error: unknown) => {
          console.error(`[writes] ${spec.name}: events after commit failed:`, (error as Error).message);
        });
      }
      return value;
    };
    const limits = () => checkLimits(scope, limitActions(spec, input));
    const idem = spec.idempotency;
    if (!idem) {
      await limits();
      return { ok: true, value: await write(), duplicate: false };
    }
    // Idempotency keys belong to a member: only member writes declare this step.
    const member = scope as WriteScope;
    // postOnce wraps the value in an object to add `duplicate`: carry the value in a box.
    const boxed = await postOnce(
      scope.db as Db,
      member.actor.id,
      {
        submitKey: idem.key(raw),
        samePost: idem.samePost?.(input),
        identicalTextWindowS: scope.limits?.identicalTextWindowS ?? 0,
        beforeWrite: limits,
      },
      {
        fromRef: async (ref) => box(await idem.fromRef(member, ref)),
        recent: async (windowS) => {
          const recent = await idem.recent(member, input, windowS);
          return recent ? { ...recent, result: { value: recent.result } } : null;
        },
        write: async (record) => ({ value: await write(record) }),
      },
    );
    return { ok: true, value: boxed.value, duplicate: boxed.duplicate };
  } catch (error) {
    if (error instanceof ForumError) return toFailure(error);
    throw error;
  }
}

const box = <V>(value: V | null) => (value === null ? null : { value });

/**
 * The value of a successful write, or its failure thrown again as the {@link ForumError} it was
 * (for callers that use the throwing command functions: scripts, other commands, tests).
 *
 * @returns the value and `duplicate`
 * @throws {RateLimitedError} for a 429 with a wait, {@link WriteInputError} for a parse failure,
 *   else {@link ForumError}
 */
export function unwrap<T>(result: WriteResult<T>): { value: T; duplicate: boolean } {
  if (result.ok) return { value: result.value, duplicate: result.duplicate };
  if (result.retryAfterS !== undefined) throw new RateLimitedError(result.error, result.retryAfterS, result.title);
  if (result.fieldErrors) throw new WriteInputError(result.status, result.error, result.fieldErrors, result.title);
  throw new ForumError(result.status, result.error, result.title);
}

/**
 * The {@link WriteContext} of a route request: the services' database and limits, the viewer and
 * the client IP.
 *
 * @param services the server services (`db`, `actionLimits`)
 * @param viewer the logged-in viewer (`id`, `role`, `nickname`), or null for a visitor
 * @param request the request (for the client IP)
 * @returns the context for {@link runWrite}
 */
export function writeContext(
  services: Pick<Services, "db" | "actionLimits">,
  viewer: WriteActor | null,
  request: Request,
): WriteContext {
  return {
    db: services.db,
    actor: viewer ? { id: viewer.id, role: viewer.role, nickname: viewer.nickname, blocked: viewer.blocked, joinedAtMs: viewer.joinedAtMs } : null,
    ip: clientIp(request),
    limits: services.actionLimits,
  };
}

/** The answer body of a failed write (the `ActionFailure` shape of server/http/forms.ts). */
export interface FailureBody {
  ok: false;
  error: string;
  title?: string;
  fieldErrors?: Record<string, string>;
}

/**
 * The JSON body of a failed write as routes answer it.
 *
 * @param result the failure
 * @param extra fields added to the body (intent, values the user typed)
 * @returns `{ ok: false, error, title?, fieldErrors?, ...extra }`
 */
export function failureBody<E extends object = Record<never, never>>(result: WriteFailure, extra?: E): FailureBody & E {
  const body = { ok: false as const, error: result.error, ...(extra ?? ({} as E)) } as FailureBody & E;
  if (result.title) body.title = result.title;
  if (result.fieldErrors) body.fieldErrors = result.fieldErrors;
  return body;
}

/** The `Retry-After` header of a refused (429) write, else none. */
export function failureHeaders(result: WriteFailure): Record<string, string> {
  return result.retryAfterS !== undefined ? { "Retry-After": String(result.retryAfterS) } : {};
}

/**
 * Maps a failed write to the route's HTTP answer: `data({ ok: false, error, title?,
 * fieldErrors?, ...extra }, { status })`, with `Retry-After` for a 429 — the same answer
 * `failure()` of server/http/forms.ts gives for a thrown error.
 *
 * @param result the failure
 * @param extra fields added to the answer (intent, values the user typed)
 * @returns the `data()` answer
 */
export function writeFailure<E extends object = Record<never, never>>(result: WriteFailure, extra?: E) {
  return data(failureBody(result, extra), { status: result.status, headers: failureHeaders(result) });
}

/**
 * A failed write as the plain JSON answer of the small member endpoints (`/api/notifications`,
 * `/api/presence`): `{ ok: false, error }` with the write's status and no toast title. A 429
 * carries `Retry-After` and `Cache-Control: no-store`, as `refusedJson` of
 * server/abuse/action-limits.ts answers a refusal.
 *
 * @param result the failure
 * @returns the `Response`
 */
export function failureJson(result: WriteFailure): Response {
  const headers: Record<string, string> = result.status === 429 ? { "Cache-Control": "no-store", ...failureHeaders(result) } : {};
  return Response.json({ ok: false, error: result.error }, { status: result.status, headers });
}
