import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// The token format merchants sign is documented in docs/sso.md; change both together.

/** Longest life a merchant may give a token, and the clock difference tolerated between servers. */
export const ssoTokenMaxLifetimeSeconds = 300;
export const ssoClockSkewSeconds = 30;

/** Why a token was refused: logged at debug level, never shown to the client (one SSO_INVALID). */
export type SsoRejection =
  | 'malformed'
  | 'unsupported-algorithm'
  | 'unknown-key'
  | 'bad-signature'
  | 'wrong-issuer'
  | 'too-long-lived'
  | 'not-yet-valid'
  | 'expired'
  | 'replayed'
  /** The phone or e-mail belongs to an account already linked to another subject. */
  | 'identity-conflict';

export class SsoTokenError extends Error {
  readonly reason: SsoRejection;

  constructor(reason: SsoRejection) {
    super(`SSO token refused: ${reason}`);
    this.name = 'SsoTokenError';
    this.reason = reason;
  }
}

const headerSchema = z.object({
  alg: z.string(),
  typ: z.literal('JWT').optional(),
  kid: z.string().min(1).max(64),
});

const numericDate = z.number().int().nonnegative();

export const ssoClaimsSchema = z.object({
  iss: z.string().min(1),
  sub: z.string().trim().min(1).max(255),
  email: z.email().max(254).optional(),
  phone: z.string().regex(/^\+[1-9]\d{6,14}$/, 'expected E.164').optional(),
  name: z.string().trim().min(1).max(120).optional(),
  iat: numericDate,
  exp: numericDate,
  jti: z.string().min(1).max(128),
});
export type SsoClaims = z.infer<typeof ssoClaimsSchema>;

/** A token split into its parts; nothing in it is trusted until `checkSignature` passes. */
export interface SsoTokenParts {
  kid: string;
  claims: SsoClaims;
  signingInput: string;
  signature: Buffer;
}

const base64UrlPart = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new SsoTokenError('malformed');
  }
}

/** Splits a compact JWS and reads its header and claims; throws SsoTokenError. */
export function readSsoToken(token: string): SsoTokenParts {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => base64UrlPart.test(part))) throw new SsoTokenError('malformed');
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;

  const header = headerSchema.safeParse(decodeJson(headerPart));
  if (!header.success) throw new SsoTokenError('malformed');
  // Only HS256: 'none' and asymmetric algorithms would let the header choose how it is checked.
  if (header.data.alg !== 'HS256') throw new SsoTokenError('unsupported-algorithm');

  const claims = ssoClaimsSchema.safeParse(decodeJson(payloadPart));
  if (!claims.success) throw new SsoTokenError('malformed');

  return {
    kid: header.data.kid,
    claims: claims.data,
    signingInput: `${headerPart}.${payloadPart}`,
    signature: Buffer.from(signaturePart, 'base64url'),
  };
}

function hmac(secret: string, signingInput: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

/** Compares in constant time so the answer time reveals nothing about the expected signature. */
export function checkSignature(parts: SsoTokenParts, secret: string): void {
  const expected = hmac(secret, parts.signingInput);
  if (parts.signature.length !== expected.length || !timingSafeEqual(parts.signature, expected)) {
    throw new SsoTokenError('bad-signature');
  }
}

/** Checks issuer and validity window at `nowSeconds`; returns when a replay record may be forgotten. */
export function checkClaims(claims: SsoClaims, { issuer, nowSeconds }: { issuer: string; nowSeconds: number }): Date {
  if (claims.iss !== issuer) throw new SsoTokenError('wrong-issuer');
  if (claims.exp <= claims.iat || claims.exp - claims.iat > ssoTokenMaxLifetimeSeconds) throw new SsoTokenError('too-long-lived');
  if (claims.iat > nowSeconds + ssoClockSkewSeconds) throw new SsoTokenError('not-yet-valid');
  if (claims.exp + ssoClockSkewSeconds <= nowSeconds) throw new SsoTokenError('expired');
  // The jti must stay remembered for as long as the token could still be accepted.
  return new Date((claims.exp + ssoClockSkewSeconds) * 1000);
}

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** Signs claims the way a merchant's server does: for tests, tooling and the merchant guide. */
export function signSsoToken({ kid, secret, claims }: { kid: string; secret: string; claims: SsoClaims }): string {
  const signingInput = `${encodeJson({ alg: 'HS256', typ: 'JWT', kid })}.${encodeJson(claims)}`;
  return `${signingInput}.${hmac(secret, signingInput).toString('base64url')}`;
}
