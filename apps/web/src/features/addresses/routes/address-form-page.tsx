import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Address, AddressBody } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { toReturnPath } from '../../../lib/return-path.ts';
import { useAddress } from '../api/get-address.ts';
import { useSaveAddress } from '../api/save-address.ts';
import { addressFormValuesOf, emptyAddressForm } from '../address-form-values.ts';
import { AddressForm } from '../components/address-form.tsx';
import { AddressFormSkeleton, AddressLoadError } from '../components/address-states.tsx';
import '../addresses.css';

/** '/settings/addresses/new' and '/settings/addresses/:addressId': the address form, empty or filled with the saved address. */
export function AddressFormPage() {
  const { addressId } = useParams();
  return addressId ? <EditAddress addressId={addressId} /> : <AddressFormLayout title="form.newTitle" address={null} />;
}

function EditAddress({ addressId }: { addressId: string }) {
  const { t: common } = useTranslation();
  const address = useAddress(addressId);
  if (address.error instanceof ApiError && address.error.code === 'ADDRESS_NOT_FOUND') throw new PageNotFoundError(common('errors.ADDRESS_NOT_FOUND'));
  return <AddressFormLayout title="form.editTitle" address={address.data ?? null} loading={address.isPending} failed={address.isError ? address : null} />;
}

interface AddressFormLayoutProps {
  title: 'form.newTitle' | 'form.editTitle';
  address: Address | null;
  loading?: boolean;
  failed?: { error: unknown; refetch: () => unknown } | null;
}

function AddressFormLayout({ title, address, loading = false, failed = null }: AddressFormLayoutProps) {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const save = useSaveAddress();
  // A page that sent the member here to add an address (the checkout) gets them back; else the list.
  const [search] = useSearchParams();
  const back = toReturnPath(search.get('return')) ?? paths.addresses.href();
  const toList = () => void navigate(back);

  const submit = async (body: AddressBody) => {
    await save.mutateAsync({ addressId: address?.id, body });
    toast.success(t(address ? 'form.updated' : 'form.added'));
    await navigate(back, { replace: true });
  };

  const body = () => {
    if (failed) return <AddressLoadError read={failed} />;
    if (loading) return <AddressFormSkeleton />;
    return (
      <AddressForm
        key={address?.id ?? 'new'}
        defaultValues={address ? addressFormValuesOf(address) : emptyAddressForm}
        isPrimaryLocked={address?.isPrimary ?? false}
        busy={save.isPending}
        onSubmit={submit}
      />
    );
  };

  return (
    <AppLayout header={<Header title={t(title)} onBack={toList} />}>
      <div className="addresses-page">{body()}</div>
    </AppLayout>
  );
}
