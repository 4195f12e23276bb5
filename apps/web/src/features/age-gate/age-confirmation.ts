import { HOUR_MS } from '@kartu/core/calendar';
import { AGE_CONFIRMATION_VALID_HOURS } from '@kartu/core/constants';
import { storageKeys } from '../../config/storage-keys.ts';

/** The one place the age confirmation is kept; it belongs to the browser, so signing out keeps it. */
export const AGE_CONFIRMATION_STORAGE_KEY = storageKeys.ageConfirmation;

/** Where a visitor who is not of age is sent (spec: app-core §4: cancel leaves to an external search site). */
export const AGE_GATE_EXIT_URL = 'https://www.google.com/';

const CONFIRMATION_VALID_MS = AGE_CONFIRMATION_VALID_HOURS * HOUR_MS;

interface StoredAgeConfirmation {
  confirmedAt: number;
  nextConfirmAt: number;
}

export interface AgeGateState {
  /** The merchant asks its visitors to confirm their age. */
  enabled: boolean;
  /** When the stored confirmation runs out (epoch ms), or null when none is stored. */
  storedNextConfirm: number | null;
  now: number;
}

// spec: app-core §4 Age confirmation: shown when no confirmation is stored or its next-confirm time has passed.
export function shouldShowAgeGate({ enabled, storedNextConfirm, now }: AgeGateState): boolean {
  if (!enabled) return false;
  return storedNextConfirm === null || now >= storedNextConfirm;
}

export function readNextConfirmTime(): number | null {
  try {
    const text = localStorage.getItem(AGE_CONFIRMATION_STORAGE_KEY);
    if (!text) return null;
    const stored: unknown = JSON.parse(text);
    if (typeof stored !== 'object' || stored === null || !('nextConfirmAt' in stored)) return null;
    return typeof stored.nextConfirmAt === 'number' && Number.isFinite(stored.nextConfirmAt) ? stored.nextConfirmAt : null;
  } catch {
    return null;
  }
}

/** Confirming holds for 1 hour (spec: app-core §9); returns the next-confirm time it stored. */
export function storeAgeConfirmation(now: number): number {
  const confirmation: StoredAgeConfirmation = { confirmedAt: now, nextConfirmAt: now + CONFIRMATION_VALID_MS };
  try {
    localStorage.setItem(AGE_CONFIRMATION_STORAGE_KEY, JSON.stringify(confirmation));
  } catch {
    // Without storage the gate asks again on the next visit, which errs on the safe side.
  }
  return confirmation.nextConfirmAt;
}
