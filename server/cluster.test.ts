import { describe, expect, it } from "vitest";
import { WORKER_V8_FLAGS, workerExecArgv } from "./cluster";

describe("worker Node arguments (issue 21 memory budget)", () => {
  it("starts workers with the smaller young generation by default", () => {
    expect(workerExecArgv([], undefined)).toEqual([...WORKER_V8_FLAGS]);
    expect(WORKER_V8_FLAGS).toContain("--max-semi-space-size=8");
    expect(WORKER_V8_FLAGS).toContain("--max-old-space-size=512");
  });

  it("keeps the primary's own arguments first", () => {
    expect(workerExecArgv(["--enable-source-maps"], "")).toEqual(["--enable-source-maps", ...WORKER_V8_FLAGS]);
  });

  it("lets the operator's own heap sizes win, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=32"], undefined)).toEqual(["--max-semi-space-size=32", "--max-old-space-size=512"]);
    expect(workerExecArgv([], "--max_semi_space_size=16 --max-old-space-size=2048")).toEqual([]);
  });
});
