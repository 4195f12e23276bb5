import { useRef } from 'react';

/**
 * One Idempotency-Key per attempt: sending the same thing again after a lost answer reuses the key,
 * so the server answers the first attempt rather than making a second payment or order. Anything
 * changed in what is sent (its signature) is a new attempt with a new key.
 */
export function useAttemptKey() {
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  return {
    keyFor: (signature: string): string => {
      if (attempt.current?.signature !== signature) attempt.current = { signature, key: crypto.randomUUID() };
      return attempt.current.key;
    },
    /** The attempt succeeded: whatever is sent next is a new one. */
    settle: (): void => {
      attempt.current = null;
    },
  };
}
