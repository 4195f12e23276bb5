import { describe, it, expect } from 'vitest';
import type { CheckCredentialBody } from '@kartu/contracts';
import { cachedCredentialAnswer, clearSignInFlow, readSignInFlow, rememberCredentialAnswer, updateSignInFlow } from './sign-in-flow.ts';

const body: CheckCredentialBody = { identifierType: 'phone', identifierValue: '081234567890', countryCode: '62', type: 'login', senderType: 'SMS' };
const now = 1_900_000_000_000;

describe('sign-in flow', () => {
  it('reuses a code answer only for the identical body before it expires', () => {
    rememberCredentialAnswer(body, { expireIn: 60, requestRemaining: 2 }, now);
    expect(cachedCredentialAnswer({ ...body }, now + 59_000)).toMatchObject({ expireIn: 60, requestRemaining: 2, expiredAt: now + 60_000 });
    expect(cachedCredentialAnswer(body, now + 60_000)).toBeNull();
    expect(cachedCredentialAnswer({ ...body, senderType: 'WHATSAPP' }, now)).toBeNull();
    expect(cachedCredentialAnswer({ ...body, referenceId: 'ref-1' }, now)).toBeNull();
  });

  it('keeps the flow in this tab only and forgets it on clear', () => {
    updateSignInFlow({ purpose: 'login', resetInProcess: true });
    expect(JSON.parse(sessionStorage.getItem('kartu.sign-in-flow') ?? '{}')).toMatchObject({ resetInProcess: true });
    expect(localStorage.length).toBe(0);
    clearSignInFlow();
    expect(readSignInFlow()).toEqual({});
  });
});
