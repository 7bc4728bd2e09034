/** Generic errors (SPEC §8 Authentication, generic handler) and the 404 page (SPEC §2). */
export const errors = {
  genericTitle: "Ett fel uppstod",
  genericUnknown: "Ett okänt fel uppstod. Försök igen senare.",
  server: "Ett fel uppstod vid anropet till servern.",
  serverUnknown: "Ett okänt fel uppstod",
  unexpectedApp: "Unexpected Application Error!",
  notFound: "Hoppsan! Sidan hittades inte",
  backToStart: "Tillbaka till startsidan",
  connectionTitle: "Anslutningsproblem",
  connectionText:
    "Vi kunde inte verifiera din inloggning. Detta kan bero på anslutningsproblem.",
  badRequest: "Ogiltig förfrågan.",
  /** A write sent from another website (cross-site requests). */
  crossSite: "Förfrågan kom från en annan webbplats och stoppades. Ladda om sidan och försök igen.",
  /** A form or API body above the size limit. */
  bodyTooLarge: "Förfrågan är för stor. Korta ner texten och försök igen.",
  /** Text that is not valid UTF-8 or holds NUL characters. */
  invalidText: "Texten innehåller ogiltiga tecken. Ta bort dem och försök igen.",
  /** Title of the 400 page for an address with broken encoding or control characters. */
  badAddressTitle: "Ogiltig adress",
  /** Text of that page; also the JSON error of API routes. */
  badAddress: "Adressen innehåller ogiltiga tecken. Kontrollera länken och försök igen.",
  /** A request without a valid Host header. */
  badHost: "Förfrågan saknar en giltig värd (Host).",
  /** An HTTP method the forum does not offer, e.g. TRACE: 405. */
  methodNotAllowed: "Metoden stöds inte.",
} as const;
