/**
 * `POST /api/unread` (docs/decisions/052-unread-and-links.md), members only:
 * - `intent=read&threadId=…&seen=id,id,…`: the thread page reports the comments that were on the
 *   member's screen (`markReadWrite`) → JSON `{ ok, readUpTo }`, or `{ ok: false, error }` with
 *   400 / 401 / 404 / 429;
 * - `intent=all[&categoryId=…]&back=/path`: 'Markera alla som lästa' for the whole forum or one
 *   category (`markAllReadWrite`) → 303 back to `back` with a toast, 401 for a visitor (a plain form works without
 *   JavaScript; a fetcher follows the redirect and the lists load again without the marks).
 *
 * @module
 */
import { redirect } from "react-router";
import { errors, unread as ur } from "../../domain/i18n/sv";
import { getViewer, safeRedirect } from "../../server/accounts/session";
import { setFlash } from "../../server/http/flash";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { markAllReadWrite, markReadWrite } from "../../server/unread/commands";
import { failureJson, runWrite, writeContext } from "../../server/writes/pipeline";
import type { Route } from "./+types/api-unread";

/** GET is not a read mark. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Runs the read mark the form names; see the module comment for the answers. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  const form = viewer ? await readForm(request) : {};
  const ctx = writeContext(services, viewer, request);
  if (form.intent === "all") {
    const result = await runWrite(markAllReadWrite, ctx, { categoryId: form.categoryId });
    const toast = result.ok
      ? { title: result.value.categoryName ? ur.markedCategoryRead(result.value.categoryName) : ur.markedAllRead }
      : { title: ur.markFailed, description: result.error, kind: "error" as const };
    return redirect(safeRedirect(form.back), { status: 303, headers: { "Set-Cookie": await setFlash({ toast }) } });
  }
  if (viewer && form.intent !== "read") return Response.json({ ok: false, error: errors.badRequest }, { status: 400 });
  const result = await runWrite(markReadWrite, ctx, { threadId: form.threadId, seen: form.seen });
  if (!result.ok) return failureJson(result);
  return Response.json({ ok: true, ...result.value }, { headers: { "Cache-Control": "no-store" } });
}
