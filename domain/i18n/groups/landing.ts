/** Landing page (SPEC §2 Landing page) and the auth layout's clocks and header (SPEC §2 Auth layout). */
export const landing = {
  metaTitle: "Börssnack är live – Sveriges nya forum för börssnack",
  metaDescription:
    "Börssnack är nu öppet: forumet där svenska traders och investerare diskuterar aktier, fonder, makro och krypto. Skapa konto, reservera ditt nickname och häng med i snacket.",
  bannerTitle: "Börssnack är live!",
  bannerText: "Sveriges nya forum för börssnack är nu öppet för alla.",
  heroTitle: "Sveriges nya forum för börssnack",
  heroText:
    "Här möts svenska traders och investerare för att diskutera aktier, fonder, makro och krypto – från morgonens rapporter till kvällens stängningskurser.",
  startTitle: "Kom igång direkt",
  start: {
    reserved: {
      title: "Återställ lösenord",
      text: "Har du redan reserverat ett nickname före lanseringen? Logga in genom att återställa lösenordet med samma e-postadress som du använde när du reserverade.",
    },
    register: {
      title: "Skapa konto",
      text: "Ny på Börssnack? Välj ett nickname, bekräfta din e-post och börja skriva på under en minut.",
    },
    login: {
      title: "Logga in",
      text: "Har du redan ett konto? Logga in med lösenord eller med en inloggningslänk via e-post.",
    },
    forum: {
      title: "Utforska forumet",
      text: "Läs trådar och sök bland diskussionerna direkt – du behöver inget konto för att läsa.",
    },
  },
  aboutTitle: "Om Börssnack",
  aboutText:
    "Börssnack är en svensk mötesplats för traders och investerare. Diskussionerna samlas i trådar sorterade i kategorier, så att du snabbt hittar det som rör dina innehav och idéer.",
  aboutPoints: [
    "Skapa trådar och kommentera i kategorier för aktier, fonder, makro och mer.",
    "Reagera med Bullish, Bearish, Like eller Hot.",
    "Tagga andra medlemmar med @nickname och nämn aktier med $TICKER.",
    "Följ medlemmar och få notifieringar när något händer.",
  ],
  poweredBy: "Drivs av Börssnack – byggt med öppen källkod",
  clocksLabel: "Världsklockor",
  toLanding: "Börssnack – till startsidan för lanseringen",
} as const;
