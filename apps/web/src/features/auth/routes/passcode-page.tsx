import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PIN_LOCK_AT_ATTEMPT } from '@kartu/core/constants';
import { PinEntry } from '../../../components/pin/pin-entry.tsx';
import { describeApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import { checkCredential } from '../api/check-credential.ts';
import { useLoginByPin } from '../api/login-by-pin.ts';
import { useRequestResetPin } from '../api/request-reset-pin.ts';
import { hasErrorCode, lockedPagePath } from '../auth-errors.ts';
import { credentialBody } from '../credential-body.ts';
import { readSignInFlow, updateSignInFlow } from '../sign-in-flow.ts';
import { useFinishSignIn } from '../use-finish-sign-in.ts';
import '../components/auth.css';
import { Redirect } from '../../../lib/redirect.tsx';

/** '/passcode': sign-in by PIN, on a known browser (LOGIN) or after a code on a new one (LOGIN_NEW_DEVICE). */
export function PasscodePage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode') === 'LOGIN_NEW_DEVICE' ? 'LOGIN_NEW_DEVICE' : 'LOGIN';
  const finishSignIn = useFinishSignIn();
  const login = useLoginByPin();
  const requestReset = useRequestResetPin();
  const [failures, setFailures] = useState(0);
  const [invalid, setInvalid] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [{ identifier, senderType, referenceId }] = useState(readSignInFlow);
  if (!identifier) return <Redirect to={paths.home.href()} />;

  const refused = async (error: unknown) => {
    if (hasErrorCode(error, 'PIN_LOCKED')) return navigate(lockedPagePath(paths.deviceLocked, error), { replace: true });
    if (hasErrorCode(error, 'LOGIN_LOCKED')) return navigate(lockedPagePath(paths.lock, error), { replace: true });
    if (hasErrorCode(error, 'PIN_INVALID')) {
      const failed = failures + 1;
      setFailures(failed);
      // spec: app-core §4 PIN login: every attempt counts; more than 2 sends the member to /device-locked.
      if (failed >= PIN_LOCK_AT_ATTEMPT) return navigate(lockedPagePath(paths.deviceLocked, error), { replace: true });
      const left = error.attemptsRemaining ?? PIN_LOCK_AT_ATTEMPT - failed;
      setInvalid(true);
      return setProblem(t('pin.attemptsLeft', { count: left }));
    }
    if (hasErrorCode(error, 'NEW_DEVICE')) {
      // The server does not know this browser yet: prove the identifier with a code first.
      try {
        await checkCredential({ body: credentialBody({ identifier, type: 'login', senderType, referenceId }) });
        updateSignInFlow({ purpose: 'login' });
        return navigate(paths.login.href(), { replace: true });
      } catch (codeError) {
        return setProblem(describeApiError(codeError));
      }
    }
    setInvalid(true);
    setProblem(describeApiError(error));
  };

  const submit = (pin: string) => {
    setInvalid(false);
    setProblem(null);
    login.mutate({ ...identifier, pin }, { onSuccess: (answer) => void finishSignIn(answer), onError: (error) => void refused(error) });
  };

  const forgotPin = () => {
    setProblem(null);
    requestReset.mutate(
      { ...identifier, senderType },
      {
        onSuccess: () => void navigate(paths.login.href()),
        onError: (error) => {
          if (hasErrorCode(error, 'LOGIN_LOCKED')) return void navigate(lockedPagePath(paths.lock, error));
          setProblem(hasErrorCode(error, 'OTP_REQUESTS_LOCKED') ? t('code.requestsLocked') : describeApiError(error));
        },
      },
    );
  };

  return (
    <main id="main" className="page auth-page">
      <PinEntry
        mode={mode}
        onSubmit={submit}
        invalid={invalid}
        error={problem}
        busy={login.isPending || requestReset.isPending}
        onForgotPin={forgotPin}
      />
    </main>
  );
}
