/**
 * One word per thing in the Swedish catalogue (`domain/i18n/sv.ts`): notifications are
 * 'notifieringar' (SPEC §2/§8 'Inga notifieringar', 'Alla notifieringar är nu lästa'), never
 * 'notiser'; a member's name is their 'nickname' (the field 'Nickname' and its messages, SPEC §5),
 * never 'användarnamn'; and visible admin headings are Swedish ('Admin Dashboard' is only the
 * spec's name of the layout, kept for the document title).
 */
import { describe, expect, it } from "vitest";
import * as sv from "../../domain/i18n/sv";

/** Every text of a catalogue value: strings as they are, a function's template by its source. */
function texts(value: unknown, at: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === "string") out.push([at, value]);
  else if (typeof value === "function") out.push([at, value.toString()]);
  else if (value && typeof value === "object") for (const [key, inner] of Object.entries(value)) texts(inner, `${at}.${key}`, out);
  return out;
}

describe("catalogue words", () => {
  const all = texts(sv, "sv", []);

  it("says 'notifiering(ar)', never 'notis' / 'notiser'", () => {
    expect(all.filter(([, text]) => /notis/i.test(text)).map(([at]) => at)).toEqual([]);
  });

  it("says 'nickname', never 'användarnamn'", () => {
    expect(all.filter(([, text]) => /användarnamn/i.test(text)).map(([at]) => at)).toEqual([]);
  });

  it("keeps 'Admin Dashboard' for the title only; the heading and badge say 'Admin'", () => {
    expect(sv.admin.heading).toBe("Admin");
    expect(all.filter(([, text]) => text.includes("Admin Dashboard")).map(([at]) => at)).toEqual(["sv.admin.title"]);
  });
});
