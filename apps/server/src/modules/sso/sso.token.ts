import { createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';

// The token format merchants sign is documented in docs/sso.md; change both together.

/** Longest life a merchant may give a token, and the clock difference tolerated between servers. */
export const ssoTokenMaxLifetimeSeconds = 300;
export const ssoClockSkewSeconds = 30;
const ssoAlgorithm = 'HS256';

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

/** What a token says before anything in it is trusted: checkSsoToken verifies it against the key. */
export interface SsoTokenParts {
  kid: string;
  claims: SsoClaims;
}

const base64UrlPart = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new SsoTokenError('malformed');
  }
}

/** Reads a compact JWS's header and claims without trusting them, to find its key; throws SsoTokenError. */
export function readSsoToken(token: string): SsoTokenParts {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => base64UrlPart.test(part))) throw new SsoTokenError('malformed');
  const [headerPart = '', payloadPart = ''] = parts;

  const header = headerSchema.safeParse(decodeJson(headerPart));
  if (!header.success) throw new SsoTokenError('malformed');
  // Only HS256: 'none' and asymmetric algorithms would let the header choose how it is checked.
  if (header.data.alg !== ssoAlgorithm) throw new SsoTokenError('unsupported-algorithm');

  const claims = ssoClaimsSchema.safeParse(decodeJson(payloadPart));
  if (!claims.success) throw new SsoTokenError('malformed');
  return { kid: header.data.kid, claims: claims.data };
}

/** Why jose refused a token, in the words of SsoRejection. */
function rejectionOf(error: unknown): SsoRejection | undefined {
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'bad-signature';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'unsupported-algorithm';
  // On exp, or on an iat older than the longest life a token may have.
  if (error instanceof joseErrors.JWTExpired) return 'expired';
  // An iss not the merchant's, or an iat further ahead than the clock difference tolerated.
  if (error instanceof joseErrors.JWTClaimValidationFailed) return error.claim === 'iss' ? 'wrong-issuer' : error.claim === 'iat' ? 'not-yet-valid' : 'malformed';
  if (error instanceof joseErrors.JOSEError) return 'malformed';
  return undefined;
}

/**
 * Verifies the token with the key's secret (jose, HS256 only), the issuer, and its time window at
 * `now` with the tolerated clock difference; answers its claims and when its id may be forgotten by
 * the replay check. Throws SsoTokenError.
 */
export async function checkSsoToken(token: string, { secret, issuer, now }: { secret: string; issuer: string; now: Date }): Promise<{ claims: SsoClaims; forgetAfter: Date }> {
  const { claims } = readSsoToken(token);
  try {
    await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: [ssoAlgorithm],
      issuer,
      maxTokenAge: ssoTokenMaxLifetimeSeconds,
      clockTolerance: ssoClockSkewSeconds,
      currentDate: now,
    });
  } catch (error) {
    const reason = rejectionOf(error);
    if (reason) throw new SsoTokenError(reason);
    throw error;
  }
  // The merchant may not sign a token for longer than the longest life, however fresh it is now.
  if (claims.exp <= claims.iat || claims.exp - claims.iat > ssoTokenMaxLifetimeSeconds) throw new SsoTokenError('too-long-lived');
  // The jti must stay remembered for as long as the token could still be accepted.
  return { claims, forgetAfter: new Date((claims.exp + ssoClockSkewSeconds) * 1000) };
}

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** Signs claims the way a merchant's server does: for tests, tooling and the merchant guide. */
export function signSsoToken({ kid, secret, claims }: { kid: string; secret: string; claims: SsoClaims }): string {
  const signingInput = `${encodeJson({ alg: ssoAlgorithm, typ: 'JWT', kid })}.${encodeJson(claims)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}
