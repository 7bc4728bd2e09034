/**
 * The shared form schemas (SPEC §5): what a member typing into a form is told.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { auth as a, forum as f, reactions as r } from "./i18n/sv";
import {
  commentSchema,
  emailOnlySchema,
  fieldErrors,
  isBlankText,
  LIMITS,
  loginSchema,
  nicknameError,
  reactionSchema,
  registerSchema,
  threadSchema,
} from "./validation";

/** `{ field: message }` of a failed parse, or null when it succeeded. */
function errorsOf(result: { success: true } | { success: false; error: Parameters<typeof fieldErrors>[0] }) {
  return result.success ? null : fieldErrors(result.error);
}

describe("nicknameError (SPEC §5 Nickname)", () => {
  it("empty: 'Nickname kan inte vara tomt'", () => {
    expect(nicknameError("")).toBe(a.nicknameEmpty);
    expect(a.nicknameEmpty).toBe("Nickname kan inte vara tomt");
  });

  it("a space anywhere: 'Nickname kan inte innehålla mellanslag'", () => {
    expect(a.nicknameSpaces).toBe("Nickname kan inte innehålla mellanslag");
    for (const nickname of ["Aktie Anna", " anna", "anna ", " ", "anna\tb", "a\u00a0b"]) {
      expect(nicknameError(nickname), JSON.stringify(nickname)).toBe(a.nicknameSpaces);
    }
  });

  it("anything but letters (å, ä, ö included), digits, dot, underscore, hyphen: the characters message", () => {
    expect(a.nicknameChars).toBe(
      "Nickname får endast innehålla bokstäver (inklusive å, ä, ö), siffror, punkter, understreck och bindestreck",
    );
    for (const nickname of ["anna!", "<b>", "anna@hem", "a/b", "$VOLV", "anna#1", "a+b", "'or'1'='1", "😀😀"]) {
      expect(nicknameError(nickname), nickname).toBe(a.nicknameChars);
    }
  });

  it("spaces are reported before other characters (the spec's order)", () => {
    expect(nicknameError("a b!")).toBe(a.nicknameSpaces);
  });

  it("accepts letters with å, ä, ö in either case, digits, dot, underscore and hyphen", () => {
    for (const nickname of ["Aktie_Anna", "Åsa_Öberg", "börs-bertil.99", "ÅÄÖåäö", "x1", "A.B-C_D", "42"]) {
      expect(nicknameError(nickname), nickname).toBeNull();
    }
  });

  it("length 2–30 (docs/decisions/001-limits.md)", () => {
    expect(nicknameError("a")).toBe(a.nicknameLength);
    expect(nicknameError("ab")).toBeNull();
    expect(nicknameError("a".repeat(30))).toBeNull();
    expect(nicknameError("a".repeat(31))).toBe(a.nicknameLength);
  });
});

describe("registerSchema (SPEC §5 Register)", () => {
  const valid = { email: "anna@exempel.se", nickname: "Aktie_Anna", password: "hemligt" };

  it("accepts a valid form, trims and lower-cases the e-mail, keeps the nickname as typed", () => {
    const result = registerSchema.safeParse({ ...valid, email: "  Anna@Exempel.SE ", nickname: "Åsa_Öberg" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ email: "anna@exempel.se", nickname: "Åsa_Öberg", password: "hemligt" });
  });

  it("'Vänligen fyll i alla fält' when any field is missing or empty", () => {
    expect(a.fillAllFields).toBe("Vänligen fyll i alla fält");
    const cases: Array<Record<string, string>> = [
      {},
      { nickname: valid.nickname, password: valid.password },
      { email: valid.email, password: valid.password },
      { email: valid.email, nickname: valid.nickname },
      { ...valid, email: "" },
      { ...valid, email: "   " },
      { ...valid, nickname: "" },
      { ...valid, password: "" },
    ];
    for (const input of cases) {
      expect(errorsOf(registerSchema.safeParse(input)), JSON.stringify(input)).toEqual({ form: a.fillAllFields });
    }
  });

  it("password: 5 refused with the Swedish message, 6 accepted, 128 accepted, 129 refused", () => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, password: "12345" }))).toEqual({ password: a.passwordTooShort });
    expect(registerSchema.safeParse({ ...valid, password: "123456" }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, password: "x".repeat(128) }).success).toBe(true);
    expect(errorsOf(registerSchema.safeParse({ ...valid, password: "x".repeat(129) }))).toEqual({
      password: a.passwordTooLong,
    });
  });

  it("nickname errors reach the nickname field with the SPEC §5 message", () => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, nickname: "Aktie Anna" }))).toEqual({
      nickname: a.nicknameSpaces,
    });
    expect(errorsOf(registerSchema.safeParse({ ...valid, nickname: "anna!" }))).toEqual({ nickname: a.nicknameChars });
    expect(errorsOf(registerSchema.safeParse({ ...valid, nickname: "<b>" }))).toEqual({ nickname: a.nicknameChars });
  });

  it("an address without @ gets 'Vänligen ange en giltig e-postadress.'", () => {
    expect(a.invalidEmail).toBe("Vänligen ange en giltig e-postadress.");
    for (const email of ["anna", "anna@", "@exempel.se", "anna exempel.se"]) {
      expect(errorsOf(registerSchema.safeParse({ ...valid, email })), email).toEqual({ email: a.invalidEmail });
    }
  });

  it("reports several field errors at once", () => {
    expect(errorsOf(registerSchema.safeParse({ email: "anna", nickname: "a b", password: "123" }))).toEqual({
      email: a.invalidEmail,
      nickname: a.nicknameSpaces,
      password: a.passwordTooShort,
    });
  });
});

