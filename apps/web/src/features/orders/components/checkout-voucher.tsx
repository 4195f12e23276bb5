import { useId, useState } from 'react';
import type { CheckoutVoucher, Voucher } from '@kartu/contracts';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { resolveTimezone } from '../../../lib/api-client.ts';
import { useLanguage, useTranslation } from '../../../lib/i18n.tsx';
import { useVoucherWallet } from '../../../lib/vouchers.ts';
import { DiscountOutcome } from './discount-outcome.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';

interface CheckoutVoucherProps {
  cardId: string;
  /** The voucher the quote was asked with, or null. */
  applied: string | null;
  /** What the server said of it; undefined while it is being asked. */
  answer: CheckoutVoucher | null | undefined;
  currency: string;
  format: ShopFormat;
  disabled?: boolean;
  onApply: (voucherId: string | null) => void;
}

/** A voucher the member could bring to an online order: usable now, and not for the counter only. */
function forOnlineOrders(voucher: Voucher): boolean {
  return voucher.status === 'active' && voucher.template.usableAt !== 'in_store';
}

/**
 * One of the member's e-vouchers at checkout (business-rules §4: applied or removed, not usable
 * until the minimum spend): chosen from the card's vouchers for online orders, then either what
 * it takes off or why it does not apply, in the server's terms. An order takes a voucher or a
 * promo code, not both.
 */
export function CheckoutVoucherChoice({ cardId, applied, answer, currency, format, disabled = false, onApply }: CheckoutVoucherProps) {
  const { t } = useTranslation('shop');
  const { intlLocale } = useLanguage();
  const id = useId();
  const [choosing, setChoosing] = useState(false);
  const wallet = useVoucherWallet('active', cardId);
  const vouchers = (wallet.data ?? []).flatMap((stack) => stack.vouchers).filter(forOnlineOrders);
  const chosen = vouchers.find((voucher) => voucher.id === applied);
  const day = new Intl.DateTimeFormat(intlLocale, { timeZone: resolveTimezone(), dateStyle: 'medium' });

  if (!applied && (wallet.isError || (wallet.isSuccess && vouchers.length === 0))) return null;

  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout-section__title">
        {t('voucher.title')}
      </h2>
      {applied ? (
        <div className="promo-code__row">
          <span className="promo-code__code">{chosen?.template.name ?? answer?.name ?? t('voucher.title')}</span>
          <Button variant="secondary" disabled={disabled} onClick={() => onApply(null)}>
            {t('voucher.remove')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" disabled={disabled || !wallet.isSuccess} onClick={() => setChoosing(true)}>
          {t('voucher.choose', { count: vouchers.length })}
        </Button>
      )}
      {applied && answer ? <DiscountOutcome answer={answer} prefix="voucher" applied={(amount) => t('voucher.applied', { name: answer.name, amount })} currency={currency} format={format} /> : null}
      {choosing ? (
        <BottomSheet title={t('voucher.sheetTitle')} closeLabel={t('voucher.close')} onClose={() => setChoosing(false)}>
          <p className="muted">{t('voucher.oneOrOther')}</p>
          <ul className="checkout-vouchers">
            {vouchers.map((voucher) => (
              <li key={voucher.id}>
                <button
                  type="button"
                  className="choice checkout-vouchers__choice"
                  onClick={() => {
                    setChoosing(false);
                    onApply(voucher.id);
                  }}
                >
                  <span className="choice__text">
                    <span className="choice__name">{voucher.template.name}</span>
                    {voucher.template.valueText ? <span>{voucher.template.valueText}</span> : null}
                    <span className="muted">{t('voucher.validUntil', { date: day.format(new Date(voucher.expiresAt)) })}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </BottomSheet>
      ) : null}
    </section>
  );
}
