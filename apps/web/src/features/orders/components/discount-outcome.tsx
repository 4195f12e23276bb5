import type { Discount } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';

interface DiscountOutcomeProps {
  /** What the server said of a promo code or a voucher: its minimum, and its discount or why it does not apply. */
  answer: { minimum: { points: number | null; money: number | null }; discount: Discount | null; problem: string | null };
  /** Where its texts are: `promo` or `voucher` (`<prefix>.problems.<problem>`). */
  prefix: 'promo' | 'voucher';
  /** The applied line's text, with `amount` to put in. */
  applied: (amount: string) => string;
  currency: string;
  format: ShopFormat;
}

/** What a promo code or a voucher does to the order: the amount it takes off, or why it does not apply. */
export function DiscountOutcome({ answer, prefix, applied, currency, format }: DiscountOutcomeProps) {
  const { t } = useTranslation('shop');
  if (answer.problem) {
    const { points, money } = answer.minimum;
    const minimum = points !== null || money !== null ? format.total({ points: points ?? 0, money: money ?? 0, currency }) : '';
    return (
      <p className="field__error" role="alert">
        {t(`${prefix}.problems.${answer.problem}`, { minimum })}
      </p>
    );
  }
  const off = answer.discount ? format.total({ points: answer.discount.points, money: answer.discount.money, currency }) : '';
  return (
    <p className="promo-code__applied" role="status">
      {applied(off)}
    </p>
  );
}
