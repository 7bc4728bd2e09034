/**
 * Calls a route's loader or action the way React Router does — a real `Request` with the
 * member's session cookie and client IP, the forum's services in the router context — and
 * reports what the client would get: status, headers, location and body (tests
 * of abuse limits and idempotent posting).
 *
 * @module
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { threadPath } from "../../domain/paths";
import { threads } from "../db/schema";
import { CLIENT_IP_HEADER } from "../http/client-ip";
import { servicesContext } from "../platform/services";
import type { TestForum, TestMember } from "./harness";

/** What a client would get from a loader or action. */
export interface RouteAnswer {
  status: number;
  headers: Headers;
  /** `Location` of a redirect, else null. */
  location: string | null;
  /** JSON or `data()` body, the text of any other body; null for a redirect or an empty answer. */
  body: any;
}

/** A loader or action as exported by a route module. */
export type RouteHandler = (args: any) => Promise<unknown> | unknown;

/**
 * Signs a member in through better-auth and returns the session cookie header.
 *
 * @returns `name=value; …` for the `Cookie` header
 */
export async function sessionCookie(forum: TestForum, member: TestMember): Promise<string> {
  const res = await forum.services.auth.api.signInEmail({
    body: { email: member.email, password: member.password },
    asResponse: true,
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A body as JSON when it is JSON, else its text (an Atom feed, a plain-text refusal). */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls a loader (no `form`) or action (`form`, URL-encoded POST).
 *
 * @param options `url` path, `form` fields, `multipart` body (instead of `form`), `params` route
 *   params, `cookie` (none: visitor), `ip` client address (default 203.0.113.1)
 * @returns the {@link RouteAnswer}
 */
export async function callRoute(
  forum: TestForum,
  handler: RouteHandler,
  options: {
    url: string;
    form?: Record<string, string>;
    multipart?: FormData;
    params?: Record<string, string>;
    cookie?: string;
    ip?: string;
  },
): Promise<RouteAnswer> {
  const headers: Record<string, string> = {
    origin: "http://localhost:3000",
    [CLIENT_IP_HEADER]: options.ip ?? "203.0.113.1",
  };
  if (options.cookie) headers.cookie = options.cookie;
  let init: RequestInit = { method: "GET", headers };
  if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init = { method: "POST", headers, body: new URLSearchParams(options.form).toString() };
  } else if (options.multipart) {
    init = { method: "POST", headers, body: options.multipart };
  }
  const request = new Request(`http://localhost:3000${options.url}`, init);
  const context = new RouterContextProvider();
  context.set(servicesContext, forum.services);
  const fromResponse = async (res: Response): Promise<RouteAnswer> => {
    const text = res.status >= 300 && res.status < 400 ? "" : await res.text();
    return { status: res.status, headers: res.headers, location: res.headers.get("location"), body: text ? jsonOrText(text) : null };
  };
  const fromData = (d: any): RouteAnswer => ({
    status: d.init?.status ?? 200,
    headers: new Headers(d.init?.headers),
    location: null,
    body: d.data,
  });
  try {
    const result = (await handler({ request, context, params: options.params ?? {} })) as any;
    if (result instanceof Response) return await fromResponse(result);
    if (result?.type === "DataWithResponseInit") return fromData(result);
    return { status: 200, headers: new Headers(), location: null, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return await fromResponse(thrown);
    if ((thrown as any)?.type === "DataWithResponseInit") return fromData(thrown);
    throw thrown;
  }
}

/**
 * A thread's canonical path, as the thread page's loader wants it (any other form redirects).
 *
 * @param threadId an existing thread's id
 * @returns `/forum/kategori/{categoryId}/trad/{threadId}/{slug}`
 * @throws Error when the thread does not exist
 */
export async function threadUrl(forum: TestForum, threadId: string): Promise<string> {
  const [row] = await forum.services.db
    .select({ categoryId: threads.categoryId, title: threads.title })
    .from(threads)
    .where(eq(threads.id, threadId));
  if (!row) throw new Error(`no thread ${threadId}`);
  return threadPath(row.categoryId, threadId, row.title);
}
