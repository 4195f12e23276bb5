import { useId } from 'react';
import type { QrisPaymentSource, QrisWalletLink } from '@kartu/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { walletNames, type CardPayOption } from '../qris-rules.ts';
import { useCardSpend } from './use-card-spend.ts';

export interface PayWithChoiceProps {
  wallet: QrisWalletLink;
  /** The card's own ways to pay (its points, its rupiah balance); none: only the wallet pays. */
  cardOptions: readonly CardPayOption[];
  value: QrisPaymentSource;
  onChange: (source: QrisPaymentSource) => void;
  onChangeWallet: () => void;
}

/** What a way of paying from the card says under its name: what it takes and what the card holds, or why it cannot pay. */
function useCardOptionHint(): (option: CardPayOption) => string | null {
  const { t } = useTranslation('qris');
  const spend = useCardSpend();
  return ({ source, cost, held, tooLittle }) => {
    const heldText = held === null ? null : spend.format(held, source);
    if (source === 'balance') return heldText === null ? null : t(tooLittle ? 'payWith.balanceTooSmall' : 'payWith.balanceHint', { balance: heldText });
    if (tooLittle && heldText !== null) return t('payWith.pointsTooFew', { held: heldText });
    const costText = cost === null ? null : spend.format(cost, source);
    if (costText !== null && heldText !== null) return t('payWith.pointsHint', { cost: costText, held: heldText });
    if (costText !== null) return t('payWith.pointsCost', { cost: costText });
    return heldText === null ? null : t('payWith.pointsHeld', { held: heldText });
  };
}

/**
 * What pays: the linked e-wallet (with 'Change' to link another), the default, or where the server
 * allows it the card's points (what this payment takes) or its rupiah balance, each shown disabled
 * with why when the card holds too little.
 */
export function PayWithChoice({ wallet, cardOptions, value, onChange, onChangeWallet }: PayWithChoiceProps) {
  const { t } = useTranslation('qris');
  const hintOf = useCardOptionHint();
  const name = useId();
  const walletName = walletNames[wallet.wallet];
  const change = (
    <Button variant="link" className="qris-source__change" aria-label={t('payWith.changeWallet', { wallet: walletName })} onClick={onChangeWallet}>
      {t('payWith.change')}
    </Button>
  );
  const walletText = (
    <span className="qris-choice__text">
      <span className="qris-choice__name">{walletName}</span>
      <span className="qris-choice__hint">{wallet.phone}</span>
    </span>
  );

  if (cardOptions.length === 0) {
    return (
      <section className="qris-pay-with" aria-labelledby={`${name}-title`}>
        <h3 id={`${name}-title`} className="qris-choices__legend">
          {t('payWith.legend')}
        </h3>
        <div className="qris-source">
          <div className="qris-choice qris-choice--only">{walletText}</div>
          {change}
        </div>
      </section>
    );
  }
  return (
    <fieldset className="qris-choices">
      <legend className="qris-choices__legend">{t('payWith.legend')}</legend>
      <div className="qris-source">
        <label className="qris-choice">
          {walletText}
          <input className="qris-choice__radio" type="radio" name={name} value="wallet" checked={value === 'wallet'} onChange={() => onChange('wallet')} />
        </label>
        {change}
      </div>
      {cardOptions.map((option) => {
        const hint = hintOf(option);
        return (
          <label key={option.source} className="qris-choice" aria-disabled={option.tooLittle || undefined}>
            <span className="qris-choice__text">
              <span className="qris-choice__name">{t(`payWith.${option.source}`)}</span>
              {hint === null ? null : <span className="qris-choice__hint">{hint}</span>}
            </span>
            <input
              className="qris-choice__radio"
              type="radio"
              name={name}
              value={option.source}
              checked={value === option.source}
              disabled={option.tooLittle}
              onChange={() => onChange(option.source)}
            />
          </label>
        );
      })}
    </fieldset>
  );
}
