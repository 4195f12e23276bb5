import { DEFAULT_COUNTRY_CODE, DEFAULT_DIAL_CODE, PHONE_ERROR_MESSAGE, isValidEmail, isValidPhone, normalizePhone, toInternational } from '@kartu/core';
import type { Identifier, IdentifierType } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';

/** An identifier in the one form that is stored and compared: E.164 phone or lower-case e-mail. */
export interface NormalisedIdentifier {
  type: IdentifierType;
  value: string;
}

const EMAIL_ERROR_MESSAGE = 'Email is not valid';

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    message,
    details: [{ field: 'body.identifierValue', rule: 'invalid_format', message }],
  });
}

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
