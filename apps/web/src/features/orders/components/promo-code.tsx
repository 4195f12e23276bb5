import { useId, useState, type FormEvent } from 'react';
import type { PromoAnswer } from '@kartu/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { DiscountOutcome } from './discount-outcome.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';

interface PromoCodeProps {
  /** The code the quote was asked with, or null. */
  applied: string | null;
  /** What the server said of it; null while it is being asked. */
  answer: PromoAnswer | null | undefined;
  currency: string;
  format: ShopFormat;
  disabled?: boolean;
  onApply: (code: string | null) => void;
}

/**
 * A promo code at checkout (business-rules §5: physical items only, from a minimum transaction):
 * typed and applied, then either what it takes off or why it does not apply, in the server's terms.
 */
export function PromoCode({ applied, answer, currency, format, disabled = false, onApply }: PromoCodeProps) {
  const { t } = useTranslation('shop');
  const id = useId();
  const [typed, setTyped] = useState(applied ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = typed.trim();
    if (code) onApply(code);
  };

  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout-section__title">
        {t('promo.title')}
      </h2>
      {applied ? (
        <div className="promo-code__row">
          <span className="promo-code__code">{applied}</span>
          <Button
            variant="secondary"
            disabled={disabled}
            onClick={() => {
              setTyped('');
              onApply(null);
            }}
          >
            {t('promo.remove')}
          </Button>
        </div>
      ) : (
        <form className="promo-code__row" onSubmit={submit}>
          <label htmlFor={`${id}-input`} className="visually-hidden">
            {t('promo.label')}
          </label>
          <input
            id={`${id}-input`}
            className="text-input promo-code__input"
            value={typed}
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            placeholder={t('promo.placeholder')}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={disabled || typed.trim() === ''}>
            {t('promo.apply')}
          </Button>
        </form>
      )}
      {applied && answer ? <DiscountOutcome answer={answer} prefix="promo" applied={(amount) => t('promo.applied', { code: answer.code, amount })} currency={currency} format={format} /> : null}
    </section>
  );
}
