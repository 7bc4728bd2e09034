/**
 * `GET /api/mentions?q=…`: members for the @mention picker (SPEC §5 @mention; §7 search profiles
 * by nickname: case-insensitive contains, default limit 5; only with 2+ characters).
 *
 * @module
 */
import { searchNicknames } from "../../server/profiles/search";
import { servicesContext } from "../../server/services";
import type { Route } from "./+types/api-mentions";

/** JSON array of `{ id, nickname, avatarUrl }`; empty under 2 characters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const users = await searchNicknames(context.get(servicesContext).db, q);
  return Response.json(users, { headers: { "Cache-Control": "no-store" } });
}
