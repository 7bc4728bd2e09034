import type { Role } from "../../values";

/** Role labels (SPEC §9). */
export const roles = { member: "Medlem", moderator: "Moderator", admin: "Admin" } as const satisfies Record<Role, string>;
