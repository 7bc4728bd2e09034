/**
 * The report and block controls on every thread page (SPEC §4 Report/Block, §8 Permissions and
 * social): the 'Anmäl' button, the login toast a visitor gets from it, and the block item of the
 * moderation menu. A group of their own because every visitor's first visit to a thread loads them;
 * the dialogs, the report queue and the log use `moderation`.
 */
export const reporting = {
  report: "Anmäl",
  loginRequiredTitle: "Inloggning krävs",
  loginToReport: "Du måste vara inloggad för att anmäla innehåll.",
  blockUser: "Blockera användare",
  unblockUser: "Avblockera användare",
  checkingBlock: "Kontrollerar...",
};
