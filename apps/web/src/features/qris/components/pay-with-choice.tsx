import { useId } from 'react';
import type { Currency, QrisPaymentSource, QrisWalletLink } from '@kartu/contracts';
import { formatCurrency } from '@kartu/core';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { walletNames } from '../qris-rules.ts';

/** A cash card's balance, which can pay a QRIS too. */
export interface CardBalance {
  amount: number;
  currency: Currency;
  /** Less than the amount to pay. */
  tooSmall: boolean;
}

export interface PayWithChoiceProps {
  wallet: QrisWalletLink;
  /** Null for a card whose program keeps points or stamps: only the wallet pays then. */
  balance: CardBalance | null;
  value: QrisPaymentSource;
  onChange: (source: QrisPaymentSource) => void;
  onChangeWallet: () => void;
}

/** What pays: the linked e-wallet (with 'Change' to link another) or, on a cash card, the card's balance. */
export function PayWithChoice({ wallet, balance, value, onChange, onChangeWallet }: PayWithChoiceProps) {
  const { t } = useTranslation('qris');
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

  if (!balance) {
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
      <label className="qris-choice" aria-disabled={balance.tooSmall || undefined}>
        <span className="qris-choice__text">
          <span className="qris-choice__name">{t('payWith.balance')}</span>
          <span className="qris-choice__hint">
            {t(balance.tooSmall ? 'payWith.balanceTooSmall' : 'payWith.balanceHint', { balance: formatCurrency(balance.amount, balance.currency) })}
          </span>
        </span>
        <input
          className="qris-choice__radio"
          type="radio"
          name={name}
          value="balance"
          checked={value === 'balance'}
          disabled={balance.tooSmall}
          onChange={() => onChange('balance')}
        />
      </label>
    </fieldset>
  );
}
