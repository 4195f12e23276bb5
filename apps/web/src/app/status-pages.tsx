import { FeatureLockedPage } from '../features/errors/routes/feature-locked-page.tsx';
import { MaintenancePage } from '../features/errors/routes/maintenance-page.tsx';
import { QrLockPage } from '../features/errors/routes/qr-lock-page.tsx';
import { SorryPage } from '../features/errors/routes/sorry-page.tsx';
import { TimeoutPage } from '../features/errors/routes/timeout-page.tsx';

const pages = { maintenance: MaintenancePage, sorry: SorryPage, featureLocked: FeatureLockedPage, timeout: TimeoutPage, qrLocked: QrLockPage } as const;

export type StatusPageKind = keyof typeof pages;

/**
 * The pages the app sends a member to when something stops them (maintenance, an error, a locked
 * feature, a timeout, a QR lock), as one chunk: each is small and rare, and one lazy module for
 * all of them keeps the first page's script from naming five.
 */
export function StatusPage({ kind }: { kind: StatusPageKind }) {
  const Page = pages[kind];
  return <Page />;
}
