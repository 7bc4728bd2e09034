/**
 * A small Server-Sent Events reader for tests: opens `url` with `fetch` and hands out events one
 * by one (the browser's EventSource is not available in Node).
 *
 * @module
 */

/** One event of a text/event-stream. */
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** An open stream. */
export interface SseStream {
  /** HTTP status of the answer. */
  status: number;
  /** The answer's headers, names in lower case. */
  headers: Record<string, string>;
  /** The next event named `name` (others are skipped); rejects after `timeoutMs`. */
  nextOf(name: string, timeoutMs?: number): Promise<SseEvent>;
  /**
   * Reads (and drops) events until the server ends the stream.
   *
   * @returns ms until the end; rejects when the stream is still open after `timeoutMs`
   */
  ended(timeoutMs?: number): Promise<number>;
  /** Drops the connection, as a closed tab or a broken network would. */
  close(): void;
}

/**
 * Opens a stream.
 *
 * @param url absolute URL of the stream
 * @param headers request headers (Cookie, Last-Event-ID)
 */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { Accept: "text/event-stream", ...headers }, signal: abort.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: SseEvent[] = [];
  const parse = () => {
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const e: SseEvent = { event: "message", data: "" };
      let real = false;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        const at = line.indexOf(":");
        const field = at < 0 ? line : line.slice(0, at);
        const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
        if (field === "event") e.event = value;
        if (field === "id") e.id = value;
        if (field === "data") e.data = value;
        if (field === "event" || field === "data") real = true;
      }
      if (real) queue.push(e);
    }
  };
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    async nextOf(name, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = queue.findIndex((e) => e.event === name);
        if (i >= 0) return queue.splice(i, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no '${name}' event within ${timeoutMs} ms`);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const { value, done } = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no '${name}' event within ${timeoutMs} ms`)), left);
          }),
        ]).finally(() => clearTimeout(timer));
        if (done) throw new Error("stream ended");
        buffer += decoder.decode(value, { stream: true });
        parse();
      }
    },
    async ended(timeoutMs = 10_000) {
      const started = Date.now();
      for (;;) {
        const left = started + timeoutMs - Date.now();
        if (left <= 0) throw new Error(`the stream was still open after ${timeoutMs} ms`);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const { done } = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`the stream was still open after ${timeoutMs} ms`)), left);
          }),
        ]).finally(() => clearTimeout(timer));
        if (done) return Date.now() - started;
      }
    },
    close() {
      abort.abort();
      reader.cancel().catch(() => {});
    },
  };
}
