/**
 * The rules of a poll ('Omröstning', docs/decisions/054-polls.md) without a database: the form
 * fields, the option and closing-time checks shared by the browser's form and the server's
 * schemas, the vote schema, the voting and results policy and the percentages.
 */
import { describe, expect, it } from "vitest";
import { polls as pl } from "./i18n/sv";
import { isPollClosed, seesPollResults, votePermission } from "./policy/polls";
import {
  POLL_LABEL_MAX,
  POLL_OPEN_MAX_DAYS,
  parsePollClosing,
  pollClosingError,
  pollFromForm,
  pollOptionsError,
  pollPart,
  pollPercent,
  voteFromForm,
} from "./polls";
import { fieldErrors, newThreadSchema, pollVoteSchema } from "./validation";

const DAY = 24 * 3600 * 1000;
const thread = { categoryId: "6f1c0d0e-3b7a-4b8e-9b51-0c7e1f2a3b4c", title: "Vilken bank?", body: "Rösta nedan." };
/** A Stockholm wall-clock time `days` from now, as a `datetime-local` field sends it. */
const wallClock = (days: number) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
    .format(new Date(Date.now() + days * DAY))
    .replace(" ", "T");

describe("the poll fields of the new-thread form", () => {
  it("reads nothing unless 'Lägg till omröstning' is ticked, and the options in their order", () => {
    expect(pollFromForm({ title: "x", "pollOption.0": "Ja" })).toBeNull();
    expect(
      pollFromForm({ poll: "on", "pollOption.10": "Sist", "pollOption.2": "Tre", "pollOption.0": "Ett", pollMultiple: "on", pollClosesAt: "2030-01-01T10:00", "pollOption.x": "nej" }),
    ).toEqual({ options: ["Ett", "Tre", "Sist"], multiple: true, closesAt: "2030-01-01T10:00" });
    expect(pollFromForm({ poll: "on" })).toEqual({ options: [], multiple: false, closesAt: "" });
  });

  it("a vote's options: the radio group and each ticked box, once each", () => {
    const a = "11111111-1111-4111-8111-111111111111";
    const b = "22222222-2222-4222-8222-222222222222";
    expect(voteFromForm({ intent: "vote", optionId: a })).toEqual([a]);
    expect(voteFromForm({ "optionId.0": a, "optionId.3": b, "optionId.4": a, "optionId.x": b, other: a })).toEqual([a, b]);
    expect(voteFromForm({ optionId: "" })).toEqual([]);
  });
});

describe("options", () => {
  it("2–10 filled in, each at most 100 characters, none alike ignoring case; blank rows left out", () => {
    expect(pollOptionsError(["Ja", "Nej"])).toBeNull();
    expect(pollOptionsError(["Ja", " ", "Nej", ""])).toBeNull();
    expect(pollOptionsError(["Ja"])).toBe(pl.tooFewOptions(2));
    expect(pollOptionsError(["Ja", "\u200B\u2800"])).toBe(pl.tooFewOptions(2));
    expect(pollOptionsError(Array.from({ length: 11 }, (_, i) => `Val ${i}`))).toBe(pl.tooManyOptions(10));
    expect(pollOptionsError(["Ja", "", "x".repeat(POLL_LABEL_MAX + 1)])).toBe(pl.optionTooLong(3, POLL_LABEL_MAX));
    expect(pollOptionsError(["Ja", ` ${"x".repeat(POLL_LABEL_MAX)} `])).toBeNull();
    expect(pollOptionsError(["Öresund", "ÖRESUND "])).toBe(pl.duplicateOptions);
  });
});

describe("closing time", () => {
  it("reads Stockholm's wall clock, summer and winter, and ISO instants; refuses days that do not exist", () => {
    expect(parsePollClosing("2030-07-01T12:00")?.toISOString()).toBe("2030-07-01T10:00:00.000Z");
    expect(parsePollClosing("2030-01-15T12:00")?.toISOString()).toBe("2030-01-15T11:00:00.000Z");
    expect(parsePollClosing("2030-01-15T12:00:30Z")?.toISOString()).toBe("2030-01-15T12:00:30.000Z");
    expect(parsePollClosing("2030-02-30T12:00")).toBeNull();
    expect(parsePollClosing("2030-13-01T12:00")).toBeNull();
    expect(parsePollClosing("i morgon")).toBeNull();
  });

  it("empty is never; else after now and within 90 days", () => {
    const now = Date.now();
    expect(pollClosingError("", now)).toBeNull();
    expect(pollClosingError("  ", now)).toBeNull();
    expect(pollClosingError(wallClock(1), now)).toBeNull();
    expect(pollClosingError(wallClock(-1), now)).toBe(pl.closesAtPast);
    expect(pollClosingError(wallClock(POLL_OPEN_MAX_DAYS + 1), now)).toBe(pl.closesAtTooFar(POLL_OPEN_MAX_DAYS));
    expect(pollClosingError("imorgon kl 10", now)).toBe(pl.invalidClosesAt);
  });
});

