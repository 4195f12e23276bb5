import { DEFAULT_COUNTRY_CODE, DEFAULT_DIAL_CODE, PHONE_ERROR_MESSAGE, isValidEmail, isValidPhone, normalizePhone, toInternational } from '@kartu/core';
import type { Identifier, IdentifierType } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { MerchantRef } from './auth.context.ts';

/** An identifier in the one form that is stored and compared: E.164 phone or lower-case e-mail. */
export interface NormalisedIdentifier {
  type: IdentifierType;
  value: string;
}

/** A phone number in E.164, as a member adds it to an e-mail account. */
export type NormalisedPhone = NormalisedIdentifier & { type: 'phone' };

const EMAIL_ERROR_MESSAGE = 'Email is not valid';

function invalid(message: string, { field = 'body.identifierValue', rule = 'invalid_format' } = {}): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ field, rule, message }] });
}

const wrongKind = (message: string) => invalid(message, { field: 'body.identifierType', rule: 'invalid_value' });

/**
 * Validates and normalises what the user typed, so '0812…', '62812…' and '+62812…' are one person.
 * The merchant's country decides how strict the phone check is. spec: app-core §5 Phone check
 */
export function normaliseIdentifier(
  { identifierType, identifierValue, countryCode }: Pick<Identifier, 'identifierType' | 'identifierValue'> & { countryCode?: string },
  merchantCountry: string = DEFAULT_COUNTRY_CODE,
): NormalisedIdentifier {
  if (identifierType === 'email') {
    const email = identifierValue.trim().toLowerCase();
    if (!isValidEmail(email)) throw invalid(EMAIL_ERROR_MESSAGE);
    return { type: 'email', value: email };
  }
  const dialCode = countryCode ?? DEFAULT_DIAL_CODE;
  // Indonesia's strict check applies to Indonesian numbers only; the merchant's region otherwise.
  const region = dialCode === DEFAULT_DIAL_CODE ? 'ID' : merchantCountry === 'ID' ? 'ZZ' : merchantCountry;
  // The national form first: the phone check reads '0812…' and '+62812…' but not '62812…'.
  const national = normalizePhone(identifierValue, dialCode);
  if (!isValidPhone(national, { dialCode, region })) throw invalid(PHONE_ERROR_MESSAGE);
  return { type: 'phone', value: toInternational(national, dialCode) };
}

/**
 * The identifier a member signs in with on this merchant: its defaultLogin decides the kind, and the
 * other kind is refused unless the merchant accepts both (spec: app-core §1). Adding a phone number
 * to an e-mail account is not a sign-in and goes through normaliseIdentifier directly.
 */
export function signInIdentifier(
  input: Pick<Identifier, 'identifierType' | 'identifierValue'> & { countryCode?: string },
  merchant: Pick<MerchantRef, 'countryCode' | 'defaultLogin' | 'acceptsBothLogins'>,
): NormalisedIdentifier {
  if (input.identifierType !== merchant.defaultLogin && !merchant.acceptsBothLogins) {
    throw wrongKind(merchant.defaultLogin === 'phone' ? 'Sign in with your phone number' : 'Sign in with your e-mail address');
  }
  return normaliseIdentifier(input, merchant.countryCode);
}

/**
 * Whether this merchant's members may sign in with an e-mail address: the address then opens the
 * account, and changing it must prove the new one, as a sign-in does.
 */
export function signsInByEmail(merchant: Pick<MerchantRef, 'defaultLogin' | 'acceptsBothLogins'>): boolean {
  return merchant.defaultLogin === 'email' || merchant.acceptsBothLogins;
}

/** The phone number a signed-in e-mail member adds to the account (spec: app-core §2 /register-phone-number). */
export function phoneToRegister(
  input: Pick<Identifier, 'identifierType' | 'identifierValue'> & { countryCode?: string },
  merchant: Pick<MerchantRef, 'countryCode'>,
): NormalisedPhone {
  if (input.identifierType !== 'phone') throw wrongKind('Only a phone number can be registered');
  return { type: 'phone', value: normaliseIdentifier(input, merchant.countryCode).value };
}
