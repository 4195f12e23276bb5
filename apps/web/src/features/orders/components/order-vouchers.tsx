import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '@kartu/contracts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';

type OrderVoucher = Order['vouchers'][number];

function stateOf(voucher: OrderVoucher, now: number): 'ready' | 'preparing' | 'used' | 'expired' | 'suspended' {
  if (voucher.status === 'pending') return 'preparing';
  if (voucher.status === 'used' || voucher.status === 'suspended') return voucher.status;
  return Date.parse(voucher.expiresAt) <= now ? 'expired' : 'ready';
}

/**
 * The e-vouchers an order put into the wallet, each opening its voucher page; the page's back
 * button then leads to the card's vouchers (spec: app-core §2 Back, recentlyPurchased).
 */
export function OrderVouchers({ vouchers, headingId }: { vouchers: Order['vouchers']; headingId: string }) {
  const { t } = useTranslation('shop');
  // Read once per visit: an order's page is not left open across a voucher's expiry.
  const [now] = useState(() => Date.now());
  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="checkout-section__title">
        {t('order.vouchers.title')}
      </h2>
      <ul className="order-vouchers" aria-labelledby={headingId}>
        {vouchers.map((voucher) => (
          <li key={voucher.id}>
            <Link className="order-vouchers__link" to={paths.egiftDetail.href({ egiftNumber: voucher.id }, { recentlyPurchased: 'true' })}>
              <span className="order-vouchers__name">{voucher.name}</span>
              <span className="order-vouchers__state">{t(`order.vouchers.${stateOf(voucher, now)}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
