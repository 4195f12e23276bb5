import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Identifier, SenderType } from '@kartu/contracts';
import { isFilled, isValidPhone, normalizePhone } from '@kartu/core';
import { PhoneInput } from '../../../components/forms/phone-input.tsx';
import { startingRegion } from '../../../components/forms/regions.ts';
import { SenderChoice } from '../../../components/forms/sender-choice.tsx';
import { useHeadingFocus } from '../../../components/ui/use-heading-focus.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { setSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { paths } from '../../../config/paths.ts';
import { useCheckCredential } from '../api/check-credential.ts';
import { useVerifyPhoneCode } from '../api/verify-phone-code.ts';
import { codeRequestsUnlockAt, fieldMessagesOf, hasErrorCode } from '../auth-errors.ts';
import { CodeRequestLock } from '../components/code-request-lock.tsx';
import { OtpStep } from '../components/otp-step.tsx';
import { credentialBody } from '../credential-body.ts';
import { clearSignInFlow, readSignInFlow, type SentCode } from '../sign-in-flow.ts';
import '../../../components/forms/forms.css';
import '../components/auth.css';

type CodeStep = { identifier: Identifier; sentCode: SentCode | undefined };

/** '/register-phone-number': a member who signed in by e-mail adds a phone number, proven by a code. */
export function RegisterPhonePage() {
  const { t } = useTranslation('auth');
  const { merchant } = useSite();
  const { intlLocale } = useLanguage();
  const navigate = useNavigate();
  const headingRef = useHeadingFocus();
  const phoneId = useId();
  const problemId = useId();
  const phoneRef = useRef<HTMLInputElement>(null);
  const [region, setRegion] = useState(() => startingRegion(merchant.countryCode, intlLocale));
  const [phone, setPhone] = useState('');
  const [senderType, setSenderType] = useState<SenderType>('SMS');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [requestsLockedUntil, setRequestsLockedUntil] = useState<number | null>(null);
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  const requestCode = useCheckCredential();
  const verifyPhoneCode = useVerifyPhoneCode();
  const dialCode = region.dialCode;

  const requestFor = (identifier: Identifier, force: boolean) =>
    requestCode.mutateAsync({ body: credentialBody({ identifier, type: 'register-phone', senderType }), force });

  const submitPhone = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const invalidPhone = !isFilled(phone) ? 'phoneRequired' : !isValidPhone(phone, { dialCode, region: region.code }) ? 'phoneInvalid' : null;
    setPhoneError(invalidPhone ? t(`validation.${invalidPhone}`) : undefined);
    if (invalidPhone) return phoneRef.current?.focus();
    const identifier: Identifier = { identifierType: 'phone', identifierValue: normalizePhone(phone, dialCode), countryCode: dialCode };
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
      setPhoneError(fieldMessage);
      phoneRef.current?.focus();
    }
  };

  if (codeStep) {
    const { identifier } = codeStep;
    return (
      <main className="page auth-page">
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
    <main className="page auth-page">
      <form className="stack" noValidate onSubmit={(event) => void submitPhone(event)}>
        <h1 ref={headingRef} tabIndex={-1} className="auth-step__title">
          {t('registerPhone.title')}
        </h1>
        <p className="muted">{t('registerPhone.text')}</p>
        <PhoneInput
          id={phoneId}
          label={t('signIn.phoneLabel')}
          value={phone}
          onChange={setPhone}
          region={region}
          onRegionChange={setRegion}
          error={phoneError}
          inputRef={phoneRef}
        />
        <SenderChoice name="senderType" value={senderType} onChange={setSenderType} />
        {problem ? (
          <p id={problemId} className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        {requestsLockedUntil !== null ? (
          <CodeRequestLock until={requestsLockedUntil} onDone={() => setRequestsLockedUntil(null)} />
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={requestCode.isPending || requestsLockedUntil !== null} aria-busy={requestCode.isPending}>
          {requestCode.isPending ? t('signIn.submitting') : t('registerPhone.submit')}
        </button>
      </form>
    </main>
  );
}
