/** Admin area (SPEC §2 Admin dashboard, §6 Protected routes). */
export const admin = {
  /** The document `<title>` only: the spec's name of the layout (SPEC §2 'Admin Dashboard'). */
  title: "Admin Dashboard",
  /** The visible heading and the header badge: Swedish. */
  heading: "Admin",
  users: "Användare",
  usersDescription: "Se medlemmar, vem som är aktiv och ta bort konton.",
  messages: "Meddelanden",
  messagesDescription: "Skicka e-post till alla eller utvalda medlemmar.",
  roles: "Användarroller",
  rolesDescription: "Ändra roller: Medlem, Moderator eller Admin.",
  accessNote: { admin: "Du har åtkomst som administratör.", moderator: "Du har åtkomst som moderator." },
  backToForum: "Till forumet",
  footer: (year: number) => `© ${year} Börssnack – Admin`,
} as const;
