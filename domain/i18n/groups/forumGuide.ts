/**
 * The forum home's how-to box 'Så använder du forumet' (SPEC §2 Forum home), a group of its own:
 * the thread page, where most visitors land, does not download it.
 */
export const forumGuide = {
  howToTitle: "Så använder du forumet",
  howTo: [
    "Navigera: välj en kategori eller en diskussion i listan för att läsa.",
    "Starta en tråd: öppna en kategori och klicka på 'Nytt inlägg'.",
    "Kommentera: skriv i fältet under tråden, eller klicka 'Svara' på en kommentar.",
    "Reaktioner: visa vad du tycker med Bullish, Bearish, Like eller Hot.",
    "Taggningar: nämn andra medlemmar med @nickname och aktier med $TICKER.",
    "Anmäl: ser du något olämpligt, anmäl det så tittar moderatorerna på det.",
  ],
  /** 'Innehav': why disclosing a position matters (EU market abuse regulation, MAR). */
  howToDisclosureTitle: "Varför ange innehav?",
  howToDisclosure:
    "Berätta om du äger aktien du skriver om: välj 'Jag äger aktien' eller 'Jag äger inte aktien' under 'Innehav' när du skriver. Att prata upp en aktie du själv äger utan att säga det kan vara marknadsmanipulation enligt EU:s marknadsmissbruksförordning (MAR). Öppet innehav låter andra väga in ditt intresse när de läser.",
} as const;
