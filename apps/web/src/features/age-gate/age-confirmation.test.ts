import { describe, it, expect } from 'vitest';
import {
  AGE_CONFIRMATION_STORAGE_KEY,
  readNextConfirmTime,
  shouldShowAgeGate,
  storeAgeConfirmation,
} from './age-confirmation.ts';

const now = Date.parse('2025-03-01T10:00:00Z');
const oneHour = 60 * 60 * 1000;

describe('shouldShowAgeGate', () => {
  it('never shows for a merchant without the age gate', () => {
    expect(shouldShowAgeGate({ enabled: false, storedNextConfirm: null, now })).toBe(false);
    expect(shouldShowAgeGate({ enabled: false, storedNextConfirm: now - oneHour, now })).toBe(false);
  });

  it('shows when no confirmation is stored', () => {
    expect(shouldShowAgeGate({ enabled: true, storedNextConfirm: null, now })).toBe(true);
  });

  it('stays hidden while the stored confirmation is still valid', () => {
    expect(shouldShowAgeGate({ enabled: true, storedNextConfirm: now + 1, now })).toBe(false);
  });

  it('shows again once the next-confirm time has come', () => {
    expect(shouldShowAgeGate({ enabled: true, storedNextConfirm: now, now })).toBe(true);
    expect(shouldShowAgeGate({ enabled: true, storedNextConfirm: now - 1, now })).toBe(true);
  });
});

describe('stored age confirmation', () => {
  it('stores the next confirmation one hour after confirming', () => {
    expect(storeAgeConfirmation(now)).toBe(now + oneHour);
    expect(readNextConfirmTime()).toBe(now + oneHour);
  });

  it('reads nothing when the stored value is missing or unreadable', () => {
    expect(readNextConfirmTime()).toBeNull();
    localStorage.setItem(AGE_CONFIRMATION_STORAGE_KEY, 'not json');
    expect(readNextConfirmTime()).toBeNull();
    localStorage.setItem(AGE_CONFIRMATION_STORAGE_KEY, JSON.stringify({ nextConfirmAt: 'soon' }));
    expect(readNextConfirmTime()).toBeNull();
  });
});
