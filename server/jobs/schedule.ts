/**
 * A periodic job for the server's refreshes (EdgeLevel decay, trending figures): runs every
 * `intervalMs`, never two at once, on an `unref`'d timer that never keeps the process alive.
 *
 * @module
 */

/** Options of {@link startSchedule}. */
export interface ScheduleOptions<T> {
  /** Also run right away instead of waiting one interval (default true). */
  immediately?: boolean;
  /** Called after each run with its result. */
  onRun?: (result: T) => void;
  /** Called when a run fails (default: logged with `console.error` under `name`). */
  onError?: (error: unknown) => void;
}

/**
 * Starts a periodic job.
 *
 * @param name label for the log, e.g. `trending`
 * @param job the work; a run is skipped while the previous one is still going
 * @param intervalMs time between runs (ms)
 * @returns a function that stops the schedule (a run under way finishes, its result is dropped)
 */
export function startSchedule<T>(
  name: string,
  job: () => Promise<T>,
  intervalMs: number,
  options: ScheduleOptions<T> = {},
): () => void {
  const { immediately = true, onRun, onError = (e) => console.error(`[${name}] refresh failed:`, e) } = options;
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const result = await job();
      if (!stopped) onRun?.(result);
    } catch (error) {
      if (!stopped) onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  if (immediately) void run();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
