import { describe, expect, it } from "vitest";
import { applyThreadOverlay } from "./personal-overlay";

const summary = (bull: number) => ({ counts: { bull, bear: 0, like: 0, fire: 0 }, mine: [] as string[] });

describe("the thread overlay in the browser", () => {
  it("marks the member's own reactions and saves on the thread, comments and replies, and nothing else", () => {
    const data = {
      overlay: true,
      thread: { id: "t", reactions: summary(2), saved: false },
      comments: [
        { id: "c1", reactions: summary(1), saved: false, replies: [{ id: "r1", reactions: summary(0), saved: false, replies: [] }] },
        { id: "c2", reactions: summary(5), saved: false, replies: [] },
      ],
      subscribed: false,
      submitKey: "generic",
      other: "kept",
    };
    const out = applyThreadOverlay(data as never, {
      reactions: { "thread:t": ["bull"], "comment:r1": ["like", "fire"] },
      saved: ["comment:c2"],
      subscribed: true,
      submitKey: "fresh",
      own: ["comment:c2"],
      ownCan: { edit: true, editReason: false, delete: true, report: false, react: false, block: false, moderate: true },
    }) as unknown as typeof data;
    expect(out.thread.reactions).toEqual({ counts: data.thread.reactions.counts, mine: ["bull"] });
    expect(out.comments[0]!.reactions.mine).toEqual([]);
    expect(out.comments[0]!.replies[0]!.reactions.mine).toEqual(["like", "fire"]);
    expect(out.comments.map((c) => c.saved)).toEqual([false, true]);
    expect(out.thread.saved).toBe(false);
    expect([out.subscribed, out.submitKey, out.other]).toEqual([true, "fresh", "kept"]);
    // The member's own comment gets the author's permissions; the others keep theirs.
    expect((out.comments[1] as unknown as { can: { edit: boolean } }).can.edit).toBe(true);
    expect((out.comments[0] as unknown as { can?: unknown }).can).toBeUndefined();
    // The shared data itself is untouched (it is the cached render's).
    expect(data.thread.reactions.mine).toEqual([]);
  });
});
