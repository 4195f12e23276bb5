import { randomBytes, randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { signInAnswerSchema } from '@kartu/contracts';
import type { TestApp } from '../../test/test-app.ts';

// Shared steps of the sign-in tests: each test uses its own phone number and device.

export function newPhone(): string {
  return `0812${randomInt(10_000_000, 99_999_999)}`;
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

export function phoneBody(phone: string) {
  return { identifierType: 'phone', identifierValue: phone, countryCode: '62' } as const;
}

export interface CallOptions {
  host?: string;
  deviceId?: string;
  token?: string;
  cookie?: string;
  /** The app's language, as the web app sends it. */
  language?: string;
}

export async function call(
  testApp: TestApp,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body: object | undefined,
  { host = 'localhost', deviceId, token, cookie, language }: CallOptions = {},
): Promise<LightMyRequestResponse> {
  // The test clock stands still; a second between code requests keeps "newest first" unambiguous.
  if (url.endsWith('/check-credential') || url.endsWith('/request-reset-pin')) testApp.clock.advance(1000);
  const headers: Record<string, string> = { host };
  if (deviceId) headers['x-device-id'] = deviceId;
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  if (language) headers['accept-language'] = language;
  return testApp.app.inject({ method, url, headers, ...(body && { payload: body }) });
}

const outboxSchema = z.object({
  data: z.array(z.object({ id: z.string(), recipient: z.string(), code: z.string().nullable(), purpose: z.string(), text: z.string(), createdAt: z.string() })),
});

/** The newest code the development outbox holds for a recipient (other messages, such as notices, have none). */
export async function latestCode(testApp: TestApp, to: string, host = 'localhost'): Promise<string> {
  const response = await call(testApp, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`, undefined, { host });
  const code = outboxSchema.parse(response.json()).data.find((message) => message.code !== null)?.code;
  if (!code) throw new Error(`No code was sent to ${to}`);
  return code;
}

export async function outboxFor(testApp: TestApp, to: string, host = 'localhost') {
  const response = await call(testApp, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`, undefined, { host });
  return outboxSchema.parse(response.json()).data;
}

/** check-credential, then verify-otp with the code that was sent: a pending session. */
export async function passCode(testApp: TestApp, phone: string, options: CallOptions = {}) {
  const sent = await call(testApp, 'POST', '/api/auth/check-credential', phoneBody(phone), options);
  if (sent.statusCode !== 200) throw new Error(`check-credential answered ${sent.statusCode}: ${sent.body}`);
  const otp = await latestCode(testApp, phone, options.host);
  const verified = await call(testApp, 'POST', '/api/auth/verify-otp', { ...phoneBody(phone), otp }, options);
  if (verified.statusCode !== 200) throw new Error(`verify-otp answered ${verified.statusCode}: ${verified.body}`);
  return { response: verified, answer: signInAnswerSchema.parse(verified.json()) };
}

/** A new member with a PIN, signed in on `deviceId`: answers the active session's token. */
export async function signUp(testApp: TestApp, phone: string, pin: string, options: CallOptions = {}) {
  const { answer: pending } = await passCode(testApp, phone, options);
  const created = await call(testApp, 'POST', '/api/auth/register-pin', { pin }, { ...options, token: pending.accessToken });
  if (created.statusCode !== 200) throw new Error(`register-pin answered ${created.statusCode}: ${created.body}`);
  return signInAnswerSchema.parse(created.json());
}
