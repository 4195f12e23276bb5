import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useNavigate } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { PinEntry } from '../../../components/pin/pin-entry.tsx';
import type { PinMode } from '../../../components/pin/pin-mode.ts';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { lockPagePath, unlockAt } from '../../../lib/lock-redirect.ts';
import { useChangePin } from '../api/change-pin.ts';
import { NoticeDialog } from '../../../components/ui/notice-dialog.tsx';
import { readPinRefusal } from '../pin-refusal.ts';

interface Refusal {
  invalid: boolean;
  message: string | null;
}

const noRefusal: Refusal = { invalid: false, message: null };

/**
 * spec: app-core §4 Change PIN: the current PIN first (mode CHANGE) and kept, then the new one
 * twice (NEW_PIN); success returns to the resting TRANSACTION mode with a notification.
 */
export function ChangePinPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const changePin = useChangePin();
  const [mode, setMode] = useState<PinMode>('CHANGE');
  const [currentPin, setCurrentPin] = useState('');
  const [refusal, setRefusal] = useState<Refusal>(noRefusal);
  const changed = mode === 'TRANSACTION';

  const startOver = (next: Refusal) => {
    setCurrentPin('');
    setRefusal(next);
    setMode('CHANGE');
  };

  const submitNewPin = (newPin: string) => {
    changePin.mutate(
      { pin: currentPin, newPin },
      {
        onSuccess: () => {
          setCurrentPin('');
          setRefusal(noRefusal);
          setMode('TRANSACTION');
        },
        onError: (error) => {
          const reason = readPinRefusal(error);
          if (reason.kind === 'locked') {
            void navigate(lockPagePath(paths.deviceLocked, unlockAt(reason)), { replace: true });
          } else if (reason.kind === 'wrong-pin') {
            // spec: app-core §8: a 400 reopens the entry in CHANGE mode, marked invalid.
            const message =
              reason.attemptsRemaining === null
                ? t('pinRefused.generic')
                : t('pinRefused.wrongPin', { count: reason.attemptsRemaining });
            startOver({ invalid: true, message });
          } else {
            startOver({ invalid: false, message: describeApiError(error) });
          }
        },
      },
    );
  };

  return (
    <AppLayout header={<Header title={t('changePin.title')} onBack={() => void navigate(paths.settings.href())} />}>
      {changed ? null : (
        <PinEntry
          headingLevel={2}
          mode={mode}
          invalid={refusal.invalid}
          error={refusal.message}
          busy={changePin.isPending}
          onSubmit={(pin) => {
            if (mode === 'CHANGE') {
              setCurrentPin(pin);
              setRefusal(noRefusal);
              setMode('NEW_PIN');
            } else {
              submitNewPin(pin);
            }
          }}
        />
      )}
      {changed ? (
        <NoticeDialog
          title={t('changePin.changedTitle')}
          message={t('changePin.changedMessage')}
          okLabel={t('changePin.ok')}
          onOk={() => void navigate(paths.settings.href(), { replace: true })}
        />
      ) : null}
    </AppLayout>
  );
}
