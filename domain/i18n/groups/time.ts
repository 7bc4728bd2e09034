/** Relative-time and date helpers' fixed words. */
export const time = {
} as const;
