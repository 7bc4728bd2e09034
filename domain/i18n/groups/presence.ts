/** Presence: the online-users indicator (SPEC §2 Landing page, §3 Online stats, §4 Presence). */
export const presence = {
  online: (n: number) => `${n} online`,
  onlineLabel: (n: number, lastHour: number) =>
    `${n} ${n === 1 ? "medlem" : "medlemmar"} online just nu, ${lastHour} aktiva senaste timmen`,
} as const;
