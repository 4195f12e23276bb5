import type {
  CheckCredentialAnswer,
  CheckCredentialBody,
  Identifier,
  OtpPurpose,
  PinInfoAnswer,
  SenderType,
} from '@kartu/contracts';
import { storageKeys } from '../../config/storage-keys.ts';

/** sessionStorage key: the flow lives as long as the tab, and never outlives a sign-out. */
export const signInFlowStorageKey = storageKeys.signInFlow;

/** The code that was last sent: how many more may be asked for, and when it stops working. */
export type SentCode = { requestRemaining: number; expiredAt: number };

/** What the sign-in steps hand each other between pages (spec: app-core §3 Auth session). */
export type SignInFlow = {
  identifier?: Identifier;
  senderType?: SenderType;
  referenceId?: string;
  /** What the code step is verifying. */
  purpose?: OtpPurpose;
  pinInfo?: PinInfoAnswer;
  sentCode?: SentCode;
  lastCredentialBody?: CheckCredentialBody;
  lastCredentialResponse?: CheckCredentialAnswer & { expiredAt: number };
  /** spec: app-core §4 Reset PIN: set when a reset is requested, cleared once its code is verified. */
  resetInProcess?: boolean;
  /** A PIN-reset code was verified: the member may now choose a new PIN at /new-pin?mode=RESET. */
  pinResetVerified?: boolean;
  /** The code was accepted and the server now waits for the PIN (create or enter). */
  pinPending?: { isNewUser: boolean; userId?: string };
};

export function readSignInFlow(): SignInFlow {
  try {
    const text = sessionStorage.getItem(signInFlowStorageKey);
    if (!text) return {};
    const stored: unknown = JSON.parse(text);
    return typeof stored === 'object' && stored !== null ? (stored as SignInFlow) : {};
  } catch {
    return {};
  }
}

export function updateSignInFlow(patch: Partial<SignInFlow>): SignInFlow {
  const next = { ...readSignInFlow(), ...patch };
  try {
    sessionStorage.setItem(signInFlowStorageKey, JSON.stringify(next));
  } catch {
    // Without storage the flow cannot survive a reload; the user then starts again from '/'.
  }
  return next;
}

/** Forgets the whole flow: after a finished sign-in and on sign-out. */
export function clearSignInFlow(): void {
  try {
    sessionStorage.removeItem(signInFlowStorageKey);
  } catch {
    // Nothing stored then.
  }
}

function sameBody(a: CheckCredentialBody, b: CheckCredentialBody): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof CheckCredentialBody>;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

// spec: app-core §4 OTP flow: the cached answer is reused while the body is identical and unexpired.
export function cachedCredentialAnswer(
  body: CheckCredentialBody,
  now = Date.now(),
): (CheckCredentialAnswer & { expiredAt: number }) | null {
  const { lastCredentialBody, lastCredentialResponse } = readSignInFlow();
  if (!lastCredentialBody || !lastCredentialResponse) return null;
  if (!sameBody(lastCredentialBody, body) || lastCredentialResponse.expiredAt <= now) return null;
  return lastCredentialResponse;
}

export function rememberSentCode(answer: CheckCredentialAnswer, now = Date.now()): SentCode {
  const sentCode = { requestRemaining: answer.requestRemaining, expiredAt: now + answer.expireIn * 1000 };
  updateSignInFlow({ sentCode });
  return sentCode;
}

export function rememberCredentialAnswer(body: CheckCredentialBody, answer: CheckCredentialAnswer, now = Date.now()): void {
  const sentCode = rememberSentCode(answer, now);
  updateSignInFlow({ lastCredentialBody: body, lastCredentialResponse: { ...answer, expiredAt: sentCode.expiredAt } });
}
