import { Route, Routes } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { UnknownPage } from '../../../lib/unknown-page.ts';
import { VoucherPage } from './voucher-page.tsx';
import { VoucherStackPage } from './voucher-stack-page.tsx';
import { VoucherWalletPage } from './voucher-wallet-page.tsx';

/** A path below '/egifts', as the nested routes match it. */
function under(path: string): string {
  return path.slice(paths.egifts.path.length + 1);
}

/** Below '/egifts/*': the wallet, a stack and a voucher. */
export function VoucherRoutes() {
  return (
    <Routes>
      <Route index element={<VoucherWalletPage />} />
      <Route path={under(paths.egiftStack.path)} element={<VoucherStackPage />} />
      <Route path={under(paths.egiftDetail.path)} element={<VoucherPage />} />
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
