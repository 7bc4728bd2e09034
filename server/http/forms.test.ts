import { describe, expect, it, vi } from "vitest";
import { abuseLimits as al, errors } from "../../domain/i18n/sv";
import { FORM_MAX_BYTES, readForm } from "./forms";

const urlencoded = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    duplex: "half",
  } as RequestInit);

/** The status and message of what readForm threw. */
async function refusal(request: Request): Promise<{ status: number; error: string }> {
  try {
    await readForm(request);
  } catch (thrown) {
    const answer = thrown as { init?: { status?: number }; data?: { error?: string } };
    return { status: answer.init?.status ?? 0, error: answer.data?.error ?? "" };
  }
  throw new Error("readForm accepted the body");
}

describe("readForm refuses hostile bodies", () => {
  it("reads ordinary URL-encoded and multipart forms, first value wins", async () => {
    expect(await readForm(urlencoded("title=Volvo+%C3%A5ker&body=%24VOLV-B&title=x"))).toEqual({ title: "Volvo åker", body: "$VOLV-B" });
    const form = new FormData();
    form.set("bio", "Långsiktig 📈");
    expect(await readForm(new Request("http://localhost/x", { method: "POST", body: form }))).toEqual({ bio: "Långsiktig 📈" });
  });

  it("413 for a declared body over 512 kB, before reading it", async () => {
    const request = urlencoded("a=b", { "content-length": String(FORM_MAX_BYTES + 1) });
    expect(await refusal(request)).toEqual({ status: 413, error: errors.bodyTooLarge });
  });

  it("413 for a streamed 10 MB body without a length, reading no more than the limit", async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10 * 1024 * 1024) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new TextEncoder().encode("a".repeat(64 * 1024)));
      },
    });
    expect(await refusal(urlencoded(stream))).toEqual({ status: 413, error: errors.bodyTooLarge });
    expect(sent).toBeLessThanOrEqual(FORM_MAX_BYTES + 128 * 1024);
  });

  it("400 for bytes that are not UTF-8, raw or percent-encoded", async () => {
    expect(await refusal(urlencoded(new Uint8Array([0x62, 0x3d, 0xff, 0xfe])))).toEqual({ status: 400, error: errors.invalidText });
    expect(await refusal(urlencoded("body=%FF%FE"))).toEqual({ status: 400, error: errors.invalidText });
  });

  it("400 for a NUL character in any field", async () => {
    expect(await refusal(urlencoded("body=hej%00d%C3%A5"))).toEqual({ status: 400, error: errors.invalidText });
    const form = new FormData();
    form.set("title", "a\u0000b");
    expect(await refusal(new Request("http://localhost/x", { method: "POST", body: form }))).toEqual({ status: 400, error: errors.invalidText });
  });

  it("a body that is not a form gives no fields (the action's own 400 follows)", async () => {
    const json = new Request("http://localhost/x", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(await readForm(json)).toEqual({});
  });
});

describe("the bounded readers", () => {
  it("readFormAll keeps repeated fields; readJson parses and refuses broken JSON with 400", async () => {
    const { readFormAll, readJson } = await import("./forms");
    expect(await readFormAll(urlencoded("userIds=a&userIds=b%2Cc"))).toEqual({ userIds: ["a", "b,c"] });
    const json = (body: string) => new Request("http://localhost/x", { method: "POST", body, headers: { "content-type": "application/json" } });
    expect(await readJson(json('{"a":[1,"å"]}'))).toEqual({ a: [1, "å"] });
    await expect(readJson(json("{nej"))).rejects.toMatchObject({ init: { status: 400 } });
  });

  it("a streamed body over the limit is released, not cancelled (cancelling resets the client's connection)", async () => {
    const { readBytes } = await import("./forms");
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024));
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await readBytes(urlencoded(stream), { limit: 100 * 1024 })).toBeNull();
    expect(cancelled).toBe(false);
  });
});

describe("a slow body is cut after 30 s", () => {
  it("a body trickling in for more than 30 s gets 408 with the Swedish message; the stream is not cancelled", async () => {
    vi.useFakeTimers();
    try {
      let cancelled = false;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("title=Volvo&body="));
          // ... and then nothing more: a slowloris client.
        },
        cancel() {
          cancelled = true;
        },
      });
      const answer = refusal(urlencoded(stream));
      await vi.advanceTimersByTimeAsync(29_000);
      let settled = false;
      void answer.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(await answer).toEqual({ status: 408, error: al.slowBody });
      expect(cancelled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a body that arrives within the time is read as usual", async () => {
    const { readBytes } = await import("./forms");
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 20));
        controller.enqueue(new TextEncoder().encode("a=b"));
        controller.close();
      },
    });
    expect(new TextDecoder().decode((await readBytes(urlencoded(stream), { timeoutMs: 1_000 })) as Uint8Array)).toBe("a=b");
  });
});
