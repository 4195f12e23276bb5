import { HOME_KEPT_QUERY_KEYS } from '@kartu/core/constants';
import { paths } from '../../config/paths.ts';
import type { GuardLocation, GuardRedirect } from './guard-types.ts';

interface SignedIn {
  signedIn: boolean;
}

/** Named guard `anonymous` (spec: app-core §2 Guards): a signed-in member on '/' goes to /cards, keeping only utm_source and referenceId. */
export function homeRedirect(location: GuardLocation, session: SignedIn): GuardRedirect {
  if (!session.signedIn || location.pathname !== paths.home.href()) return null;
  const from = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const key of HOME_KEPT_QUERY_KEYS) {
    const value = from.get(key);
    if (value !== null) kept.set(key, value);
  }
  const search = kept.toString();
  return search ? `${paths.cards.href()}?${search}` : paths.cards.href();
}

/** Named guard `authenticated`: a signed-out visitor on a protected page goes to '/'. */
export function requireAuth(session: SignedIn): GuardRedirect {
  return session.signedIn ? null : paths.home.href();
}

/** A page only for single sign-on needs a non-empty `sso` query; otherwise /cards when signed in, else '/'. */
export function ssoGuard(location: GuardLocation, session: SignedIn): GuardRedirect {
  const sso = new URLSearchParams(location.search).get('sso');
  if (sso && sso.trim() !== '') return null;
  return session.signedIn ? paths.cards.href() : paths.home.href();
}

/** Account deletion is closed to single sign-on sessions (loginType sso), which go to '/'. */
export function accountDeletionGuard(session: { loginType?: string | undefined }): GuardRedirect {
  return session.loginType === 'sso' ? paths.home.href() : null;
}

/** What the sign-in steps have established, as the /new-pin guard reads it. */
export interface PinSetupState {
  /** An identifier is being signed in at all. */
  hasIdentifier: boolean;
  /** A login code was verified and the server waits for a PIN; isNewUser when the account is new. */
  pinPending?: { isNewUser: boolean; userId?: string } | undefined;
  /** The PIN info of the identifier, asked for before the code was sent. */
  pinInfo?: { needSetPin: boolean } | undefined;
  /** A PIN-reset code was verified. */
  pinResetVerified?: boolean | undefined;
}

/**
 * '/new-pin' (spec: app-core §2 Guards): CREATE only once a verified code left an account without
 * a PIN (a new account, or PIN info saying needSetPin); RESET only after a verified reset code.
 * Anyone else goes to /cards, and a visit with no sign-in under way starts again from '/'.
 */
export function newPinGuard(mode: 'CREATE' | 'RESET', state: PinSetupState): GuardRedirect {
  if (!state.hasIdentifier) return paths.home.href();
  const allowed =
    mode === 'RESET'
      ? state.pinResetVerified === true
      : state.pinPending !== undefined && (state.pinPending.isNewUser || state.pinInfo?.needSetPin === true);
  return allowed ? null : paths.cards.href();
}

/** '/register-phone-number' (spec: app-core §2 Guards): only while the session says needSetPhone, else /cards. */
export function registerPhoneGuard(session: { needSetPhone: boolean }): GuardRedirect {
  return session.needSetPhone ? null : paths.cards.href();
}
