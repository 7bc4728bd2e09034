import { describe, expect, it } from "vitest";
import { WORKER_V8_FLAGS, workerExecArgv } from "./cluster";

describe("worker Node arguments (issue 21 memory budget)", () => {
  it("starts workers with a 32 MiB young generation by default", () => {
    expect(workerExecArgv([], undefined)).toEqual([...WORKER_V8_FLAGS]);
    expect(WORKER_V8_FLAGS).toEqual(["--max-semi-space-size=32"]);
  });

  it("keeps the primary's own arguments first", () => {
    expect(workerExecArgv(["--enable-source-maps"], "")).toEqual(["--enable-source-maps", ...WORKER_V8_FLAGS]);
  });

  it("lets the operator's own heap sizes win, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=16"], undefined)).toEqual(["--max-semi-space-size=16"]);
    expect(workerExecArgv(["--max-old-space-size=512"], undefined)).toEqual(["--max-old-space-size=512", "--max-semi-space-size=32"]);
    expect(workerExecArgv([], "--max_semi_space_size=16 --max-old-space-size=2048")).toEqual([]);
  });
});
