import type { CheckCredentialBody, Identifier, OtpPurpose, SenderType } from '@kartu/contracts';

export type CredentialRequest = {
  identifier: Identifier;
  type: OtpPurpose;
  senderType?: SenderType;
  referenceId?: string;
};

/**
 * The check-credential body, exactly per the contract: senderType only for a phone number
 * (spec: app-core §3 Credential check request), referenceId only when the landing had one.
 */
export function credentialBody({ identifier, type, senderType, referenceId }: CredentialRequest): CheckCredentialBody {
  const body: CheckCredentialBody = {
    identifierType: identifier.identifierType,
    identifierValue: identifier.identifierValue,
    countryCode: identifier.countryCode,
    type,
  };
  if (referenceId) body.referenceId = referenceId;
  if (identifier.identifierType === 'phone' && senderType) body.senderType = senderType;
  return body;
}

/** How the identifier is shown back to its owner: '+62 81234567890' or the e-mail address. */
export function displayIdentifier(identifier: Identifier): string {
  if (identifier.identifierType === 'email') return identifier.identifierValue;
  return `+${identifier.countryCode} ${identifier.identifierValue.replace(/^0/, '')}`;
}
