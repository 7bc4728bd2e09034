/**
 * The report and block controls on every thread page (SPEC §4 Report/Block, §8 Permissions and
 * social): the 'Anmäl' button, the login toast a visitor gets from it, the block item of the
 * moderation menu and the staff's 'Blockerad' beside a blocked member's posts. A group of their
 * own because every visitor's first visit to a thread loads them; the dialogs, the report queue
 * and the log use `moderation`.
 */
export const reporting = {
  report: "Anmäl",
  loginRequiredTitle: "Inloggning krävs",
  loginToReport: "Du måste vara inloggad för att anmäla innehåll.",
  blockUser: "Blockera användare",
  unblockUser: "Avblockera användare",
  checkingBlock: "Kontrollerar...",
  /** Staff only: beside the name of a blocked member's posts. */
  blockedBadge: "Blockerad",
  blockedBadgeTitle: "Medlemmen är blockerad och kan inte skapa inlägg eller kommentarer. Bara moderatorer och administratörer ser detta.",
};
