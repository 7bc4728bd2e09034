/**
 * Reaction vocabulary (SPEC §3 reactions, §9 labels).
 *
 * @module
 */

/** bull, bear, like or fire. */
export type ReactionType = "bull" | "bear" | "like" | "fire";
/** thread or comment. */
export type TargetType = "thread" | "comment";
/** Display order of reaction buttons. */
export const REACTION_ORDER: readonly ReactionType[] = ["bull", "bear", "like", "fire"];
