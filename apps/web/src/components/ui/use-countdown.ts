import { useEffect, useRef, useState } from 'react';

export type CountdownOptions = {
  /** The clock to count against; defaults to the device clock. */
  now?: () => number;
  /** Called once when the time runs out. */
  onDone?: () => void;
};

const tickMs = 1000;

function toTimestamp(until: Date | number | null): number | null {
  if (until === null) return null;
  const timestamp = typeof until === 'number' ? until : until.getTime();
  return Number.isFinite(timestamp) ? timestamp : null;
}

// spec: app-core §4 Account lock, §5: a countdown shows only while time remains, never below 0.
function remainingUntil(target: number | null, now: number): number {
  return target === null ? 0 : Math.max(0, target - now);
}

/**
 * Milliseconds left until `until`, refreshed every second and stopping at 0.
 * A null or invalid `until` counts as no time left and never calls `onDone`.
 */
export function useCountdown(until: Date | number | null, options: CountdownOptions = {}): number {
  const target = toTimestamp(until);
  const clock = options.now ?? Date.now;
  const [countdown, setCountdown] = useState(() => ({ target, remaining: remainingUntil(target, clock()) }));

  // A new target restarts the countdown straight away rather than on the next tick.
  let remaining = countdown.remaining;
  if (countdown.target !== target) {
    remaining = remainingUntil(target, clock());
    setCountdown({ target, remaining });
  }

  // Latest callbacks in refs, so the interval is not restarted when the caller re-renders.
  const clockRef = useRef(clock);
  const onDoneRef = useRef(options.onDone);
  useEffect(() => {
    clockRef.current = clock;
    onDoneRef.current = options.onDone;
  });

  // Remembers which target has already finished, so `onDone` fires once even if effects re-run.
  const finishedTargetRef = useRef<number | null>(null);
  useEffect(() => {
    if (target === null) return;
    const finish = () => {
      if (finishedTargetRef.current === target) return;
      finishedTargetRef.current = target;
      onDoneRef.current?.();
    };
    if (remainingUntil(target, clockRef.current()) === 0) {
      finish();
      return;
    }
    const interval = setInterval(() => {
      const left = remainingUntil(target, clockRef.current());
      setCountdown({ target, remaining: left });
      if (left === 0) {
        clearInterval(interval);
        finish();
      }
    }, tickMs);
    return () => clearInterval(interval);
  }, [target]);

  return remaining;
}
