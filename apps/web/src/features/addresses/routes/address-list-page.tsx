import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MAX_ADDRESSES_PER_MEMBER, type Address } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { MapPinIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useAddresses } from '../api/get-addresses.ts';
import { useMakePrimaryAddress } from '../api/make-primary-address.ts';
import { AddressCard, addressLines } from '../components/address-card.tsx';
import { AddressListSkeleton, AddressLoadError } from '../components/address-states.tsx';
import '../addresses.css';

/** '/settings/addresses': the member's delivery addresses, the primary one first (decision 021). */
export function AddressListPage() {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const addresses = useAddresses();

  const body = () => {
    if (addresses.isError) return <AddressLoadError read={addresses} />;
    if (!addresses.data) return <AddressListSkeleton />;
    if (addresses.data.length === 0) {
      return (
        <EmptyState
          illustration={<MapPinIllustration />}
          title={t('list.empty.title')}
          message={t('list.empty.message')}
          action={<ButtonLink to={paths.addressNew.href()}>{t('list.add')}</ButtonLink>}
        />
      );
    }
    return <AddressBook addresses={addresses.data} />;
  };

  return (
    <AppLayout header={<Header title={t('list.title')} onBack={() => void navigate(paths.settings.href())} />}>
      <div className="addresses-page">{body()}</div>
    </AppLayout>
  );
}

function AddressBook({ addresses }: { addresses: readonly Address[] }) {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const makePrimary = useMakePrimaryAddress();
  const deletion = useDeleteAddress();
  const [deleting, setDeleting] = useState<Address | null>(null);
  // Where focus goes once the list has changed under it: the new primary address, or the list's heading.
  const [focusAfter, setFocusAfter] = useState<{ addressId: string | null } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const full = addresses.length >= MAX_ADDRESSES_PER_MEMBER;

  useEffect(() => {
    if (focusAfter === null) return;
    const card = focusAfter.addressId === null ? null : document.getElementById(`address-card-${focusAfter.addressId}`);
    (card ?? headingRef.current)?.focus();
  }, [focusAfter]);

  const choosePrimary = (address: Address) => {
    makePrimary.mutate(address.id, {
      onSuccess: () => {
        toast.success(t('primary.done'));
        setFocusAfter({ addressId: address.id });
      },
      onError: (error) => toast.error(describeApiError(error) ?? t('loadError')),
    });
  };

  const confirmDeletion = (address: Address) => {
    deletion.mutate(address.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t('delete.done'));
        setFocusAfter({ addressId: null });
      },
      onError: (error) => {
        setDeleting(null);
        toast.error(describeApiError(error) ?? t('loadError'));
      },
    });
  };

  return (
    <>
      <div className="addresses-page__summary">
        <h2 ref={headingRef} tabIndex={-1} className="addresses-page__heading">
          {t('list.heading')}
        </h2>
        <p className="addresses-page__count muted">{t('list.count', { count: addresses.length, max: MAX_ADDRESSES_PER_MEMBER })}</p>
      </div>
      <ul className="address-list" aria-label={t('list.heading')}>
        {addresses.map((address) => (
          <li key={address.id}>
            <AddressCard
              address={address}
              makingPrimary={makePrimary.isPending && makePrimary.variables === address.id}
              onMakePrimary={() => choosePrimary(address)}
              onDelete={() => setDeleting(address)}
            />
          </li>
        ))}
      </ul>
      <div className="addresses-page__add">
        <Button block disabled={full} aria-describedby={full ? 'address-limit' : undefined} onClick={() => void navigate(paths.addressNew.href())}>
          {t('list.add')}
        </Button>
        {full ? (
          <p id="address-limit" className="muted">
            {t('list.limit', { max: MAX_ADDRESSES_PER_MEMBER })}
          </p>
        ) : null}
      </div>
      {deleting ? (
        <ConfirmDialog
          title={t('delete.title')}
          message={
            <>
              <p>{t(deleting.isPrimary && addresses.length > 1 ? 'delete.messagePrimary' : 'delete.message')}</p>
              <p className="address-delete__lines">{[deleting.recipientName, ...addressLines(deleting)].join(', ')}</p>
            </>
          }
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          busy={deletion.isPending}
          onConfirm={() => confirmDeletion(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
