import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { useHeadingFocus } from '../../../components/ui/use-heading-focus.ts';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useSignOut } from '../../../lib/sign-out.ts';
import { useSite } from '../../../lib/site.tsx';
import { useRequestAccountDeletion } from '../api/request-account-deletion.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { NoticeDialog } from '../../../components/ui/notice-dialog.tsx';
import '../components/settings.css';
import { Redirect } from '../../../lib/redirect.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PinEntry } from '../../../components/pin/pin-entry.tsx';
import { lockPagePath, unlockAt } from '../../../lib/lock-redirect.ts';
import { readPinRefusal } from '../pin-refusal.ts';

type Step = 'explain' | 'confirm' | 'pin' | 'received';
type Refusal = { invalid: boolean; message: string | null };
const noRefusal: Refusal = { invalid: false, message: null };

// spec: app-core §2 Guards (closed to sso sessions); business-rules §9: deletion takes several days.
export function AccountDeletionPage() {
  const { loginType } = useSession();
  if (loginType === 'sso') return <Redirect to={paths.home.href()} />;
  return <AccountDeletion />;
}

function AccountDeletion() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { merchant } = useSite();
  const headingRef = useHeadingFocus();
  const [step, setStep] = useState<Step>('explain');
  const [refusal, setRefusal] = useState<Refusal>(noRefusal);
  const deletion = useRequestAccountDeletion();
  const { signOut, signingOut } = useSignOut();

  // It cannot be undone, so it takes the PIN, under the PIN's own lock (three wrong PINs lock it).
  const submitPin = (pin: string) => {
    deletion.mutate(
      { pin },
      {
        onSuccess: () => setStep('received'),
        onError: (error) => {
          const reason = readPinRefusal(error);
          if (reason.kind === 'locked') return void navigate(lockPagePath(paths.deviceLocked, unlockAt(reason)), { replace: true });
          if (reason.kind === 'wrong-pin') {
            const message = reason.attemptsRemaining === null ? t('pinRefused.generic') : t('pinRefused.wrongPin', { count: reason.attemptsRemaining });
            return setRefusal({ invalid: true, message });
          }
          setRefusal(noRefusal);
          setStep('explain');
          const message = describeApiError(error);
          if (message) toast.error(message);
        },
      },
    );
  };

  return (
    <AppLayout header={<Header title={t('accountDeletion.title')} onBack={() => void navigate(paths.settings.href())} />}>
      {step === 'pin' ? (
        <section className="settings-page">
          <p>{t('accountDeletion.pinPrompt')}</p>
          <PinEntry headingLevel={2} mode="TRANSACTION" invalid={refusal.invalid} error={refusal.message} busy={deletion.isPending} onSubmit={submitPin} />
          <div className="settings-page__actions">
            <Button variant="secondary" onClick={() => void navigate(paths.settings.href())}>
              {t('accountDeletion.keep')}
            </Button>
          </div>
        </section>
      ) : (
        <section className="settings-page" aria-labelledby="account-deletion-heading">
          <h2 id="account-deletion-heading" ref={headingRef} tabIndex={-1}>
            {t('accountDeletion.heading')}
          </h2>
          <p>{t('accountDeletion.intro', { brand: merchant.brand })}</p>
          <ul>
            <li>{t('accountDeletion.lossCards')}</li>
            <li>{t('accountDeletion.lossVouchers')}</li>
            <li>{t('accountDeletion.lossHistory')}</li>
          </ul>
          <p>{t('accountDeletion.duration')}</p>
          <p className="muted">{t('accountDeletion.signOutNote')}</p>
          <div className="settings-page__actions">
            <Button variant="danger" onClick={() => setStep('confirm')}>
              {t('accountDeletion.request')}
            </Button>
            <Button variant="secondary" onClick={() => void navigate(paths.settings.href())}>
              {t('accountDeletion.keep')}
            </Button>
          </div>
        </section>
      )}

      {step === 'confirm' ? (
        <ConfirmDialog
          title={t('accountDeletion.confirmTitle')}
          message={t('accountDeletion.confirmMessage')}
          confirmLabel={t('accountDeletion.confirm')}
          cancelLabel={t('accountDeletion.cancel')}
          onConfirm={() => setStep('pin')}
          onCancel={() => setStep('explain')}
        />
      ) : null}
      {step === 'received' ? (
        <NoticeDialog
          title={t('accountDeletion.receivedTitle')}
          message={t('accountDeletion.receivedMessage')}
          okLabel={signingOut ? t('settings.signingOut') : t('accountDeletion.ok')}
          onOk={() => {
            if (!signingOut) void signOut();
          }}
        />
      ) : null}
    </AppLayout>
  );
}
