/**
 * When a comment form acts on its answer (`settledAnswer`): not while the page is still loading
 * its new data after the action — the toast 'Svar tillagt' would come before the reply is on the
 * page — but once the fetcher is idle again, i.e. the new reply is rendered.
 */
import { describe, expect, it } from "vitest";
import { toasts as t } from "../../domain/i18n/sv";
import { settledAnswer, type ActionAnswer } from "./use-action-toast";

describe("settledAnswer", () => {
  const answer: ActionAnswer = { ok: true, toast: { title: t.replyAdded, description: t.replyAddedDescription } };

  it("has no answer while the action runs or the page reloads its data", () => {
    expect(settledAnswer({ state: "submitting", data: undefined })).toBeUndefined();
    // The action has answered, the revalidation (the reply's loader data) is still under way.
    expect(settledAnswer({ state: "loading", data: answer })).toBeUndefined();
  });

  it("gives the answer once the fetcher is idle again", () => {
    expect(settledAnswer({ state: "idle", data: answer })).toBe(answer);
    expect(settledAnswer({ state: "idle", data: undefined })).toBeUndefined();
  });
});
