import { z } from 'zod';
import { senderTypeSchema, type Identifier } from '@kartu/contracts';
import { isFilled, isValidPhone, normalizePhone } from '@kartu/core';
import type { Region } from './starting-region.ts';

/** Message keys under `validation.` in the auth namespace. */
export type PhoneProblem = 'phoneRequired' | 'phoneInvalid';

/** spec: app-core §5 Validation rules: a phone number is required, then must be valid for its region. */
export function phoneProblem(phone: string, region: Pick<Region, 'code' | 'dialCode'>): PhoneProblem | null {
  if (!isFilled(phone)) return 'phoneRequired';
  return isValidPhone(phone, { dialCode: region.dialCode, region: region.code }) ? null : 'phoneInvalid';
}

/** spec: app-core §5 Phone normalising: the national form with a leading 0, plus its dialing code. */
export function phoneIdentifier(phone: string, dialCode: string): Identifier {
  return { identifierType: 'phone', identifierValue: normalizePhone(phone, dialCode), countryCode: dialCode };
}

export const regionSchema = z.object({ code: z.string(), dialCode: z.string(), name: z.string() });

/** The values of a phone field in a react-hook-form form, checked with phoneProblem. */
export const phoneFieldSchema = z.object({ phone: z.string(), region: regionSchema, senderType: senderTypeSchema });
export type PhoneFieldValues = z.infer<typeof phoneFieldSchema>;

/** Adds the phone's problem, if any, to a form schema's issues at `path`. */
export function checkPhone(phone: string, region: Region, context: z.RefinementCtx, path: string[] = ['phone']): void {
  const problem = phoneProblem(phone, region);
  if (problem) context.addIssue({ code: 'custom', path, message: problem });
}
