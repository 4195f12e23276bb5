import { useId, useRef, useState } from 'react';
import type { QrisPaymentSource, QrisWalletLink, ScanQris } from '@kartu/contracts';
import { FormField } from '../../../components/forms/form-field.tsx';
import { MoneyInput } from '../../../components/forms/money-input.tsx';
import { Amount } from '../../../components/ui/amount.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { amountProblem, type CardPayOption } from '../qris-rules.ts';
import { PayWithChoice } from './pay-with-choice.tsx';
import { QrisMerchantFacts } from './qris-merchant-facts.tsx';
import { StepHeading } from './step-heading.tsx';
import { useRupiah } from './use-rupiah.ts';

export interface QrisAmountStepProps {
  qris: ScanQris;
  /** The member's amount for a static QRIS; a dynamic one's own amount is shown instead. */
  amount: number | null;
  onAmountChange: (amount: number | null) => void;
  wallet: QrisWalletLink;
  /** The card's own ways to pay this amount, besides the wallet. */
  cardOptions: readonly CardPayOption[];
  source: QrisPaymentSource;
  onSourceChange: (source: QrisPaymentSource) => void;
  onChangeWallet: () => void;
  onContinue: () => void;
}

/**
 * The QR's merchant and the amount (business-rules §2 amount confirmation): typed for a static QRIS,
 * the QR's own for a dynamic one; checked against the QRIS limit before anything is sent (§9).
 */
export function QrisAmountStep({ qris, amount, onAmountChange, wallet, cardOptions, source, onSourceChange, onChangeWallet, onContinue }: QrisAmountStepProps) {
  const { t } = useTranslation('qris');
  const rupiah = useRupiah();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState(false);
  const isStatic = qris.amount === null;
  const toPay = qris.amount ?? amount;
  const problem = amountProblem(toPay);
  const message = problem === 'tooHigh' ? t('amount.tooHigh', { max: rupiah.max }) : problem === 'missing' ? t('amount.missing') : null;
  // A typed amount is judged once the member tries to go on; a QR's own amount at once.
  const shown = isStatic ? (checked ? message : null) : message;

  const next = () => {
    setChecked(true);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    onContinue();
  };

  return (
    <section className="qris-step" aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`}>{t('amount.title')}</StepHeading>
      <QrisMerchantFacts merchantName={qris.merchantName} merchantCity={qris.merchantCity}>
        {isStatic ? null : (
          <div className="qris-facts__row">
            <dt>{t('facts.amount')}</dt>
            <dd>
              <Amount className="qris-facts__amount" amount={qris.amount ?? 0} unit="CASH" currency={rupiah.currency} />
              <span className="qris-facts__note muted">{t('amount.fixed')}</span>
            </dd>
          </div>
        )}
      </QrisMerchantFacts>
      {isStatic ? (
        <FormField
          id={`${id}-amount`}
          label={t('amount.label')}
          error={shown}
          announceError
          describedBy={`${id}-limit`}
          hint={
            <p id={`${id}-limit`} className="field__hint muted">
              {t('amount.limit', { max: rupiah.max })}
            </p>
          }
        >
          {(control) => (
            <MoneyInput
              control={control}
              inputRef={inputRef}
              value={amount}
              currency={rupiah.currency}
              onChange={(value) => {
                setChecked(false);
                onAmountChange(value);
              }}
            />
          )}
        </FormField>
      ) : shown ? (
        <p className="field__error" role="alert">
          {shown}
        </p>
      ) : null}
      <PayWithChoice wallet={wallet} cardOptions={cardOptions} value={source} onChange={onSourceChange} onChangeWallet={onChangeWallet} />
      <Button block onClick={next} disabled={!isStatic && problem !== null}>
        {t('amount.continue')}
      </Button>
    </section>
  );
}
