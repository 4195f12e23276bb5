/*
 * The sign-in form's checks and its requests: the validation schemas, the phone metadata and the
 * API answers' schemas live here, so the landing page shows its form without them. The form
 * fetches this module once the page is idle or the member starts typing (sign-in-panel.tsx).
 */
import type { Identifier } from '@kartu/contracts';
import { phoneIdentifier } from '../../../components/forms/phone-rules.ts';
import { paths } from '../../../config/paths.ts';
import { checkCredential } from '../api/check-credential.ts';
import { getPinInfo } from '../api/get-pin-info.ts';
import { credentialBody } from '../credential-body.ts';
import { updateSignInFlow } from '../sign-in-flow.ts';
import { signInFormSchema, type SignInForm } from './sign-in-form-schema.ts';

export type SignInField = 'phone' | 'email' | 'consent';
/** Per field, the key of its message under `validation.` in the auth namespace. */
export type SignInProblems = Partial<Record<SignInField, string>>;

const fields: readonly string[] = ['phone', 'email', 'consent'] satisfies SignInField[];

/** What is wrong with the form, field by field (spec: app-core §5 Validation rules); empty when nothing is. */
export function problemsOf(values: SignInForm): SignInProblems {
  const result = signInFormSchema.safeParse(values);
  if (result.success) return {};
  const problems: SignInProblems = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && fields.includes(field)) problems[field as SignInField] ??= issue.message;
  }
  return problems;
}

/**
 * Starts signing in with a checked form: a known browser of an account with a PIN goes straight to
 * the PIN; anyone else gets a code first. Answers the page to go to.
 */
export async function requestSignIn(values: SignInForm, { referenceId }: { referenceId: string | undefined }): Promise<string> {
  const byPhone = values.identifierType === 'phone';
  const identifier: Identifier = byPhone
    ? phoneIdentifier(values.phone, values.region.dialCode)
    : { identifierType: 'email', identifierValue: values.email.trim(), countryCode: values.region.dialCode };
  const senderType = byPhone ? values.senderType : undefined;
  updateSignInFlow({ identifier, senderType, referenceId, purpose: 'login', pinPending: undefined, resetInProcess: false, pinResetVerified: undefined });
  const info = await getPinInfo(identifier);
  updateSignInFlow({ pinInfo: info });
  if (!info.needSetPin && !info.isNewDevice) return paths.passcode.href();
  await checkCredential({ body: credentialBody({ identifier, type: 'login', senderType, referenceId }) });
  return paths.login.href();
}
