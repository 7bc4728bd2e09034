/**
 * `/api/block` (SPEC §4 Block, §6, §7 blocked_users, §8): `GET ?userId=` answers the block state
 * when the moderation menu opens (`{ ok, blocked, nickname }`); `POST` with `intent=block`
 * (`userId`, `reason?`) or `intent=unblock` (`userId`) flips it and answers the spec's toast.
 * Moderators and admins only (403 'Endast moderatorer och administratörer…'); visitors 401.
 *
 * @module
 */
import { data } from "react-router";
import { failure, readForm, badRequest } from "../../server/http";
import { blockUser, getBlockState, unblockUser } from "../../server/moderation/blocks";
import { servicesContext } from "../../server/services";
import { getViewer } from "../../server/session";
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

/** Blocks or unblocks. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  if (!viewer) return notLoggedIn();
  const actor = { id: viewer.id, role: viewer.role, blocked: viewer.blocked, nickname: viewer.nickname };
  try {
    if (form.intent === "block") {
      const { nickname } = await blockUser(services.db, actor, form.userId ?? "", form.reason);
      return data({ ok: true as const, blocked: true, toast: { title: m.blocked, description: m.blockedDescription(nickname) } });
    }
    if (form.intent === "unblock") {
      const { nickname } = await unblockUser(services.db, actor, form.userId ?? "");
      return data({ ok: true as const, blocked: false, toast: { title: m.unblocked, description: m.unblockedDescription(nickname) } });
    }
    return badRequest();
  } catch (error) {
    return failure(error, { values: { reason: form.reason ?? "" } });
  }
}
