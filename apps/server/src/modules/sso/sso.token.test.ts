import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSsoToken, readSsoToken, signSsoToken, SsoTokenError, type SsoClaims, type SsoRejection } from './sso.token.ts';

const now = 1_800_000_000;
const claims: SsoClaims = { iss: 'KOPISENJA', sub: 'member-7', iat: now, exp: now + 120, jti: 'jti-1' };
const secret = 'a-shared-secret-of-the-merchant';

function rejectionOf(action: () => unknown): SsoRejection | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof SsoTokenError) return error.reason;
    throw error;
  }
  return undefined;
}

async function verifyRejection(token: string, { nowSeconds = now, key = secret } = {}): Promise<SsoRejection | undefined> {
  try {
    await checkSsoToken(token, { secret: key, issuer: 'KOPISENJA', now: new Date(nowSeconds * 1000) });
  } catch (error) {
    if (error instanceof SsoTokenError) return error.reason;
    throw error;
  }
  return undefined;
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('readSsoToken and the signature check', () => {
  it('accepts a token signed with the key secret and reads its claims', async () => {
    const token = signSsoToken({ kid: 'k1', secret, claims });
    const parts = readSsoToken(token);
    expect(parts.kid).toBe('k1');
    expect(parts.claims).toEqual(claims);
    expect(await verifyRejection(token)).toBeUndefined();
  });

  it('matches the standard HS256 signature a JWT library would produce', () => {
    const token = signSsoToken({ kid: 'k1', secret, claims });
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'k1' });
    expect(signature).toBe(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));
  });

  it('refuses a signature made with another secret', async () => {
    expect(await verifyRejection(signSsoToken({ kid: 'k1', secret: 'another secret', claims }))).toBe('bad-signature');
  });

  it('refuses a truncated signature', async () => {
    const token = signSsoToken({ kid: 'k1', secret, claims });
    expect(await verifyRejection(token.slice(0, -4))).toBe('bad-signature');
  });

  it('refuses a payload changed after signing', async () => {
    const [header, , signature] = signSsoToken({ kid: 'k1', secret, claims }).split('.');
    const forged = `${header}.${encode({ ...claims, sub: 'someone-else' })}.${signature}`;
    expect(await verifyRejection(forged)).toBe('bad-signature');
  });

  it.each([
    ['none', { alg: 'none', typ: 'JWT', kid: 'k1' }],
    ['RS256', { alg: 'RS256', typ: 'JWT', kid: 'k1' }],
    ['hs256 in lower case', { alg: 'hs256', typ: 'JWT', kid: 'k1' }],
  ])('refuses the algorithm %s', (_name, header) => {
    expect(rejectionOf(() => readSsoToken(`${encode(header)}.${encode(claims)}.c2ln`))).toBe('unsupported-algorithm');
  });

  it.each([
    ['two parts', `${encode({ alg: 'HS256', kid: 'k1' })}.${encode(claims)}`],
    ['an empty signature', `${encode({ alg: 'HS256', kid: 'k1' })}.${encode(claims)}.`],
    ['a header that is not JSON', `bm90IGpzb24.${encode(claims)}.c2ln`],
    ['no kid', `${encode({ alg: 'HS256' })}.${encode(claims)}.c2ln`],
    ['claims without a subject', `${encode({ alg: 'HS256', kid: 'k1' })}.${encode({ ...claims, sub: '' })}.c2ln`],
    ['a phone not in E.164', `${encode({ alg: 'HS256', kid: 'k1' })}.${encode({ ...claims, phone: '08123456789' })}.c2ln`],
    ['times as text', `${encode({ alg: 'HS256', kid: 'k1' })}.${encode({ ...claims, exp: String(now + 60) })}.c2ln`],
    ['characters outside base64url', `${encode({ alg: 'HS256', kid: 'k1' })}.${encode(claims)}.c2ln=`],
  ])('refuses a token with %s as malformed', (_name, token) => {
    expect(rejectionOf(() => readSsoToken(token))).toBe('malformed');
  });
});

describe('the issuer and time checks', () => {
  const check = (changes: Partial<SsoClaims>, nowSeconds = now) => verifyRejection(signSsoToken({ kid: 'k1', secret, claims: { ...claims, ...changes } }), { nowSeconds });

  it('accepts a fresh token and keeps its id until the end of its window plus the skew', async () => {
    const accepted = await checkSsoToken(signSsoToken({ kid: 'k1', secret, claims }), { secret, issuer: 'KOPISENJA', now: new Date(now * 1000) });
    expect(accepted.forgetAfter).toEqual(new Date((now + 150) * 1000));
  });

  it('refuses a token issued for another merchant', async () => {
    expect(await check({ iss: 'LUMINABEAUTY' })).toBe('wrong-issuer');
  });

  it('refuses a token living longer than 300 seconds', async () => {
    expect(await check({ exp: now + 300 })).toBeUndefined();
    expect(await check({ exp: now + 301 })).toBe('too-long-lived');
  });

  it('refuses a token that expires before it is issued', async () => {
    expect(await check({ exp: now })).toBe('too-long-lived');
  });

  it('accepts an expired token within the 30-second skew, then refuses it', async () => {
    expect(await check({}, now + 120 + 29)).toBeUndefined();
    expect(await check({}, now + 120 + 30)).toBe('expired');
  });

  it('refuses a token issued more than 30 seconds in the future', async () => {
    expect(await check({ iat: now + 30, exp: now + 90 })).toBeUndefined();
    expect(await check({ iat: now + 31, exp: now + 90 })).toBe('not-yet-valid');
  });
});