describe("newThreadSchema", () => {
  it("without poll fields there is no poll", () => {
    const parsed = newThreadSchema.parse(thread);
    expect(parsed.poll).toBeNull();
    expect(parsed.title).toBe("Vilken bank?");
  });

  it("a poll: trimmed options without blanks, 'Flera val', the closing instant", () => {
    const parsed = newThreadSchema.parse({ ...thread, pollOptions: [" SEB ", "", "Handelsbanken"], pollMultiple: "on", pollClosesAt: wallClock(7) });
    expect(parsed.poll).toMatchObject({ options: ["SEB", "Handelsbanken"], multipleChoice: true });
    expect(parsed.poll!.closesAt!.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    expect(newThreadSchema.parse({ ...thread, pollOptions: ["A", "B"], pollClosesAt: "" }).poll).toEqual({ options: ["A", "B"], multipleChoice: false, closesAt: null });
  });

  it("each poll problem is a Swedish message under its own field, with the thread's own", () => {
    const result = newThreadSchema.safeParse({ ...thread, title: " ", pollOptions: ["Ja", "ja"], pollClosesAt: wallClock(-2), pollMultiple: "kanske" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject({
      pollOptions: pl.duplicateOptions,
      pollClosesAt: pl.closesAtPast,
      pollMultiple: pl.invalidMultiple,
    });
    expect(fieldErrors(newThreadSchema.safeParse({ ...thread, pollOptions: "Ja" }).error!)).toEqual({ pollOptions: pl.invalidOptions });
  });
});

describe("pollVoteSchema", () => {
  const a = "11111111-1111-4111-8111-111111111111";
  it("at least one option id, each a UUID, duplicates removed", () => {
    expect(pollVoteSchema.parse({ optionIds: [a, a] })).toEqual({ optionIds: [a] });
    expect(fieldErrors(pollVoteSchema.safeParse({ optionIds: [] }).error!)).toEqual({ optionIds: pl.chooseOne });
    expect(fieldErrors(pollVoteSchema.safeParse({ optionIds: ["1 OR 1=1"] }).error!)).toEqual({ optionIds: pl.invalidOption });
    expect(pollVoteSchema.safeParse({ optionIds: "x" }).success).toBe(false);
  });
});

describe("policy", () => {
  const member = { id: "m", role: "member" as const };
  const now = Date.now();
  const open = { closesAt: new Date(now + DAY).toISOString() };
  const closed = { closesAt: new Date(now - 1000) };
  it("a member votes in an open poll; a visitor, a blocked member or a closed poll is refused", () => {
    expect(votePermission(member, open, now)).toBe("ok");
    expect(votePermission(member, { closesAt: null }, now)).toBe("ok");
    expect(votePermission(null, open, now)).toBe("login");
    expect(votePermission({ ...member, blocked: true }, open, now)).toBe("blocked");
    expect(votePermission(member, closed, now)).toBe("closed");
    // A locked thread: members are refused, acting staff vote; blocked staff are blocked.
    expect(votePermission(member, { ...open, locked: true }, now)).toBe("locked");
    expect(votePermission({ ...member, role: "moderator" }, { ...open, locked: true }, now)).toBe("ok");
    expect(votePermission({ ...member, role: "moderator", blocked: true }, { ...open, locked: true }, now)).toBe("blocked");
    expect(isPollClosed({ closesAt: null }, now)).toBe(false);
    expect(isPollClosed(closed, now)).toBe(true);
  });

  it("results after voting or after close", () => {
    expect(seesPollResults({ closed: false }, { mine: [] })).toBe(false);
    expect(seesPollResults({ closed: false }, { mine: ["x"] })).toBe(true);
    expect(seesPollResults({ closed: true }, { mine: [] })).toBe(true);
  });

  it("percentages of the voters, whole numbers; the part's name", () => {
    expect(pollPercent(1, 3)).toBe(33);
    expect(pollPercent(2, 3)).toBe(67);
    expect(pollPercent(0, 0)).toBe(0);
    expect(pollPart("abc")).toBe("poll:abc");
  });
});
