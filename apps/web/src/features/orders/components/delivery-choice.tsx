import { useId } from 'react';
import { Link } from 'react-router';
import type { Address, CardDetail, DeliveryOption, Distributor } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';

/** Where the order goes: one of the member's addresses (or the program's fixed one), or a pickup point. */
export type DestinationKind = 'address' | 'pickup';
export type HomeDeliveryMethod = 'instant' | 'same_day' | 'courier';

export interface DeliveryChoiceProps {
  card: Pick<CardDetail, 'isFixedAddress' | 'fixedAddressDetail'>;
  options: readonly DeliveryOption[];
  kind: DestinationKind;
  onKind: (kind: DestinationKind) => void;
  addresses: readonly Address[] | undefined;
  addressId: string | null;
  onAddress: (addressId: string) => void;
  distributors: readonly Distributor[] | undefined;
  distributorId: string | null;
  onDistributor: (distributorId: string) => void;
  method: HomeDeliveryMethod | null;
  onMethod: (method: HomeDeliveryMethod) => void;
  /** Where 'Add an address' comes back to. */
  returnTo: string;
  currency: string;
  format: ShopFormat;
}

/** The spec's words for an option the address cannot use (business-rules §9 delivery). */
function unavailableKey(reason: DeliveryOption['unavailableReason']): string {
  if (reason === 'area_not_covered' || reason === 'too_far') return 'errors.DELIVERY_NOT_AVAILABLE';
  if (reason === 'too_heavy') return 'errors.DELIVERY_TOO_HEAVY';
  return `delivery.unavailable.${reason ?? 'not_for_this_cart'}`;
}

/** The options that carry the order to an address, rather than to a pickup point. */
export const isHomeMethod = (option: DeliveryOption): option is DeliveryOption & { method: HomeDeliveryMethod } =>
  option.method === 'instant' || option.method === 'same_day' || option.method === 'courier';

/**
 * The checkout's delivery step: to the program's fixed address with no choice, else to one of the
 * member's addresses or a pickup point, and how fast, each option with its fee or why it cannot be used.
 */
export function DeliveryChoice(props: DeliveryChoiceProps) {
  const { card, options, kind, onKind, returnTo } = props;
  const { t } = useTranslation('shop');
  const id = useId();
  const hasPickup = !card.isFixedAddress && options.some((option) => option.method === 'pickup');
  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout-section__title">
        {t('delivery.title')}
      </h2>
      {card.isFixedAddress ? (
        <FixedAddress detail={card.fixedAddressDetail} />
      ) : (
        <>
          {hasPickup ? (
            <fieldset className="choice-group choice-group--inline">
              <legend className="visually-hidden">{t('delivery.how')}</legend>
              {(['address', 'pickup'] as const).map((option) => (
                <label key={option} className="choice">
                  <input type="radio" name={`${id}-kind`} checked={kind === option} onChange={() => onKind(option)} />
                  <span>{t(`delivery.kind.${option}`)}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {kind === 'address' ? <AddressChoice {...props} name={`${id}-address`} /> : <PickupChoice {...props} name={`${id}-pickup`} />}
          {kind === 'address' ? (
            <Link className="checkout-link" to={paths.addressNew.href({ return: returnTo })}>
              {t('delivery.addAddress')}
            </Link>
          ) : null}
        </>
      )}
      {kind === 'address' || card.isFixedAddress ? <MethodChoice {...props} name={`${id}-method`} /> : null}
    </section>
  );
}

function FixedAddress({ detail }: { detail: Record<string, string> | null }) {
  const { t } = useTranslation('shop');
  if (!detail) return null;
  const area = [detail.village, detail.district, detail.regency, detail.province, detail.zip].filter(Boolean).join(', ');
  return (
    <div className="checkout-address">
      <p className="checkout-address__label">{t('delivery.fixed')}</p>
      <p className="checkout-address__name">
        {detail.recipientName} · {detail.recipientPhone}
      </p>
      <p>{detail.fullAddress}</p>
      {area ? <p>{area}</p> : null}
      {detail.note ? <p className="muted">{detail.note}</p> : null}
    </div>
  );
}

function AddressChoice({ addresses, addressId, onAddress, name }: DeliveryChoiceProps & { name: string }) {
  const { t } = useTranslation('shop');
  if (!addresses) return <Skeleton shape="block" height="5rem" />;
  if (addresses.length === 0) return <p className="muted">{t('delivery.noAddresses')}</p>;
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">{t('delivery.address')}</legend>
      {addresses.map((address) => (
        <label key={address.id} className="choice">
          <input type="radio" name={name} checked={addressId === address.id} onChange={() => onAddress(address.id)} />
          <span className="choice__text">
            <span className="choice__name">
              {address.recipientName} · {t(`delivery.addressType.${address.type}`)}
            </span>
            <span>{address.fullAddress}</span>
            <span className="muted">{[address.village.name, address.district.name, address.regency.name, address.zip].join(', ')}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function PickupChoice({ distributors, distributorId, onDistributor, name }: DeliveryChoiceProps & { name: string }) {
  const { t } = useTranslation('shop');
  if (!distributors) return <Skeleton shape="block" height="5rem" />;
  if (distributors.length === 0) return <p className="muted">{t('distributors.empty.message')}</p>;
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">{t('delivery.pickupAt')}</legend>
      {distributors.map((distributor) => (
        <label key={distributor.id} className="choice">
          <input type="radio" name={name} checked={distributorId === distributor.id} onChange={() => onDistributor(distributor.id)} />
          <span className="choice__text">
            <span className="choice__name">{distributor.name}</span>
            <span>{distributor.address}</span>
            {distributor.openingHours ? <span className="muted">{distributor.openingHours}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function MethodChoice({ options, method, onMethod, currency, format, name, addressId, returnTo }: DeliveryChoiceProps & { name: string }) {
  const { t } = useTranslation('shop');
  const { t: common } = useTranslation();
  const home = options.filter(isHomeMethod);
  if (home.length === 0) return null;
  // An option with a distance limit needs the address's position, which its form takes from the device.
  const needsLocation = addressId !== null && home.some((option) => option.unavailableReason === 'address_needs_location');
  return (
    <>
      <fieldset className="choice-group">
        <legend className="choice-group__legend">{t('delivery.speed')}</legend>
        {home.map((option) => {
          const reasonId = `${name}-${option.method}-reason`;
          const reason = option.isAvailable ? null : unavailableKey(option.unavailableReason);
          return (
            <label key={option.method} className={option.isAvailable ? 'choice choice--card' : 'choice choice--card choice--unavailable'}>
              <input
                type="radio"
                name={name}
                checked={method === option.method}
                disabled={!option.isAvailable}
                aria-describedby={reason ? reasonId : undefined}
                onChange={() => onMethod(option.method)}
              />
              <span className="choice__text">
                <span className="choice__name">{t(`delivery.methods.${option.method}`)}</span>
                <span>{option.fee > 0 ? format.money(option.fee, currency) : t('delivery.free')}</span>
                {reason ? (
                  <span id={reasonId} className="choice__reason">
                    {reason.startsWith('errors.') ? common(reason) : t(reason)}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </fieldset>
      {needsLocation ? (
        <Link className="checkout-link" to={paths.addressEdit.href({ addressId }, { return: returnTo })}>
          {t('delivery.addLocation')}
        </Link>
      ) : null}
    </>
  );
}
