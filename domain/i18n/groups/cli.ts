/** CLI messages (`forum` command). */
export const cli = {
  usage: `Användning:
  forum set-role <nickname> <member|moderator|admin>   Ändra en medlems roll
  forum create-admin <e-post> <nickname>                Skapa en administratör (lösenordet i FORUM_ADMIN_PASSWORD)
  forum migrate                                         Kör databasmigreringar
  forum seed-demo [--force]                             Fyll forumet med demoinnehåll
                                                        (--force krävs när NODE_ENV=production)
  forum recook                                          Rendera om alla inlägg och profiltexter (Markdown)
  forum backup <fil>                                    Säkerhetskopiera databasen till en fil
  forum restore <fil>                                   Återställ databasen från en säkerhetskopia
  forum help                                            Visa den här hjälpen`,
  unknownCommand: (c: string) => `Okänt kommando: ${c}`,
  unknownNickname: (n: string) => `Hittar ingen medlem med nickname "${n}"`,
  unknownRole: (r: string) => `Okänd roll "${r}". Välj member, moderator eller admin.`,
  roleSet: (n: string, r: string) => `${n} har nu rollen ${r}.`,
  migrated: "Databasen är migrerad.",
  seeded: (users: number, threads: number, comments: number) =>
    `Demoinnehåll skapat: ${users} användare, ${threads} trådar, ${comments} kommentarer.`,
  alreadySeeded: "Demoinnehållet finns redan.",
  demoLogins: (password: string) =>
    `Logga in som någon av demoanvändarna (samma lösenord för alla: ${password}):`,
  demoLogin: (nickname: string, email: string) => `  ${nickname.padEnd(18)} ${email}`,
  /** A demo login with staff powers (the demo has a moderator and an admin). */
  demoStaffLogin: (nickname: string, email: string, role: string) => `  ${nickname.padEnd(18)} ${email} (${role})`,
  seedInProduction:
    "Vägrar skapa demoinnehåll när NODE_ENV=production: demokontona har ett känt lösenord. Lägg till --force om du verkligen vill.",
  failed: (message: string) => `Kommandot misslyckades: ${message}`,
  adminPasswordMissing: "Ange lösenordet (minst 8 tecken) i miljövariabeln FORUM_ADMIN_PASSWORD.",
  adminCreated: (nickname: string, email: string) => `Administratören ${nickname} (${email}) är skapad.`,
  backedUp: (file: string, bytes: number) => `Säkerhetskopian är sparad i ${file} (${Math.ceil(bytes / 1024)} kB).`,
  restored: (file: string) => `Databasen är återställd från ${file}.`,
  restoreMovedAside: (dir: string) => `Den tidigare databasmappen ligger kvar i ${dir}.`,
  /** The embedded database has one writer, the running server. */
  serverRunning: (pid: number, dataDir: string) =>
    `Servern körs (process ${pid}) och har den inbyggda databasen i ${dataDir} öppen. Stoppa servern först, eller kör kommandot mot PostgreSQL med DATABASE_URL.`,
  backupFileMissing: (file: string) => `Hittar ingen säkerhetskopia i ${file}.`,
  pgToolMissing: (tool: string) =>
    `${tool} saknas. Installera PostgreSQL-klienten (t.ex. apt install postgresql-client) i samma version som servern.`,
  pgToolFailed: (tool: string, message: string) => `${tool} misslyckades: ${message}`,
} as const;
