/**
 * `GET /api/nickname-available?nickname=…`: live nickname check of the register form
 * (SPEC §5 Nickname: availability after a 500 ms pause).
 *
 * @module
 */
import { isNicknameTaken } from "../../server/forum/queries";
import { servicesContext } from "../../server/platform/services";
import { auth as a } from "../../domain/i18n/sv";
import { isReservedNickname, nicknameFormatError } from "../../domain/limits";
import type { Route } from "./+types/api-nickname-available";

/** Answer of the check: `available`, or `taken`/`invalid` with the Swedish message. */
export type NicknameCheck = { status: "available" } | { status: "taken" | "invalid"; message: string };

/**
 * Validates the nickname's form, then answers `taken` for a reserved name ('Detta nickname är
 * reserverat') or one in use (looked up case-insensitively).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const nickname = new URL(request.url).searchParams.get("nickname") ?? "";
  const headers = { "Cache-Control": "no-store" };
  const invalid = nicknameFormatError(nickname);
  if (invalid) return Response.json({ status: "invalid", message: invalid } satisfies NicknameCheck, { headers });
  if (isReservedNickname(nickname)) {
    return Response.json({ status: "taken", message: a.nicknameReserved } satisfies NicknameCheck, { headers });
  }
  const taken = await isNicknameTaken(context.get(servicesContext).db, nickname);
  const body: NicknameCheck = taken ? { status: "taken", message: a.nicknameTaken } : { status: "available" };
  return Response.json(body, { headers });
}