describe("loginSchema and emailOnlySchema (SPEC §5 Login)", () => {
  it("'Vänligen fyll i både e-post och lösenord' when either is empty", () => {
    expect(a.fillEmailAndPassword).toBe("Vänligen fyll i både e-post och lösenord");
    for (const input of [{}, { email: "a@exempel.se" }, { password: "x" }, { email: "  ", password: "x" }]) {
      expect(errorsOf(loginSchema.safeParse(input)), JSON.stringify(input)).toEqual({ form: a.fillEmailAndPassword });
    }
  });

  it("accepts any non-empty password (length rules are for registration) and normalises the e-mail", () => {
    const result = loginSchema.safeParse({ email: " Anna@Exempel.se ", password: "x" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ email: "anna@exempel.se", password: "x" });
  });

  it("emailOnlySchema lower-cases and trims, and refuses a non-address", () => {
    expect(emailOnlySchema.safeParse({ email: " Anna@Exempel.SE " }).data).toEqual({ email: "anna@exempel.se" });
    expect(errorsOf(emailOnlySchema.safeParse({ email: "anna" }))).toEqual({ email: a.invalidEmail });
  });
});

describe("threadSchema (SPEC §5 New thread)", () => {
  const categoryId = randomUUID();

  it("title: 200 characters accepted, 201 refused with 'Rubriken får vara högst 200 tecken.'", () => {
    expect(LIMITS.title).toBe(200);
    expect(threadSchema.safeParse({ categoryId, title: "x".repeat(200), body: "b" }).success).toBe(true);
    expect(errorsOf(threadSchema.safeParse({ categoryId, title: "x".repeat(201), body: "b" }))).toEqual({
      title: f.titleTooLong,
    });
    // Surrounding spaces do not count.
    expect(threadSchema.safeParse({ categoryId, title: ` ${"x".repeat(200)} `, body: "b" }).success).toBe(true);
  });

  it("empty or whitespace-only title and body are refused; values are trimmed", () => {
    expect(errorsOf(threadSchema.safeParse({ categoryId, title: "   ", body: "b" }))).toEqual({ title: f.titleRequired });
    expect(errorsOf(threadSchema.safeParse({ categoryId, title: "t", body: " \n\t " }))).toEqual({
      body: f.bodyRequired,
    });
    expect(errorsOf(threadSchema.safeParse({ categoryId, title: "", body: "" }))).toEqual({
      title: f.titleRequired,
      body: f.bodyRequired,
    });
    const ok = threadSchema.safeParse({ categoryId, title: "  Volvo  ", body: "\n Rapport \n" });
    expect(ok.data).toEqual({ categoryId, title: "Volvo", body: "Rapport" });
  });

  it("body: 20 000 characters accepted, 20 001 refused", () => {
    expect(threadSchema.safeParse({ categoryId, title: "t", body: "x".repeat(LIMITS.body) }).success).toBe(true);
    expect(errorsOf(threadSchema.safeParse({ categoryId, title: "t", body: "x".repeat(LIMITS.body + 1) }))).toEqual({
      body: f.bodyTooLong,
    });
  });

  it("a missing or malformed category asks to choose one", () => {
    expect(errorsOf(threadSchema.safeParse({ title: "t", body: "b" }))).toEqual({ categoryId: f.categoryRequired });
    expect(errorsOf(threadSchema.safeParse({ categoryId: "aktier", title: "t", body: "b" }))).toEqual({
      categoryId: f.categoryRequired,
    });
  });
});

