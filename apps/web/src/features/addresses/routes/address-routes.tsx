import { Route, Routes } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { AddressFormPage } from './address-form-page.tsx';
import { AddressListPage } from './address-list-page.tsx';

/**
 * The address book's pages under `/settings/addresses` (config/paths.ts), loaded together as one
 * chunk: the first page's script names one lazy module for them.
 */
export function AddressRoutes() {
  return (
    <Routes>
      <Route index element={<AddressListPage />} />
      <Route path="new" element={<AddressFormPage />} />
      <Route path=":addressId" element={<AddressFormPage />} />
      <Route path="*" element={<UnknownAddressPage />} />
    </Routes>
  );
}

/** An address under `/settings/addresses/` that names no page: the app's 404 page, through its error boundary. */
function UnknownAddressPage(): never {
  const { t } = useTranslation();
  throw new PageNotFoundError(t('notFound.site'));
}
