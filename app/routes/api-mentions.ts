/**
 * `GET /api/mentions?q=…`: members for the @mention picker (SPEC §5 @mention; §7 search profiles
 * by nickname: case-insensitive contains, default limit 5; only with 2+ characters).
 *
 * @module
 */
import { clientIp } from "../../server/http/client-ip";
import { RateLimitedError, retryAfterHeaders } from "../../server/platform/errors";
import { getViewer } from "../../server/accounts/session";
import { searchNicknames } from "../../server/profiles/search";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/api-mentions";

/**
 * JSON array of `{ id, nickname, avatarUrl }`; empty under 2 characters. Over the abuse limit
 * (server/abuse/action-limits.ts, `mention`): 429 `{ error }` with `Retry-After`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const viewer = await getViewer(services, request);
  try {
    await services.actionLimits.enforce("mention", { userId: viewer?.id ?? null, ip: clientIp(request), role: viewer?.role });
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return Response.json({ error: error.message }, { status: 429, headers: { "Cache-Control": "no-store", ...retryAfterHeaders(error) } });
  }
  const users = await searchNicknames(services.db, q);
  return Response.json(users, { headers: { "Cache-Control": "no-store" } });
}
