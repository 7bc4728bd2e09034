/**
 * The demo's shared lines: further comments and replies any thread may draw on when its own
 * script runs out. Each line is used at most once in the whole demo (the plan takes it out of
 * its pool), so no two comments read alike. Lines marked with {@link about} name the thread's
 * company and go only under a thread about one company (some only under a bank, a property
 * company…); the others name no company and fit anywhere.
 *
 * In replies, `asker` is the member replied to.
 *
 * Pure data: no database, no I/O.
 *
 * @module
 */
import type { DemoCompany } from "./companies";
import { about, after, bear, bull, holds, type Line } from "./lines";

const group = (...groups: Array<DemoCompany["group"]>) => (c: DemoCompany) => groups.includes(c.group);
const sells = (c: DemoCompany) => c.what !== undefined;

/** Further top-level comments. */
export const CHATTER: readonly Line[] = [
  about(bull(({ c }) => `Äger ${c.tag} sedan några år och har inte ångrat mig. Det är ett av de där bolagen man inte behöver titta på varje dag.`, "owns")),
  about(bear(({ c }) => `Jag är mer skeptisk. Värderingen i ${c.tag} prisar redan in det mesta av det positiva, så jag väntar hellre på nästa rapport.`, "does_not_own")),
  about(holds(({ c }) => `Sålde hälften av mina ${c.tag} förra månaden. Tar gärna tillbaka dem om det kommer en rekyl.`, "owns")),
  about(holds(({ c }) => `${c.tag} ligger på min bevakningslista, men jag väntar på ett bättre inköpsläge.`, "does_not_own")),
  about(({ c, other }) => `@${other} brukar ha koll på ${c.name}, vad säger du?`),
  about(holds(({ c }) => `Kassaflödet är det enda jag bryr mig om i ${c.tag}. Så länge det håller sitter jag still.`, "owns")),
  about(({ c }) => `Blankningen i ${c.tag} har ökat på sistone, värt att ha i bakhuvudet.`),
  about(bull(({ c }) => `Fyllde på lite ${c.tag} i morse. Inte för att jag vet något, jag tycker bara att priset är rimligt.`, "owns")),
  about(bear(({ c }) => `Skuldsättningen i ${c.tag} oroar mig mer än marginalerna, ärligt talat.`)),
  about(bull(({ c }) => `Det som talar för ${c.tag} är att ledningen har levererat det de lovat de senaste åren. Det är inte självklart.`)),
  about(bull(({ c }) => `${c.tag} är mitt största innehav och får så förbli. Jag säljer inte ett bra bolag för att kursen svajar.`, "owns")),
  about(bear(({ c }) => `Jag har försökt tycka om ${c.name} i flera år men får inte ihop kalkylen. Står kvar utanför ${c.tag}.`, "does_not_own")),
  about(({ c }) => `Vad är det som gör ${c.name} bättre än konkurrenterna, egentligen? Jag har aldrig riktigt förstått vallgraven.`),
  about(({ c }) => `Var det någon som såg ${c.gen} kapitalmarknadsdag? Jag hann bara se första halvtimmen av sändningen.`),
  about(bull(({ c }) => `Köpte ${c.tag} första gången för sju år sedan. Utvecklingen sedan dess säger det mesta.`, "owns")),
  about(bear(({ c }) => `Ledningen har bytts ut två gånger på fem år. Det är min största invändning mot ${c.tag}.`)),
  about(bear(({ c }) => `Analytikerna har höjt riktkursen tre gånger i år. Sådant gör mig mer nervös än glad. Jag minskar i ${c.tag}.`, "owns")),
  about(holds(({ c }) => `Har aldrig ägt ${c.tag}, men tråden får mig att vilja läsa på. Tack för alla inlägg.`, "does_not_own")),
  about(({ c }) => `Insynshandeln i ${c.name} är värd att kolla. Ingen i ledningen har köpt på över ett år.`),
  about(({ c }) => `Efterfrågan på ${c.what} kommer att vara stark i många år. Frågan är bara vad man ska betala för den.`, sells),
  about(bull(({ c }) => `Jag tror att marknaden underskattar hur mycket ${c.name} kan tjäna på ${c.what} om tre, fyra år. Ökade i ${c.tag} i veckan.`, "owns"), sells),
  about(({ c }) => `Lite vid sidan av, men vet någon när nästa rapport från ${c.name} kommer? Hittar inte den finansiella kalendern.`),
  about(({ c }) => `Jag räknar med en vinst per aktie i ${c.name} som är ungefär tio procent lägre än konsensus. Inte dyrt ändå, men ingen fyndlåda heller.`),
  about(bear(({ c }) => `Konkurrensen kommer att pressa marginalerna i ${c.name}, det är bara en tidsfråga. Jag har inga ${c.tag} och tänker inte skaffa några.`, "does_not_own")),
  about(bull(({ c }) => `Har ${c.tag} i barnens portföljer. Det är ett bolag jag tror finns kvar om tjugo år.`, "owns")),
  about(bear(({ c }) => `Sålde mina ${c.tag} för ett år sedan och har inte ångrat mig än.`, "does_not_own")),
  about(bear(({ c }) => `${c.tag} har varit dött kapital i min portfölj i två år. Tålamodet börjar ta slut.`, "owns")),
  about(bull(({ c }) => `Jag äger ${c.tag} både direkt och via en fond. Kanske för mycket, men jag tror på bolaget.`, "owns")),
  about(bull(({ c }) => `Kapitaltäckningen i ${c.name} ger utrymme för både höjd utdelning och återköp. Ser positivt på ${c.tag}.`), group("bank")),
  about(bull(({ c }) => `Belåningsgraden i ${c.tag} är under 50 procent nu. Det var länge sedan, och det gör mig lugnare.`), group("property")),
  about(({ c }) => `Forskningsportföljen i ${c.name} är det som avgör värderingen på sikt. Nästa studieresultat är viktigare än någon kvartalsrapport.`, group("health")),
  about(() => `Gick förbi en av deras butiker i helgen och det var fullt med folk. Ingen analys, men ändå.`, (c) => c.ticker === "HM-B" || c.ticker === "AXFO"),
  about(({ c }) => `Regleringsrisken är det som håller nere värderingen i ${c.name}. Ett nytt besked på en enda marknad kan flytta aktien tjugo procent åt vilket håll som helst.`, group("gaming")),
  about(holds(({ c }) => `Substansrabatten i ${c.name} har krympt i år. Jag köpte ${c.tag} när den var som störst och är nöjd.`, "owns"), group("holding")),
  about(({ c }) => `${c.name} är en ren råvarubetting, oavsett vad ledningen säger. Priset på ${c.what} avgör allt.`, (c) => c.group === "material" && sells(c)),
  about(bull(({ c }) => `Prishöjningarna har gått igenom utan att kunderna lämnat. Det är hela caset i ${c.tag}.`), group("telecom")),
  () => `Bra tråd, sparar den här.`,
  ({ asker }) => `Intressant resonemang, @${asker}. Har du någon källa eller är det en egen kalkyl?`,
  () => `Jag kör en enkel strategi: månadssparande i en global indexfond och några få enskilda aktier vid sidan av.`,
  ({ other }) => `@${other} skrev något klokt om det här för ett tag sedan, minns inte i vilken tråd.`,
  () => `Det viktigaste är att ha en plan och hålla fast vid den när det blåser.`,
  ({ asker }) => `Håller inte riktigt med dig @${asker}, men det är en bra diskussion.`,
  () => `Börsen är en maskin som flyttar pengar från de otåliga till de tålmodiga, som någon klok sa.`,
  ({ other }) => `@${other}, du brukar ha en åsikt om sådant här. Vad tror du?`,
  () => `Tack för tråden, jag lärde mig mer här än på en timme med sökmotorn.`,
  () => `Jag har ändrat mig i den här frågan flera gånger. Det enda jag vet säkert är att det är svårare än det låter.`,
  () => `Skönt att det finns olika åsikter här. Det är därför jag läser forumet.`,
];

