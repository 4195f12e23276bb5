import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { Identifier, OtpPurpose, SenderType } from '@kartu/contracts';
import { formatCountdown } from '@kartu/core';
import { OTP_LENGTH } from '@kartu/core/constants';
import { OtpInput } from '../../../components/forms/otp-input.tsx';
import { useCountdown } from '../../../components/ui/use-countdown.ts';
import { describeApiError, fieldMessagesOf } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import { codeRequestsUnlockAt, hasErrorCode, lockedPagePath } from '../auth-errors.ts';
import { displayIdentifier } from '../credential-body.ts';
import type { SentCode } from '../sign-in-flow.ts';
import { CodeRequestLock } from './code-request-lock.tsx';
import './auth.css';
import { Button } from '../../../components/ui/button.tsx';

export type OtpStepProps = {
  identifier: Identifier;
  senderType?: SenderType;
  purpose: OtpPurpose;
  sentCode: SentCode | undefined;
  /** Checks the code; rejects with the server's ApiError when it is refused. */
  verify: (otp: string) => Promise<void>;
  /** Sends a new code. */
  resend: () => Promise<SentCode>;
};

type Problem = { message: string; detail?: string };

const titleKey = { login: 'code.title.login', 'reset-pin': 'code.title.resetPin', 'register-phone': 'code.title.registerPhone' } as const;

// spec: app-core §4 OTP flow, §5 verification inputs; business-rules §8 wrong verification code.
export function OtpStep({ identifier, senderType, purpose, sentCode: firstCode, verify, resend }: OtpStepProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const inputId = useId();
  const problemId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [sentCode, setSentCode] = useState(firstCode);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [requestsLockedUntil, setRequestsLockedUntil] = useState<number | null>(null);
  const resendIn = useCountdown(sentCode?.expiredAt ?? null);

  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  const explain = (error: unknown): void => {
    if (hasErrorCode(error, 'LOGIN_LOCKED')) {
      void navigate(lockedPagePath(paths.lock, error));
      return;
    }
    if (hasErrorCode(error, 'OTP_REQUESTS_LOCKED')) {
      setRequestsLockedUntil(codeRequestsUnlockAt(error));
      return;
    }
    if (hasErrorCode(error, 'OTP_INVALID')) {
      const left = error.attemptsRemaining;
      setProblem({ message: t('code.invalid'), detail: left === undefined ? undefined : t('code.attemptsLeft', { count: left }) });
    } else if (hasErrorCode(error, 'OTP_EXPIRED')) {
      setProblem({ message: t('code.expired') });
    } else {
      const message = fieldMessagesOf(error).otp ?? describeApiError(error);
      setProblem(message ? { message } : null);
    }
    inputRef.current?.focus();
  };

  const submit = async (otp: string) => {
    if (verifying || otp.length !== OTP_LENGTH) return;
    setVerifying(true);
    setProblem(null);
    try {
      await verify(otp);
    } catch (error) {
      setCode('');
      explain(error);
    } finally {
      setVerifying(false);
    }
  };

  const askAgain = async () => {
    setResending(true);
    setProblem(null);
    try {
      setSentCode(await resend());
      setCode('');
      inputRef.current?.focus();
    } catch (error) {
      explain(error);
    } finally {
      setResending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code);
  };

  const requestsLeft = sentCode?.requestRemaining;
  const noRequestsLeft = requestsLeft === 0;
  const channel = identifier.identifierType === 'email' ? t('code.byEmail') : senderType === 'WHATSAPP' ? t('code.byWhatsapp') : t('code.bySms');

  return (
    <form className="auth-step stack" onSubmit={onSubmit} noValidate>
      <h1 className="auth-step__title">{t(titleKey[purpose])}</h1>
      <p className="muted">{t('code.sentTo', { destination: displayIdentifier(identifier), channel })}</p>
      <OtpInput
        id={inputId}
        label={t('code.label')}
        value={code}
        onChange={setCode}
        onComplete={(otp) => void submit(otp)}
        invalid={problem !== null}
        describedBy={problem ? problemId : undefined}
        readOnly={verifying}
        inputRef={inputRef}
      />
      <div id={problemId} role="alert" className="field__error auth-step__problem">
        {problem ? (
          <>
            <p>{problem.message}</p>
            {problem.detail ? <p>{problem.detail}</p> : null}
          </>
        ) : null}
      </div>
      {requestsLockedUntil !== null ? (
        <CodeRequestLock until={requestsLockedUntil} onDone={() => setRequestsLockedUntil(null)} />
      ) : null}
      <Button type="submit" disabled={verifying || code.length !== OTP_LENGTH} loading={verifying}>
        {verifying ? t('code.verifying') : t('code.verify')}
      </Button>
      <div className="auth-step__resend">
        {resendIn > 0 ? (
          <p className="muted">
            {t('code.resendIn')} <span role="timer">{formatCountdown(resendIn)}</span>
          </p>
        ) : (
          <Button
            variant="secondary"
            disabled={resending || noRequestsLeft || requestsLockedUntil !== null}
            loading={resending}
            onClick={() => void askAgain()}
          >
            {resending ? t('code.resending') : t('code.resend')}
          </Button>
        )}
        {requestsLeft !== undefined ? (
          <p className="muted">{noRequestsLeft ? t('code.noRequestsLeft') : t('code.requestsLeft', { count: requestsLeft })}</p>
        ) : null}
      </div>
    </form>
  );
}
