/**
 * `/api/block` (SPEC §4 Block, §6, §7 blocked_users, §8): `GET ?userId=` answers the block state
 * when the moderation menu opens (`{ ok, blocked, nickname }`); `POST` with `intent=block`
 * (`userId`, `reason?`) or `intent=unblock` (`userId`) flips it and answers the spec's toast.
 * Moderators and admins only (403 'Endast moderatorer och administratörer…'); visitors 401.
 *
 * @module
 */
import { data } from "react-router";
import { failure, readForm, badRequest } from "../../server/http/forms";
import { blockWrite, getBlockState, unblockWrite } from "../../server/moderation/blocks";
import { runWrite, writeContext, writeFailure } from "../../server/writes/pipeline";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { moderation as m } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-block";

function notLoggedIn() {
  return data({ ok: false as const, error: m.loginRequired, title: m.notLoggedIn }, { status: 401 });
}

/** The block state of `?userId=`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return notLoggedIn();
  try {
    const state = await getBlockState(services.db, viewer, new URL(request.url).searchParams.get("userId") ?? "");
    return data({ ok: true as const, ...state });
  } catch (error) {
    return failure(error);
  }
}

/** Blocks or unblocks: runs {@link blockWrite} or {@link unblockWrite} and maps its result. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return notLoggedIn();
  const form = await readForm(request);
  const ctx = writeContext(services, viewer, request);
  if (form.intent === "block") {
    const result = await runWrite(blockWrite, ctx, { userId: form.userId ?? "", reason: form.reason });
    if (!result.ok) return writeFailure(result, { values: { reason: form.reason ?? "" } });
    return data({ ok: true as const, blocked: true, toast: { title: m.blocked, description: m.blockedDescription(result.value.nickname) } });
  }
  if (form.intent === "unblock") {
    const result = await runWrite(unblockWrite, ctx, { userId: form.userId ?? "" });
    if (!result.ok) return writeFailure(result, { values: { reason: form.reason ?? "" } });
    return data({ ok: true as const, blocked: false, toast: { title: m.unblocked, description: m.unblockedDescription(result.value.nickname) } });
  }
  return badRequest();
}
