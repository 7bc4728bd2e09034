/**
 * A member found by a search, as a chip on the results page `/forum/sok` (the 'Profiler' row of
 * the first unfiltered page): avatar and nickname, the searched words marked, linking to the profile.
 *
 * @module
 */
import { Link } from "react-router";
import type { SearchResult } from "../../../domain/search";
import { EdgeAvatar } from "../ui/edge-level";
import { Highlighted } from "./highlight";
import { resultPath } from "./result-link";

/**
 * The chip: one link holding the avatar and the nickname as two flex items.
 *
 * @param member a `member` search result (its `title` is the nickname)
 * @param terms lower-case words and stems to mark
 */
export function MemberChip({ member, terms }: { member: SearchResult; terms: readonly string[] }) {
  return (
    <Link
      to={resultPath(member)}
      className="flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pl-1 pr-3 text-sm font-semibold text-slate-800 hover:border-brand-300"
    >
      <EdgeAvatar nickname={member.title} avatarUrl={member.avatar_url} edgeLevel={null} size="sm" />
      {/* One flex item: the nickname with its marks inside (see Highlighted). */}
      <Highlighted text={member.title} terms={terms} />
    </Link>
  );
}