/** Replies to a comment. */
export const REPLIES: readonly Line[] = [
  ({ asker }) => `@${asker} Bra poäng, det hade jag inte tänkt på.`,
  ({ asker }) => `@${asker} Exakt så tänker jag också.`,
  ({ asker }) => `@${asker} Har du någon källa på det, eller är det en egen kalkyl?`,
  ({ asker }) => `@${asker} Nja. Det låter bra på papperet, men jag har sett det gå åt andra hållet för många gånger.`,
  ({ asker }) => `@${asker} Fast är det inte precis det alla redan vet? Då är det ju inprisat.`,
  ({ asker }) => `@${asker} Håller med till hälften. Riktningen stämmer, men jag tror att det tar längre tid.`,
  ({ asker }) => `@${asker} Intressant, utveckla gärna!`,
  ({ asker }) => `@${asker} Det där skulle jag vilja se några siffror på innan jag köper resonemanget.`,
  ({ asker }) => `@${asker} Ha, du låter som jag för fem år sedan. Vänta bara.`,
  ({ asker }) => `@${asker} Jag tror du har rätt, men jag skulle inte satsa mycket pengar på det.`,
  ({ asker }) => `@${asker} Precis min erfarenhet också. Tålamodet är det svåra.`,
  ({ asker }) => `@${asker} Vi får se om ett år vem som hade rätt. Jag sparar tråden.`,
  ({ asker }) => `@${asker} Det där är en för enkel bild. Det finns fler faktorer än så.`,
  ({ asker }) => `@${asker} Bra sammanfattat, bättre än de flesta analytiker.`,
  ({ asker }) => `@${asker} Jag gjorde tvärtom förra gången och ångrade mig. Så du har nog rätt.`,
  about(({ asker }) => `@${asker} Vilken kurs köpte du på, om man får fråga?`),
  about(({ asker, c }) => `@${asker} Nästa rapport från ${c.name} kommer att visa vem av oss som har rätt.`),
  about(holds(({ asker, c }) => `@${asker} Tja, vi får se. Jag sitter kvar i ${c.tag} oavsett.`, "owns")),
  about(after("bullish", bull(({ asker, c }) => `@${asker} Jag köpte på mig lite ${c.tag} i går av samma skäl.`, "owns"))),
  about(({ asker, c }) => `@${asker} Hur stor del av portföljen är ${c.name} för dig? Det avgör nog hur man ska tänka.`),
  about(after("bearish", bear(({ asker, c }) => `@${asker} Just därför sålde jag mina ${c.tag} förra året. Risken är inte värd det.`, "does_not_own"))),
  about(({ asker, c }) => `@${asker} ${c.name} har varit med om värre saker än så här och klarat sig.`),
  about(({ asker, c }) => `@${asker} Vilken tidshorisont har du på ${c.name}? På ett år håller jag med, på fem inte alls.`),
  about(after("bullish", bull(({ asker, c }) => `@${asker} Håller med. Jag ökade i ${c.tag} när den föll senast och har inte ångrat det.`, "owns"))),
  about(({ asker, c }) => `@${asker} Var läste du det? Jag har inte sett något om det från ${c.name} själva.`),
  about(after("bullish", bear(({ asker, c }) => `@${asker} Jag tror tvärtom, ${c.tag} är för dyr för att det ska räcka.`))),
  about(holds(({ asker, c }) => `@${asker} Jag har ${c.tag} sedan länge och gör ingenting förrän nästa rapport.`, "owns")),
  about(holds(({ asker, c }) => `@${asker} Jag äger inga ${c.tag} själv, så jag tittar mest från sidan.`, "does_not_own")),
  about(bull(({ asker, c }) => `@${asker} Själv köpte jag mina första ${c.tag} i fjol, så jag är nog partisk.`, "owns")),
  about(holds(({ asker, c }) => `@${asker} Jag har sålt hälften av mina ${c.tag} men behåller resten, just av det skälet.`, "owns")),
  about(({ asker, c }) => `@${asker} Det jag saknar i alla analyser av ${c.name}: vad händer om efterfrågan faktiskt faller?`),
];

