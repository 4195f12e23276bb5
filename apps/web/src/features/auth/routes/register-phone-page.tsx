import { useId, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { Identifier } from '@kartu/contracts';
import { PhoneField } from '../../../components/forms/phone-field.tsx';
import { useStartingRegion } from '../../../components/forms/starting-region.ts';
import { checkPhone, phoneFieldSchema, phoneIdentifier, type PhoneFieldValues } from '../../../components/forms/phone-rules.ts';
import { useHeadingFocus } from '../../../components/ui/use-heading-focus.ts';
import { describeApiError, fieldMessagesOf } from '../../../lib/api-client.ts';
import { setSession } from '../../../lib/session.ts';
import { paths } from '../../../config/paths.ts';
import { useCheckCredential } from '../api/check-credential.ts';
import { useVerifyPhoneCode } from '../api/verify-phone-code.ts';
import { codeRequestsUnlockAt, hasErrorCode } from '../auth-errors.ts';
import { CodeRequestSubmit } from '../components/code-request-submit.tsx';
import { OtpStep } from '../components/otp-step.tsx';
import { credentialBody } from '../credential-body.ts';
import { clearSignInFlow, readSignInFlow, type SentCode } from '../sign-in-flow.ts';
import '../../../components/forms/forms.css';
import '../components/auth.css';

type CodeStep = { identifier: Identifier; sentCode: SentCode | undefined };

const registerPhoneSchema = phoneFieldSchema.superRefine((form, ctx) => checkPhone(form.phone, form.region, ctx));

/** '/register-phone-number': a member who signed in by e-mail adds a phone number, proven by a code. */
export function RegisterPhonePage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const headingRef = useHeadingFocus();
  const phoneId = useId();
  const problemId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [requestsLockedUntil, setRequestsLockedUntil] = useState<number | null>(null);
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  const requestCode = useCheckCredential();
  const verifyPhoneCode = useVerifyPhoneCode();
  const startingRegion = useStartingRegion();
  const form = useForm<PhoneFieldValues>({
    resolver: zodResolver(registerPhoneSchema),
    defaultValues: { phone: '', region: startingRegion, senderType: 'SMS' },
  });
  const senderType = useWatch({ control: form.control, name: 'senderType' });

  const requestFor = (identifier: Identifier, force: boolean) =>
    requestCode.mutateAsync({ body: credentialBody({ identifier, type: 'register-phone', senderType }), force });

  const submitPhone = async (values: PhoneFieldValues) => {
    setProblem(null);
    const identifier = phoneIdentifier(values.phone, values.region.dialCode);
    try {
      await requestFor(identifier, false);
      setCodeStep({ identifier, sentCode: readSignInFlow().sentCode });
    } catch (error) {
      if (hasErrorCode(error, 'OTP_REQUESTS_LOCKED')) {
        setRequestsLockedUntil(codeRequestsUnlockAt(error));
        return;
      }
      const fieldMessage = hasErrorCode(error, 'PHONE_TAKEN') ? t('validation.phoneTaken') : fieldMessagesOf(error).identifierValue;
      if (!fieldMessage) return setProblem(describeApiError(error));
      form.setError('phone', { type: 'server', message: fieldMessage }, { shouldFocus: true });
    }
  };

  if (codeStep) {
    const { identifier } = codeStep;
    return (
      <main id="main" className="page auth-page">
        <OtpStep
          identifier={identifier}
          senderType={senderType}
          purpose="register-phone"
          sentCode={codeStep.sentCode}
          verify={async (otp) => {
            const answer = await verifyPhoneCode.mutateAsync({ ...identifier, otp });
            setSession({ user: answer.user, loginType: answer.loginType });
            clearSignInFlow();
            await navigate(paths.cards.href(), { replace: true });
          }}
          resend={async () => {
            await requestFor(identifier, true);
            const sentCode = readSignInFlow().sentCode;
            if (!sentCode) throw new Error('The new code was not remembered');
            return sentCode;
          }}
        />
      </main>
    );
  }

  return (
    <main id="main" className="page auth-page">
      <FormProvider {...form}>
        <form className="stack" noValidate onSubmit={form.handleSubmit(submitPhone)}>
          <h1 ref={headingRef} tabIndex={-1} className="auth-step__title">
            {t('registerPhone.title')}
          </h1>
          <p className="muted">{t('registerPhone.text')}</p>
          <PhoneField id={phoneId} label={t('signIn.phoneLabel')} />
          <CodeRequestSubmit
            problem={problem}
            problemId={problemId}
            lockedUntil={requestsLockedUntil}
            onUnlocked={() => setRequestsLockedUntil(null)}
            busy={requestCode.isPending}
            label={t('registerPhone.submit')}
          />
        </form>
      </FormProvider>
    </main>
  );
}
