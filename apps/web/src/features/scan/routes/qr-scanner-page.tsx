import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Redirect } from '../../../lib/redirect.tsx';
import { useSession } from '../../../lib/session.ts';
import { rememberSignInLink } from '../../../lib/sign-in-link.ts';
import { paths } from '../../../config/paths.ts';
import { QrScanner } from '../components/qr-scanner.tsx';
import { ScanResult } from '../components/scan-result.tsx';
import { useScanFlow } from '../use-scan-flow.ts';
import '../scan.css';

/**
 * The scanner's route, open signed out too: a signed-out visitor's link (a till's code read by the
 * phone's own camera app) waits for the sign-in (lib/sign-in-link.ts), as a gift link does.
 */
export function SignedInQrScannerPage() {
  const { user } = useSession();
  const location = useLocation();
  const link = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!user) rememberSignInLink(link);
  }, [user, link]);
  return user ? <QrScannerPage /> : <Redirect to={paths.home.href()} />;
}

/**
 * '/qrcode-scanner' (app-core §2), from the header's QR button: query `cardId` when opened from a
 * card's page. Query `code`: a till's QR code holds this page's address, so a phone's own camera
 * app opens it here with the code, which is sent at once, once.
 */
export function QrScannerPage() {
  const { t } = useTranslation('scan');
  const goBack = useBackNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  const cardId = searchParams.get('cardId') ?? undefined;
  const linkedCode = searchParams.get('code');
  const flow = useScanFlow(cardId);

  const { send } = flow;
  const sentLinkedCode = useRef(false);
  useEffect(() => {
    if (!linkedCode || sentLinkedCode.current) return;
    sentLinkedCode.current = true;
    send(linkedCode);
    // Reloading the page, or coming back to it, must not send the code a second time.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('code');
        return next;
      },
      { replace: true },
    );
  }, [linkedCode, send, setSearchParams]);

  return (
    <AppLayout header={<Header title={t('scanner.title')} onBack={goBack} />}>
      <div className="scan-page">
        {flow.outcome ? (
          <ScanResult outcome={flow.outcome} onScanAgain={flow.scanAgain} />
        ) : (
          <>
            <p className="muted">{t('scanner.intro')}</p>
            <QrScanner onCode={send} paused={flow.busy} />
            {flow.notice ? (
              <p className="field__error" role="alert">
                {flow.notice}
              </p>
            ) : null}
          </>
        )}
      </div>
    </AppLayout>
  );
}
