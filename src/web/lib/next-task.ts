/**
 * Resolves in a task of its own, so work after an `await` of it does not lengthen the current
 * one: on a phone's CPU the app's start-up is several steps of 10 to 40 ms each, and one task
 * holding them all keeps a tap or a scroll waiting for the sum. The browser's own yield where
 * it has one (it resumes ahead of other queued tasks), else a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