describe("commentSchema (SPEC §5 Comment)", () => {
  it("empty or whitespace-only text is refused with 'Kommentaren får inte vara tom.'", () => {
    for (const body of ["", "   ", "\n\t"]) {
      expect(errorsOf(commentSchema.safeParse({ body })), JSON.stringify(body)).toEqual({ body: f.commentRequired });
    }
  });

  it("10 000 characters accepted, 10 001 refused; text is trimmed", () => {
    expect(commentSchema.safeParse({ body: "x".repeat(LIMITS.comment) }).success).toBe(true);
    expect(errorsOf(commentSchema.safeParse({ body: "x".repeat(LIMITS.comment + 1) }))).toEqual({
      body: f.commentTooLong,
    });
    expect(commentSchema.safeParse({ body: "  Håller med!  " }).data).toEqual({ body: "Håller med!" });
  });

  it("a reply carries its parent id; an empty parent means a top-level comment; junk is refused", () => {
    const parentId = randomUUID();
    expect(commentSchema.safeParse({ body: "svar", parentId }).data).toEqual({ body: "svar", parentId });
    expect(commentSchema.safeParse({ body: "topp", parentId: "" }).data).toEqual({ body: "topp", parentId: undefined });
    expect(commentSchema.safeParse({ body: "topp" }).data).toEqual({ body: "topp" });
    expect(commentSchema.safeParse({ body: "svar", parentId: "inte-ett-id" }).success).toBe(false);
  });
});

describe("reactionSchema (SPEC §5 Reactions)", () => {
  const targetId = randomUUID();

  it("accepts bull, bear, like and fire on a thread or a comment", () => {
    for (const targetType of ["thread", "comment"]) {
      for (const reactionType of ["bull", "bear", "like", "fire"]) {
        expect(reactionSchema.safeParse({ targetType, targetId, reactionType }).success).toBe(true);
      }
    }
  });

  it("refuses any other type, target type or a missing target id with 'Ogiltig reaktion'", () => {
    expect(errorsOf(reactionSchema.safeParse({ targetType: "thread", targetId, reactionType: "love" }))).toEqual({
      reactionType: r.invalid,
    });
    expect(errorsOf(reactionSchema.safeParse({ targetType: "thread", targetId, reactionType: "Bull" }))).toEqual({
      reactionType: r.invalid,
    });
    expect(errorsOf(reactionSchema.safeParse({ targetType: "post", targetId, reactionType: "bull" }))).toEqual({
      targetType: r.invalid,
    });
    expect(errorsOf(reactionSchema.safeParse({ targetType: "thread", reactionType: "bull" }))).toEqual({
      targetId: r.invalid,
    });
    expect(errorsOf(reactionSchema.safeParse({ targetType: "thread", targetId: "", reactionType: "bull" }))).toEqual({
      targetId: r.invalid,
    });
  });
});

describe("reserved nicknames", () => {
  it("refuses the reserved names and look-alikes differing in case, dots, underscores or hyphens", () => {
    for (const nickname of [
      "admin",
      "Administrator",
      "MODERATOR",
      "mod",
      "System",
      "support",
      "borssnack",
      "Börssnack",
      "Börs-Snack",
      "staff",
      "root",
      "null",
      "undefined",
      "info",
      "noreply",
      "no-reply",
      "Ad.Min",
      "_admin_",
      "a-d_m.i-n",
    ]) {
      expect(nicknameError(nickname), nickname).toBe(a.nicknameReserved);
    }
  });

  it("accepts names that merely contain a reserved word", () => {
    for (const nickname of ["Admin_Anna", "Modbert", "Börssnackaren", "rooted", "Infobörs"]) {
      expect(nicknameError(nickname), nickname).toBeNull();
    }
  });

  it("refuses a reserved name at registration with 'Detta nickname är reserverat'", () => {
    const result = registerSchema.safeParse({ email: "a@exempel.se", nickname: "Mod.erator", password: "hemligt" });
    expect(errorsOf(result)).toEqual({ nickname: a.nicknameReserved });
  });
});

describe("invisible characters count as empty (SPEC §5 non-empty trimmed)", () => {
  const invisible = ["\u200B", "\u2800", "\u3164", "\u115F", "\u1160", "\uFFA0", "\u2060", "\uFEFF", "\u200E", "\u00A0", "\u3000"];
  const categoryId = randomUUID();

  it("isBlankText: invisible characters alone are blank, one visible character is not", () => {
    for (const ch of invisible) expect(isBlankText(` ${ch}${ch}\n`), JSON.stringify(ch)).toBe(true);
    expect(isBlankText(invisible.join(""))).toBe(true);
    expect(isBlankText("\u200Ba\u200B")).toBe(false);
    expect(isBlankText("😀")).toBe(false);
  });

  it("a title, body or comment of invisible characters is refused like an empty one", () => {
    const blank = invisible.join("");
    expect(errorsOf(threadSchema.safeParse({ categoryId, title: blank, body: "Text" }))).toEqual({ title: f.titleRequired });
    expect(errorsOf(threadSchema.safeParse({ categoryId, title: "Rubrik", body: "\u2800\n\u3164" }))).toEqual({
      body: f.bodyRequired,
    });
    expect(errorsOf(commentSchema.safeParse({ body: "\u200B\u200B" }))).toEqual({ body: f.commentRequired });
    expect(threadSchema.safeParse({ categoryId, title: "\u200BRubrik", body: "Text" }).success).toBe(true);
  });
});
