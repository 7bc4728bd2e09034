/**
 * The pure rules of private messages: which cooked messages link outside the forum (held when
 * from an account younger than a day), the text the same-text rule compares, and who may write
 * to whom and do what with a message (domain/policy/messages.ts).
 */
import { describe, expect, it } from "vitest";
import { linksOutside, MESSAGE_EDIT_WINDOW_S, sameTextKey } from "./messages";
import { mayStartConversation, maySendIn, messageCan } from "./policy/messages";

describe("linksOutside", () => {
  it("finds http(s), protocol-relative and mailto links; a mention, a cashtag or a forum path is not one", () => {
    expect(linksOutside('<p><a href="https://exempel.se/pump" rel="nofollow ugc">köp</a></p>')).toBe(true);
    expect(linksOutside('<p><a href="//exempel.se">x</a></p>')).toBe(true);
    expect(linksOutside('<p><a href="mailto:a@b.se">mejla</a></p>')).toBe(true);
    expect(linksOutside('<p><a href="/forum/profil/abc" class="mention">@anna</a> <a href="/forum/aktie/VOLV-B" class="cashtag">$VOLV-B</a></p>')).toBe(false);
    expect(linksOutside("<p>Ingen länk här</p>")).toBe(false);
  });
});

describe("sameTextKey", () => {
  it("compares lower case with white space folded", () => {
    expect(sameTextKey("  Köp  AKTIEN\nnu ")).toBe(sameTextKey("köp aktien nu"));
    expect(sameTextKey("Köp aktien nu")).not.toBe(sameTextKey("Sälj aktien nu"));
  });
});

describe("who may write", () => {
  const stance = { messagesFrom: "everyone" as const, followsSender: false, mutesSender: false };
  it("follows the recipient's setting, and a mute always refuses", () => {
    expect(mayStartConversation(stance)).toBe(true);
    expect(mayStartConversation({ ...stance, messagesFrom: "nobody" })).toBe(false);
    expect(mayStartConversation({ ...stance, messagesFrom: "following" })).toBe(false);
    expect(mayStartConversation({ ...stance, messagesFrom: "following", followsSender: true })).toBe(true);
    expect(mayStartConversation({ ...stance, mutesSender: true })).toBe(false);
  });
  it("a one-to-one goes on unless the other member mutes the sender or is gone; a group goes on", () => {
    expect(maySendIn({ isGroup: false, other: { mutesSender: false } })).toBe(true);
    expect(maySendIn({ isGroup: false, other: { mutesSender: true } })).toBe(false);
    expect(maySendIn({ isGroup: false, other: null })).toBe(false);
    expect(maySendIn({ isGroup: true, other: { mutesSender: true } })).toBe(true);
  });
  it("the author edits for 5 minutes and deletes any time; the others report; a deleted message allows nothing", () => {
    const sent = { authorId: "a", createdAtMs: 0, deleted: false };
    expect(messageCan("a", sent, MESSAGE_EDIT_WINDOW_S * 1000)).toEqual({ edit: true, delete: true, report: false });
    expect(messageCan("a", sent, MESSAGE_EDIT_WINDOW_S * 1000 + 1)).toEqual({ edit: false, delete: true, report: false });
    expect(messageCan("b", sent, 0)).toEqual({ edit: false, delete: false, report: true });
    expect(messageCan("b", { ...sent, deleted: true }, 0)).toEqual({ edit: false, delete: false, report: false });
    expect(messageCan("b", { ...sent, authorId: null }, 0).report).toBe(false);
  });
});
