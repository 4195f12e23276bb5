import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { Address } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { AddressTypeIcon } from './address-icons.tsx';

export interface AddressCardProps {
  address: Address;
  onMakePrimary: () => void;
  onDelete: () => void;
  /** Making this one primary is under way. */
  makingPrimary: boolean;
}

/** '+6281234567890' as an Indonesian reads it: '0812-3456-7890'. */
function readablePhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}

/** The lines a courier reads: street; subdistrict, district; city, province and zip; then the note. */
export function addressLines(address: Address): string[] {
  return [
    address.fullAddress,
    `${address.village.name}, ${address.district.name}`,
    `${address.regency.name}, ${address.province.name} ${address.zip}`,
  ];
}

/** One address of the book: its type, who receives it, where, and what can be done with it. */
export function AddressCard({ address, onMakePrimary, onDelete, makingPrimary }: AddressCardProps) {
  const { t } = useTranslation('addresses');
  // The card's name, and what its buttons are about: 'Home, Sari Wulandari'. Hidden text keeps it
  // exact, where the heading's flex layout would add spaces between its parts.
  const nameId = `address-${address.id}-name`;
  const type = t(`types.${address.type}`);
  return (
    <article className="address-card" aria-labelledby={nameId} id={`address-card-${address.id}`} tabIndex={-1}>
      <span id={nameId} hidden>
        {`${type}, ${address.recipientName}`}
      </span>
      <div className="address-card__top">
        <h3 className="address-card__title">
          <span className="address-card__icon">
            <AddressTypeIcon type={address.type} />
          </span>
          <span>{type}</span>
          <span className="visually-hidden">, {address.recipientName}</span>
        </h3>
        {address.isPrimary ? <Badge tone="brand">{t('list.primary')}</Badge> : null}
      </div>
      <p className="address-card__recipient">
        <span className="address-card__name">{address.recipientName}</span>
        <span className="address-card__phone">{readablePhone(address.recipientPhone)}</span>
      </p>
      <p className="address-card__lines">
        {addressLines(address).map((line, index) => (
          <span key={index}>{line}</span>
        ))}
      </p>
      {address.note ? <p className="address-card__note">{t('list.note', { note: address.note })}</p> : null}
      <div className="address-card__actions">
        <ButtonLink variant="secondary" className="address-card__action" to={paths.addressEdit.href({ addressId: address.id })} aria-describedby={nameId}>
          {t('list.edit')}
        </ButtonLink>
        {address.isPrimary ? null : (
          <Button variant="secondary" className="address-card__action" onClick={onMakePrimary} loading={makingPrimary} aria-describedby={nameId}>
            {t('list.makePrimary')}
          </Button>
        )}
        <Button variant="link" className="address-card__action address-card__delete" onClick={onDelete} aria-describedby={nameId}>
          {t('list.delete')}
        </Button>
      </div>
    </article>
  );
}
