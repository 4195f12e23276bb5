import type { Discount, FeeLine, Order, OrderLine } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { ProductImage } from '../../../components/shop/product-image.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';

type Line = Omit<OrderLine, 'sku'>;

/** What is bought: each line's picture, name, quantity and price, as the server priced it. */
export function OrderLineList({ lines, currency, format }: { lines: readonly Line[]; currency: string; format: ShopFormat }) {
  const { t } = useTranslation('shop');
  return (
    <ul className="order-lines" aria-label={t('order.lines')}>
      {lines.map((line) => (
        <li key={line.productId} className="order-line">
          <ProductImage image={line.image} alt="" sizes="48px" className="order-line__image" />
          <span className="order-line__name">{line.name}</span>
          <span className="order-line__quantity">{t('order.quantity', { quantity: line.quantity })}</span>
          <span className="order-line__price">{format.total({ points: line.points, money: line.money, currency })}</span>
        </li>
      ))}
    </ul>
  );
}

export interface PriceBreakdownProps {
  subtotal: { points: number; money: number };
  discount?: Discount | null;
  fees: readonly FeeLine[];
  total: { points: number; money: number };
  currency: string;
  format: ShopFormat;
}

/** Subtotal, the promo's discount, each fee line (shipping, insurance, tax…, the rounding adjustment) and the total. */
export function PriceBreakdown({ subtotal, discount, fees, total, currency, format }: PriceBreakdownProps) {
  const { t } = useTranslation('shop');
  return (
    <dl className="price-breakdown">
      <div className="price-breakdown__row">
        <dt>{t('fees.subtotal')}</dt>
        <dd>{format.total({ ...subtotal, currency })}</dd>
      </div>
      {discount && (discount.points > 0 || discount.money > 0) ? (
        <div className="price-breakdown__row">
          <dt>{t('fees.discount', { code: discount.code })}</dt>
          <dd>−{format.total({ points: discount.points, money: discount.money, currency })}</dd>
        </div>
      ) : null}
      {fees.map((fee) => (
        <div className="price-breakdown__row" key={fee.type}>
          <dt>{t(`fees.${fee.type}`)}</dt>
          {/* A rounding adjustment may take a little off: written with a minus, as the discount is. */}
          <dd>{fee.amount < 0 ? `−${format.money(-fee.amount, currency)}` : format.money(fee.amount, currency)}</dd>
        </div>
      ))}
      <div className="price-breakdown__row price-breakdown__row--total">
        <dt>{t('fees.total')}</dt>
        <dd>{format.total({ ...total, currency })}</dd>
      </div>
    </dl>
  );
}

/** What was paid: points from the card and money through the payment. */
export function PaidSummary({ order, format }: { order: Order; format: ShopFormat }) {
  const { t } = useTranslation('shop');
  return (
    <dl className="price-breakdown">
      <div className="price-breakdown__row">
        <dt>{t('order.paidPoints')}</dt>
        <dd>{format.points(order.paid.points)}</dd>
      </div>
      <div className="price-breakdown__row">
        <dt>{t(order.payment && order.payment.status !== 'paid' ? 'split.money' : 'order.paidMoney')}</dt>
        <dd>{format.money(order.paid.money, order.currency)}</dd>
      </div>
    </dl>
  );
}
