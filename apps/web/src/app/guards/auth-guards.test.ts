import { describe, it, expect } from 'vitest';
import { accountDeletionGuard, homeRedirect, newPinGuard, registerPhoneGuard, requireAuth, ssoGuard } from './auth-guards.ts';

const signedIn = { signedIn: true };
const signedOut = { signedIn: false };

describe('homeRedirect', () => {
  it('sends a signed-in member from / to /cards keeping only utm_source and referenceId', () => {
    const to = homeRedirect({ pathname: '/', search: '?utm_source=mail&foo=1&referenceId=r9&bar=2' }, signedIn);
    expect(to).toBe('/cards?utm_source=mail&referenceId=r9');
  });
  it('drops the query entirely when no kept key is present', () => {
    expect(homeRedirect({ pathname: '/', search: '?foo=1' }, signedIn)).toBe('/cards');
  });
  it('leaves visitors on the home page', () => {
    expect(homeRedirect({ pathname: '/', search: '' }, signedOut)).toBeNull();
  });
  it('ignores other pages', () => {
    expect(homeRedirect({ pathname: '/login', search: '' }, signedIn)).toBeNull();
  });
});

describe('requireAuth', () => {
  it('sends a signed-out visitor to /', () => {
    expect(requireAuth(signedOut)).toBe('/');
  });
  it('lets a signed-in member through', () => {
    expect(requireAuth(signedIn)).toBeNull();
  });
});

describe('ssoGuard', () => {
  it('lets a visit with a non-empty sso query through', () => {
    expect(ssoGuard({ pathname: '/authorize', search: '?sso=token' }, signedOut)).toBeNull();
  });
  it('sends a signed-in member without sso to /cards', () => {
    expect(ssoGuard({ pathname: '/authorize', search: '?sso=' }, signedIn)).toBe('/cards');
  });
  it('sends a visitor without sso to /', () => {
    expect(ssoGuard({ pathname: '/authorize', search: '?sso=%20' }, signedOut)).toBe('/');
  });
});

describe('accountDeletionGuard', () => {
  it('sends single sign-on sessions to the home page', () => {
    expect(accountDeletionGuard({ loginType: 'sso' })).toBe('/');
  });
  it('lets members signed in by code or PIN through', () => {
    expect(accountDeletionGuard({ loginType: 'pin' })).toBeNull();
    expect(accountDeletionGuard({ loginType: 'otp' })).toBeNull();
  });
});

describe('newPinGuard', () => {
  const signingIn = { hasIdentifier: true };
  it('opens CREATE for a new account once its code is verified', () => {
    expect(newPinGuard('CREATE', { ...signingIn, pinPending: { isNewUser: true } })).toBeNull();
  });
  it('opens CREATE for an account whose PIN info says needSetPin, once its code is verified', () => {
    expect(newPinGuard('CREATE', { ...signingIn, pinPending: { isNewUser: false }, pinInfo: { needSetPin: true } })).toBeNull();
  });
  it('sends an account that has a PIN, or a code not yet verified, to /cards', () => {
    expect(newPinGuard('CREATE', { ...signingIn, pinPending: { isNewUser: false }, pinInfo: { needSetPin: false } })).toBe('/cards');
    expect(newPinGuard('CREATE', { ...signingIn, pinInfo: { needSetPin: true } })).toBe('/cards');
  });
  it('opens RESET only after a verified reset code', () => {
    expect(newPinGuard('RESET', { ...signingIn, pinResetVerified: true })).toBeNull();
    expect(newPinGuard('RESET', { ...signingIn, pinPending: { isNewUser: true } })).toBe('/cards');
  });
  it('starts again from / when no sign-in is under way', () => {
    expect(newPinGuard('CREATE', { hasIdentifier: false, pinPending: { isNewUser: true } })).toBe('/');
  });
});

describe('registerPhoneGuard', () => {
  it('opens while the account owes a phone number, else goes to /cards', () => {
    expect(registerPhoneGuard({ needSetPhone: true })).toBeNull();
    expect(registerPhoneGuard({ needSetPhone: false })).toBe('/cards');
  });
});