/** Replies that open with a quote of the comment they answer (the seeder adds the quote). */
export const QUOTE_REPLIES: readonly Line[] = [
  () => `Det här. Precis det här.`,
  () => `Håller med, men tidshorisonten är allt här.`,
  () => `Ärligt talat tror jag inte på det. Vi får se om ett par kvartal.`,
  () => `Det här borde stå överst i tråden.`,
  () => `Här tror jag att du tar i. Det har sett likadant ut förut utan att något hänt.`,
  () => `Bästa sammanfattningen hittills.`,
  () => `Ja och nej. Det stämmer i teorin, men i praktiken beter sig folk inte så.`,
  about(({ c }) => `Fast gäller inte det hela sektorn, inte bara ${c.name}?`),
  about(after("bullish", ({ c }) => `Skulle inte skriva under på det rakt av. Marginalerna i ${c.name} har gått åt fel håll två kvartal i rad.`), (c) => c.what !== undefined && c.group !== "property"),
  about(after("bullish", bull(({ c }) => `Exakt därför jag äger ${c.tag}. Det är ingen snabb affär, men den går åt rätt håll.`, "owns"))),
  about(({ c }) => `Intressant. Så har jag inte tänkt på ${c.name} tidigare.`),
  about(after("bullish", bear(({ c }) => `Det har sagts om ${c.tag} i tre år nu. Någon gång måste det synas i siffrorna också.`))),
  about(after("bullish", ({ c }) => `Bra argument. Jag har varit negativ till ${c.name}, men nu vet jag inte.`)),
  about(after("bearish", holds(({ c }) => `Det är precis därför jag inte äger ${c.tag}. Jag väntar tills det syns i siffrorna.`, "does_not_own"))),
];

