import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../config/paths.ts';
import { readSignInFlow } from '../features/auth/sign-in-flow.ts';
import { sessionAnswerOptions } from '../lib/session-answer.ts';
import { newPinGuard, registerPhoneGuard } from './guards/auth-guards.ts';
import type { GuardRedirect } from './guards/guard-types.ts';
import { Redirect } from '../lib/redirect.tsx';

// The guards of the sign-in steps after the code, loaded with their pages rather than up front.

function follow(to: GuardRedirect, children: ReactNode) {
  return to === null ? children : <Redirect to={to} />;
}

/**
 * '/new-pin' opens only when the sign-in steps left a PIN to create or reset. Decided once, on
 * arrival: finishing the sign-in clears the flow before it leaves the page.
 */
export function NewPinGuard({ children }: { children: ReactNode }) {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode') === 'RESET' ? 'RESET' : 'CREATE';
  const [to] = useState(() => {
    const flow = readSignInFlow();
    return newPinGuard(mode, { ...flow, hasIdentifier: flow.identifier !== undefined });
  });
  return follow(to, children);
}

/** '/register-phone-number' opens only while the server says the account still owes a phone number. */
export function RegisterPhoneGuard({ children }: { children: ReactNode }) {
  // Asked afresh on every arrival: a phone added a moment ago must close the page.
  const session = useQuery({ ...sessionAnswerOptions(), refetchOnMount: 'always' });
  // Until the server answers, the progress bar shows; should it fail, the wallet is the safe place.
  // Later refetches (the window regaining focus) keep the page and what was typed in it.
  if (!session.isFetchedAfterMount) return null;
  return follow(session.data ? registerPhoneGuard(session.data) : paths.cards.href(), children);
}
