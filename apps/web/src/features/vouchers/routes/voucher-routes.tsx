import { Route, Routes } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { VoucherPage } from './voucher-page.tsx';
import { VoucherStackPage } from './voucher-stack-page.tsx';
import { VoucherWalletPage } from './voucher-wallet-page.tsx';

/** Below '/egifts/*': the wallet, a stack and a voucher, in one lazy chunk. */
function under(path: string): string {
  return path.slice(paths.egifts.path.length + 1);
}

export function VoucherRoutes() {
  return (
    <Routes>
      <Route index element={<VoucherWalletPage />} />
      <Route path={under(paths.egiftStack.path)} element={<VoucherStackPage />} />
      <Route path={under(paths.egiftDetail.path)} element={<VoucherPage />} />
      <Route path="*" element={<UnknownVoucherPage />} />
    </Routes>
  );
}

/** An address under `/egifts/` that names no page: the app's 404 page, through its error boundary. */
function UnknownVoucherPage(): never {
  const { t } = useTranslation();
  throw new PageNotFoundError(t('notFound.site'));
}
