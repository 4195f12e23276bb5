import { describe, it, expect } from 'vitest';
import { storageKeys } from '../config/storage-keys.ts';
import { clearSession, getSession, setSession } from './session.ts';
import { sessionUser } from '../test/session.test-support.ts';

describe('session', () => {
  it('persists the member so a reload keeps the guard state', () => {
    const member = sessionUser({ id: 'u1', name: 'Ayu' });
    setSession({ user: member, loginType: 'pin' });
    expect(JSON.parse(localStorage.getItem(storageKeys.session) ?? 'null')).toEqual({ user: member, loginType: 'pin' });
  });

  it('clears the member and the signed-in caches on sign-out', () => {
    setSession({ user: sessionUser({ id: 'u1' }) });
    localStorage.setItem(storageKeys.cart, '[1]');
    localStorage.setItem(storageKeys.voucherCodes, '{"kartu.test/v-1":"H7KQM3PX9ABC"}');
    sessionStorage.setItem(storageKeys.signInFlow, '{}');
    localStorage.setItem(storageKeys.vendorSettings, '{}');
    localStorage.setItem(storageKeys.cardDetail, '{}');
    localStorage.setItem('i18n-lang', 'id');
    localStorage.setItem(storageKeys.deviceId, 'abcdefghijklmnopqrstuvwxyz012345');
    clearSession();
    expect(getSession().user).toBeNull();
    expect(localStorage.getItem(storageKeys.session)).toBeNull();
    expect(localStorage.getItem(storageKeys.cart)).toBeNull();
    // A code the server shows once stays with the phone: the voucher is lost without it.
    expect(localStorage.getItem(storageKeys.voucherCodes)).not.toBeNull();
    expect(sessionStorage.getItem(storageKeys.signInFlow)).toBeNull();
    expect(localStorage.getItem(storageKeys.vendorSettings)).toBeNull();
    expect(localStorage.getItem(storageKeys.cardDetail)).toBeNull();
    expect(localStorage.getItem('i18n-lang')).toBe('id');
    // The device stays known after a sign-out, so the next sign-in needs no extra code.
    expect(localStorage.getItem(storageKeys.deviceId)).not.toBeNull();
  });
});
