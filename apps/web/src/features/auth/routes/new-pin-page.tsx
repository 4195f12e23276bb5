import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { TOAST_TIMEOUT_PIN_PAYMENT_MS } from '@kartu/core/constants';
import { PinEntry } from '../../../components/pin/pin-entry.tsx';
import { toast } from '../../../components/feedback/toast-store.ts';
import { describeApiError, fieldMessagesOf } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import { useResetPin } from '../api/pin-reset.ts';
import { useRegisterPin } from '../api/register-pin.ts';
import { useUserIdInfo } from '../api/user-id-info.ts';
import { readSignInFlow } from '../sign-in-flow.ts';
import { hasErrorCode } from '../auth-errors.ts';
import { useFinishSignIn } from '../use-finish-sign-in.ts';
import '../components/auth.css';

/** '/new-pin': the first PIN after a verified code (CREATE), or a new one after a reset code (RESET); NewPinGuard decides who may open it. */
export function NewPinPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode') === 'RESET' ? 'RESET' : 'CREATE';
  const finishSignIn = useFinishSignIn();
  const registerPin = useRegisterPin();
  const resetPin = useResetPin();
  const save = mode === 'RESET' ? resetPin : registerPin;
  const [problem, setProblem] = useState<string | null>(null);
  // A new member's first PIN names the account it protects; a reset needs no reminder (decision 041).
  const info = useUserIdInfo(mode === 'CREATE' ? readSignInFlow().pinPending?.userId : undefined).data;
  const account = info ? (info.maskedPhone ?? info.maskedEmail) : null;

  const submit = (pin: string) => {
    setProblem(null);
    save.mutate(pin, {
      onSuccess: async () => {
        // spec: app-core §4 Reset PIN: a successful reset tells the member so.
        if (mode === 'RESET') toast.success(t('pin.resetDone'), TOAST_TIMEOUT_PIN_PAYMENT_MS);
        await finishSignIn();
      },
      onError: (error) => {
        if (hasErrorCode(error, 'PIN_ALREADY_SET')) return void navigate(paths.passcode.href(), { replace: true });
        setProblem(fieldMessagesOf(error).pin ?? describeApiError(error));
      },
    });
  };

  return (
    <main id="main" className="page auth-page">
      <PinEntry mode={mode} onSubmit={submit} invalid={problem !== null} error={problem} busy={save.isPending} account={account} />
    </main>
  );
}
