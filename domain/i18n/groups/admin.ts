/** Admin area (SPEC §2 Admin dashboard, §6 Protected routes). */
export const admin = {
  title: "Admin Dashboard",
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
