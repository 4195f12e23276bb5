import { Route, Routes } from 'react-router';
import { UnknownPage } from '../../../lib/unknown-page.ts';
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
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
