/**
 * The embedded database has one writer: a PGlite folder opened by two processes
 * does not share writes, so a `forum set-role` run next to a running server would "succeed" while
 * the server keeps showing the old role. The server, when it runs on PGlite, writes its process
 * id to `DATA_DIR/server.pid`; the CLI refuses to open the embedded database while that process
 * is alive. A file left by a server that crashed (its process gone) is ignored.
 *
 * @module
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Name of the lock file inside `DATA_DIR`. */
export const SERVER_LOCK_FILE = "server.pid";

/** Path of the lock file for a data folder. */
function lockPath(dataDir: string): string {
  return path.join(dataDir, SERVER_LOCK_FILE);
}

/**
 * Whether a process with this id exists (signal 0 checks without sending anything).
 *
 * @param pid process id
 * @returns true when the process is alive (also when it belongs to another user: `EPERM`)
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The id of a live server process holding the embedded database of `dataDir`.
 *
 * @param dataDir the `DATA_DIR` folder
 * @returns the other process's id, or null when there is no lock file, it is unreadable, it names
 *   this process, or that process is gone (a stale file from a crash)
 */
export function runningServerPid(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(lockPath(dataDir), "utf8");
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isProcessAlive(pid) ? pid : null;
}

/**
 * Marks `dataDir`'s embedded database as held by this process: writes `server.pid` with
 * `process.pid`, and removes it again when the process exits (also on `process.exit`).
 *
 * @param dataDir the `DATA_DIR` folder (must exist)
 * @returns `release()`, which removes the file if it still names this process; idempotent
 * @throws when the file cannot be written
 */
export function acquireServerLock(dataDir: string): () => void {
  const file = lockPath(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on("exit", release);
  return release;
}
