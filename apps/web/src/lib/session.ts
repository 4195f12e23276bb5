import { createContext, createElement, use, useSyncExternalStore, type ReactNode } from 'react';
import type { LoginType, SessionUser } from '@kartu/contracts';
import { signedInStorageKeys, storageKeys } from '../config/storage-keys.ts';

/** The signed-in member as a sign-in answer gave them, and whether that sign-in made a new account. */
export type SignedInMember = SessionUser & { isNewUser?: boolean };

export interface Session {
  user: SignedInMember | null;
  loginType?: LoginType;
}

const signedOut: Session = { user: null };
const listeners = new Set<() => void>();

function readStored(): Session {
  try {
    const text = localStorage.getItem(storageKeys.session);
    if (!text) return signedOut;
    const stored = JSON.parse(text) as Partial<Session>;
    return stored.user && typeof stored.user.id === 'string' ? { user: stored.user, loginType: stored.loginType } : signedOut;
  } catch {
    return signedOut;
  }
}

// Only the member object is persisted: the session token lives in an HttpOnly cookie.
let current: Session = readStored();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return current;
}

export function isSignedIn(): boolean {
  return current.user !== null;
}

export function setSession(next: Session): void {
  current = next;
  try {
    localStorage.setItem(storageKeys.session, JSON.stringify(next));
  } catch {
    // Private mode or full storage: the session still holds for this page's lifetime.
  }
  emit();
}

/** Signs out locally (spec: app-core §4: logout clears OTP, user, cart, card detail and vendor settings). */
export function clearSession(): void {
  current = signedOut;
  for (const key of signedInStorageKeys) {
    try {
      localStorage.removeItem(key);
      sessionStorage.removeItem(key);
    } catch {
      // Storage may be unavailable; nothing else to clear then.
    }
  }
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The member a page is drawn for on the server, where there is no stored session to read (and
// one process draws pages for many members at once).
const DrawnSession = createContext<Session | null>(null);

/** Renders the pages below it for this member: the server draws a member's page with one. */
export function DrawnSessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return createElement(DrawnSession, { value: session }, children);
}

export function useSession(): Session {
  const drawnFor = use(DrawnSession);
  const stored = useSyncExternalStore(subscribeSession, getSession, getSession);
  return drawnFor ?? stored;
}
