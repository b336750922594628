/** The time catch-up windows and digest periods are measured by. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that reads `start` at boot and runs forward at real speed: the demo and the tests
 * set CLOCK_START near the sandbox corpus's newest papers so "the last 24 hours" holds some.
 */
export function clockFrom(start: string | undefined, bootedAt = Date.now()): Clock {
  if (!start) return systemClock;
  const offset = Date.parse(start) - bootedAt;
  return { now: () => new Date(Date.now() + offset) };
}
