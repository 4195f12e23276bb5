import { z } from 'zod';

export const identifierTypeSchema = z.enum(['phone', 'email']);
export type IdentifierType = z.infer<typeof identifierTypeSchema>;

export const senderTypeSchema = z.enum(['SMS', 'WHATSAPP']);
export type SenderType = z.infer<typeof senderTypeSchema>;

export const otpPurposeSchema = z.enum(['login', 'reset-pin', 'register-phone']);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;

const pinSchema = z.string().regex(/^\d{6}$/, 'PIN must be 6 digits');
const otpSchema = z.string().regex(/^\d{6}$/, 'Code must be 6 digits');
/** Dialing code without '+', e.g. '62'. */
const dialCodeSchema = z.string().regex(/^\d{1,4}$/);

export const identifierSchema = z.object({
  identifierType: identifierTypeSchema,
  identifierValue: z.string().trim().min(1).max(254),
  countryCode: dialCodeSchema.default('62'),
});
export type Identifier = z.infer<typeof identifierSchema>;

// spec: app-core §3 Credential check request — senderType only when the identifier is not an e-mail.
export const checkCredentialBodySchema = identifierSchema
  .extend({
    type: otpPurposeSchema.default('login'),
    referenceId: z.string().max(128).optional(),
    senderType: senderTypeSchema.optional(),
  })
  .refine((body) => body.identifierType === 'phone' || body.senderType === undefined, {
    message: 'senderType is only for phone numbers',
    path: ['senderType'],
  });
export type CheckCredentialBody = z.infer<typeof checkCredentialBodySchema>;

export const checkCredentialAnswerSchema = z.object({
  /** Seconds. */
  expireIn: z.number().int().positive(),
  /** Before the 3-minute lock. */
  requestRemaining: z.number().int().min(0),
});
export type CheckCredentialAnswer = z.infer<typeof checkCredentialAnswerSchema>;

export const verifyOtpBodySchema = identifierSchema.extend({
  type: otpPurposeSchema.default('login'),
  otp: otpSchema,
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  maskedId: z.string(),
  merchantId: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  country: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginTypeSchema = z.enum(['otp', 'pin', 'sso']);
export type LoginType = z.infer<typeof loginTypeSchema>;

export const signInAnswerSchema = z.object({
  user: sessionUserSchema,
  isNewUser: z.boolean(),
  loginType: loginTypeSchema,
  /** For app view mode, which sends it back as a bearer token; the web app uses the cookie. */
  accessToken: z.string(),
  /** Seconds, if unused. */
  expiresIn: z.number().int().positive(),
  /** The session is not complete until the user enters (or creates) a PIN. */
  pinRequired: z.boolean(),
});
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const pinInfoBodySchema = identifierSchema;
export const pinInfoAnswerSchema = z.object({
  needSetPin: z.boolean(),
  needSetPhone: z.boolean(),
  /** This browser has not yet passed a one-time code for this account. */
  isNewDevice: z.boolean(),
});
export type PinInfoAnswer = z.infer<typeof pinInfoAnswerSchema>;

/** spec: app-core §7 api/auth/get-user-id-info; docs/decisions/041-user-id-info.md. */
export const userIdInfoBodySchema = z.object({ userId: z.string().trim().min(1).max(64) });
export const userIdInfoSchema = z.object({
  userId: z.string(),
  /** The member has a PIN; false for a new member between the code and the first PIN. */
  hasPin: z.boolean(),
  /** The session that asks still waits for the PIN to be entered or created. */
  pinRequired: z.boolean(),
  maskedPhone: z.string().nullable(),
  maskedEmail: z.string().nullable(),
  memberSince: z.string().datetime(),
});
export type UserIdInfo = z.infer<typeof userIdInfoSchema>;
export const userIdInfoAnswerSchema = z.object({ info: userIdInfoSchema });

export const loginByPinBodySchema = identifierSchema.extend({ pin: pinSchema });
export const createPinBodySchema = z.object({ pin: pinSchema });
export const changePinBodySchema = z.object({ pin: pinSchema, newPin: pinSchema });
export const resetPinBodySchema = z.object({ pin: pinSchema });

export const lockStateSchema = z.object({
  isLocked: z.boolean(),
  lockedUntil: z.string().datetime().nullable(),
  currentTime: z.string().datetime(),
});
export type LockState = z.infer<typeof lockStateSchema>;

/** Header the web app sends so the server can tell a known browser from a new one. */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const requestResetPinBodySchema = identifierSchema.extend({ senderType: senderTypeSchema.optional() });
export const verifyPinOtpBodySchema = identifierSchema.extend({ otp: otpSchema });

export const checkLockBodySchema = identifierSchema;
/** spec: app-core §7 api/auth/locked — phone only. */
export const lockedBodySchema = z.object({ phone: z.string().trim().min(1).max(32), countryCode: dialCodeSchema.default('62') });
export const lockedAnswerSchema = z.object({ userLocked: z.boolean() });

export const sessionAnswerSchema = z.object({
  user: sessionUserSchema,
  loginType: loginTypeSchema,
  pinRequired: z.boolean(),
  needSetPhone: z.boolean(),
});
/** A sign-in code checked: a session that waits for the PIN, or the full session when the code added a phone. */
export const verifyOtpAnswerSchema = z.union([signInAnswerSchema, sessionAnswerSchema]);
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

export const ssoBodySchema = z.object({ token: z.string().min(16).max(4096) });

/** An account is deleted only on the member's PIN: a session alone (a borrowed phone, a forged request) is not enough. */
export const accountDeletionBodySchema = z.object({ pin: pinSchema });
export type AccountDeletionBody = z.infer<typeof accountDeletionBodySchema>;
export const accountDeletionAnswerSchema = z.object({ requestedAt: z.string().datetime() });
