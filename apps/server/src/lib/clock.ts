/** Where the server reads the time: services take it as an option so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface TestClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

/** A clock that stands still until a test moves it. */
export function createTestClock(start: Date = new Date('2026-01-15T03:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
