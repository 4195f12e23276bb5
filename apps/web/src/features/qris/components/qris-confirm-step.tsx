import { useId } from 'react';
import type { QrisPaymentSource, QrisWalletLink, ScanQris } from '@kartu/contracts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { walletNames } from '../qris-rules.ts';
import { QrisMerchantFacts } from './qris-merchant-facts.tsx';
import { StepHeading } from './step-heading.tsx';
import { useCardSpend } from './use-card-spend.ts';
import { useRupiah } from './use-rupiah.ts';

export interface QrisConfirmStepProps {
  qris: ScanQris;
  amount: number;
  source: QrisPaymentSource;
  /** What the card spends when it pays from its points or balance, in its unit; null from the wallet. */
  spend: number | null;
  wallet: QrisWalletLink;
  onPay: () => void;
  /** The payment is on its way: Pay waits. */
  paying: boolean;
  /** Why the last try was refused, if it was. */
  error: unknown;
  onBack: () => void;
  onLinkWallet: () => void;
}

/** The payment as it will be made, and Pay (business-rules §2 amount confirmation). */
export function QrisConfirmStep({ qris, amount, source, spend, wallet, onPay, paying, error, onBack, onLinkWallet }: QrisConfirmStepProps) {
  const { t } = useTranslation('qris');
  const rupiah = useRupiah();
  const card = useCardSpend();
  const id = useId();
  const refusal = error ? (describeApiError(error) ?? t('confirm.failed')) : null;
  const walletGone = error instanceof ApiError && error.code === 'QRIS_WALLET_NOT_LINKED';
  return (
    <section className="qris-step" aria-labelledby={`${id}-title`}>
      <StepHeading id={`${id}-title`}>{t('confirm.title')}</StepHeading>
      <QrisMerchantFacts merchantName={qris.merchantName} merchantCity={qris.merchantCity}>
        <div className="qris-facts__row">
          <dt>{t('facts.amount')}</dt>
          <dd>
            <Amount className="qris-facts__amount" amount={amount} unit="CASH" currency={rupiah.currency} />
          </dd>
        </div>
        <div className="qris-facts__row">
          <dt>{t('facts.payWith')}</dt>
          <dd>{source === 'wallet' ? `${walletNames[wallet.wallet]} · ${wallet.phone}` : card.paidWith(source, spend)}</dd>
        </div>
      </QrisMerchantFacts>
      {refusal ? (
        <div className="qris-refusal" role="alert">
          <p>{refusal}</p>
          {walletGone ? (
            <Button variant="secondary" onClick={onLinkWallet}>
              {t('welcome.link')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="qris-actions">
        <Button block loading={paying} onClick={onPay}>
          {t('confirm.pay', { amount: rupiah.format(amount) })}
        </Button>
        <Button variant="secondary" block disabled={paying} onClick={onBack}>
          {t('confirm.back')}
        </Button>
      </div>
    </section>
  );
}
