/** EdgeLevel, the engagement score (SPEC §1, §3, §9): profile bar and avatar ring. */
export const edgeLevel = {
  /** A percentage as shown (SPEC §9: ×100 without decimals), e.g. `42 %`. */
  percent: (percent: number) => `${percent}\u00a0%`,
  /** Visible bar label, e.g. `EdgeLevel 42 %`. */
  label: (percent: number) => `EdgeLevel ${percent}\u00a0%`,
  /** Tooltip of the avatar ring, e.g. `Aktie_Anna – EdgeLevel 42 %`. */
  ringTitle: (nickname: string, percent: number) => `${nickname} – EdgeLevel ${percent}\u00a0%`,
  /** Names of the colour bands (below 20, 20–39, 40–59, 60–79, 80 % and above). */
  bands: ["Nykomling", "Deltagare", "Aktiv", "Engagerad", "Tongivande"],
  description:
    "EdgeLevel visar hur aktiv en medlem är: trådar, kommentarer, reaktioner från andra och givna reaktioner, och sjunker efter en månads inaktivitet.",
} as const;
