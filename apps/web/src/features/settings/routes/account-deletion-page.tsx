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

type Step = 'explain' | 'confirm' | 'received';

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
  const deletion = useRequestAccountDeletion();
  const { signOut, signingOut } = useSignOut();

  const confirm = () => {
    deletion.mutate(undefined, {
      onSuccess: () => setStep('received'),
      onError: (error) => {
        setStep('explain');
        const message = describeApiError(error);
        if (message) toast.error(message);
      },
    });
  };

  return (
    <AppLayout header={<Header title={t('accountDeletion.title')} onBack={() => void navigate(paths.settings.href())} />}>
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

      {step === 'confirm' ? (
        <ConfirmDialog
          title={t('accountDeletion.confirmTitle')}
          message={t('accountDeletion.confirmMessage')}
          confirmLabel={t('accountDeletion.confirm')}
          cancelLabel={t('accountDeletion.cancel')}
          onConfirm={confirm}
          onCancel={() => setStep('explain')}
          busy={deletion.isPending}
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
