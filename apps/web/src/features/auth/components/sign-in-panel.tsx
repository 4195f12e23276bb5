import { useEffect, useId, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Identifier } from '@kartu/contracts';
import { ConsentCheckbox } from '../../../components/forms/consent-checkbox.tsx';
import { EmailInput } from '../../../components/forms/email-input.tsx';
import { PhoneField, phoneIdentifier, useStartingRegion } from '../../../components/forms/phone-field.tsx';
import { describeApiError, fieldMessagesOf } from '../../../lib/api-client.ts';
import { useSignInKind } from '../../../lib/sign-in-kind.ts';
import { paths } from '../../../config/paths.ts';
import { useCheckCredential } from '../api/check-credential.ts';
import { useGetPinInfo } from '../api/get-pin-info.ts';
import { codeRequestsUnlockAt, hasErrorCode, lockedPagePath } from '../auth-errors.ts';
import { credentialBody } from '../credential-body.ts';
import { updateSignInFlow } from '../sign-in-flow.ts';
import { CodeRequestSubmit } from './code-request-submit.tsx';
import { signInFormSchema, type SignInForm } from './sign-in-form-schema.ts';
import '../../../components/forms/forms.css';
import './auth.css';

// spec: app-core §1: the merchant's defaultLogin decides whether members sign in by phone or e-mail;
// a merchant that accepts both offers the other kind under the field.
export function SignInPanel() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const ids = { value: useId(), consent: useId(), problem: useId() };
  const { kind, other, switchKind } = useSignInKind();
  const byPhone = kind === 'phone';
  const startingRegion = useStartingRegion();
  const [problem, setProblem] = useState<string | null>(null);
  const [requestsLockedUntil, setRequestsLockedUntil] = useState<number | null>(null);
  const pinInfo = useGetPinInfo();
  const requestCode = useCheckCredential();

  const form = useForm<SignInForm>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: {
      identifierType: byPhone ? 'phone' : 'email',
      phone: '',
      email: '',
      region: startingRegion,
      senderType: 'SMS',
      consent: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  // After a switch, the form checks the new kind and the cursor waits in its field.
  const switched = useRef(false);
  useEffect(() => {
    form.setValue('identifierType', kind);
    if (switched.current) form.setFocus(kind);
    switched.current = false;
  }, [form, kind]);
  const onSwitch = () => {
    switched.current = true;
    form.clearErrors(['phone', 'email']);
    setProblem(null);
    switchKind();
  };
  const fieldError = (error: FieldError | undefined) =>
    error?.type === 'server' ? error.message : error?.message && t(`validation.${error.message}`);

  const explain = (error: unknown) => {
    if (hasErrorCode(error, 'LOGIN_LOCKED')) return void navigate(lockedPagePath(paths.lock, error));
    if (hasErrorCode(error, 'OTP_REQUESTS_LOCKED')) {
      return setRequestsLockedUntil(codeRequestsUnlockAt(error));
    }
    const fieldMessage = fieldMessagesOf(error).identifierValue;
    if (fieldMessage) return form.setError(byPhone ? 'phone' : 'email', { type: 'server', message: fieldMessage }, { shouldFocus: true });
    setProblem(describeApiError(error));
  };

  const onSubmit = async (values: SignInForm) => {
    setProblem(null);
    const identifier: Identifier = byPhone
      ? phoneIdentifier(values.phone, values.region.dialCode)
      : { identifierType: 'email', identifierValue: values.email.trim(), countryCode: values.region.dialCode };
    const senderType = byPhone ? values.senderType : undefined;
    const referenceId = searchParams.get('referenceId') ?? undefined;
    updateSignInFlow({ identifier, senderType, referenceId, purpose: 'login', pinPending: undefined, resetInProcess: false, pinResetVerified: undefined });
    try {
      const info = await pinInfo.mutateAsync(identifier);
      updateSignInFlow({ pinInfo: info });
      // A known browser of an account with a PIN goes straight to the PIN; anyone else gets a code first.
      if (!info.needSetPin && !info.isNewDevice) return void navigate(paths.passcode.href());
      await requestCode.mutateAsync({ body: credentialBody({ identifier, type: 'login', senderType, referenceId }) });
      await navigate(paths.login.href());
    } catch (error) {
      explain(error);
    }
  };

  return (
    <FormProvider {...form}>
      <form className="sign-in-panel stack" noValidate onSubmit={form.handleSubmit(onSubmit)} aria-describedby={problem ? ids.problem : undefined}>
        {byPhone ? (
          <PhoneField id={ids.value} label={t('signIn.phoneLabel')} />
        ) : (
          <Controller
            control={form.control}
            name="email"
            render={({ field }) => (
              <EmailInput
                id={ids.value}
                name={field.name}
                label={t('signIn.emailLabel')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldError(errors.email)}
              />
            )}
          />
        )}
        {other ? (
          <button type="button" className="link-button sign-in-panel__switch" onClick={onSwitch}>
            {other === 'email' ? t('signIn.useEmail') : t('signIn.usePhone')}
          </button>
        ) : null}
        <Controller
          control={form.control}
          name="consent"
          render={({ field }) => (
            <ConsentCheckbox
              id={ids.consent}
              name={field.name}
              checked={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldError(errors.consent)}
            />
          )}
        />
        <CodeRequestSubmit
          problem={problem}
          problemId={ids.problem}
          lockedUntil={requestsLockedUntil}
          onUnlocked={() => setRequestsLockedUntil(null)}
          busy={isSubmitting}
          label={t('signIn.submit')}
        />
      </form>
    </FormProvider>
  );
}