/** The answer of a member who was asked by name (`asker` asked). */
export const ASKED_REPLIES: readonly Line[] = [
  about(({ asker, c }) => `@${asker} Försiktigt positiv till ${c.name}, men jag väntar på rapporten innan jag gör något.`),
  about(({ asker, c }) => `@${asker} Jag tycker att värderingen i ${c.name} är okej men inte mer. Ingen brådska att köpa.`),
  about(bull(({ asker, c }) => `@${asker} Jag äger ${c.tag} och tänker fortsätta göra det. Mer än så vågar jag inte säga.`, "owns")),
  about(bear(({ asker, c }) => `@${asker} Jag har sålt mina ${c.tag}. Inget drama, jag hittade bara bättre case.`, "does_not_own")),
  ({ asker }) => `@${asker} Haha, tack för förtroendet. Jag har ingen bestämd åsikt, så jag tittar mest från sidan.`,
  ({ asker }) => `@${asker} Jag tror att det blir lugnare än alla tror. Men jag har haft fel förut.`,
  ({ asker }) => `@${asker} Svårt att säga, men jag skulle inte ändra något i portföljen för det här.`,
  ({ asker }) => `@${asker} Bra fråga. Kort svar: det beror på tidshorisonten. Långt svar: det beror fortfarande på tidshorisonten.`,
];

/** The thread's author thanking an answer (`asker` answered). */
export const THANKS: readonly Line[] = [
  ({ asker }) => `Tack @${asker}, precis den här diskussionen jag letade efter.`,
  ({ asker }) => `Bra svar @${asker}, det lugnade mig lite.`,
  ({ asker }) => `@${asker} Tack, det var det jag behövde höra.`,
  ({ asker }) => `@${asker} Snyggt förklarat, tack!`,
  ({ asker }) => `Tack för svaret @${asker}. Jag tänker nog ett varv till innan jag gör något.`,
  ({ asker }) => `@${asker} Där fick jag något att fundera på. Tack!`,
  about(holds(({ asker, c }) => `@${asker} Tack! Då lutar det åt att jag behåller mina ${c.tag} ett tag till.`, "owns")),
  about(({ asker, c }) => `@${asker} Tack, det perspektivet på ${c.name} hade jag missat helt.`),
  about(({ asker, c }) => `@${asker} Tack, då läser jag på mer om ${c.name} innan jag bestämmer mig.`),
  about(holds(({ asker, c }) => `@${asker} Tack! Jag äger inga ${c.tag} än, men nu har jag något att gå på.`, "does_not_own")),
];
