import { useId } from 'react';
import { formatCountdown } from '@kartu/core';

/**
 * The time left on a lock, with its label. role=timer is not announced on every tick: the page's
 * own status line says when the lock is over.
 */
export function LockCountdown({ label, remaining }: { label: string; remaining: number }) {
  const labelId = useId();
  return (
    <>
      <p className="muted" id={labelId}>
        {label}
      </p>
      <p className="countdown" role="timer" aria-labelledby={labelId}>
        {formatCountdown(remaining)}
      </p>
    </>
  );
}
