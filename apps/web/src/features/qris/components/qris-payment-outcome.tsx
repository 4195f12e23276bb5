import { useLocation } from 'react-router';
import type { QrisPayment, QrisWalletLink } from '@kartu/contracts';
import { PaymentCountdown, PaymentInstructions } from '../../../components/payment/payment-instructions.tsx';
import { Amount } from '../../../components/ui/amount.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import { paymentReference, walletNames } from '../qris-rules.ts';
import { QrisHero } from './qris-hero.tsx';
import { QrisMerchantFacts } from './qris-merchant-facts.tsx';
import { useCardSpend } from './use-card-spend.ts';
import { useRupiah } from './use-rupiah.ts';

export interface QrisPaymentOutcomeProps {
  payment: QrisPayment;
  /** The linked wallet, to name it; null while unknown. */
  wallet: QrisWalletLink | null;
  /** The QRIS paid, when the page's address still has it: 'Try again' pays it again. */
  qrisPayload: string;
  /** Reads the payment again, when its time runs out. */
  onExpire: () => void;
}

/**
 * A QRIS payment where it stands (business-rules §4 QR payment: pending, then expired after a time
 * limit, when the QR must be scanned again): finishing in the wallet with the time left, the
 * summary once paid, or why it did not go through.
 */
export function QrisPaymentOutcome({ payment, wallet, qrisPayload, onExpire }: QrisPaymentOutcomeProps) {
  const { t } = useTranslation('qris');
  const { t: payments } = useTranslation('payments');
  const location = useLocation();
  const rupiah = useRupiah();
  const card = useCardSpend();
  const dates = useDates();
  const { cardId } = payment;
  const walletName = wallet ? walletNames[wallet.wallet] : t('pending.yourWallet');
  const amount = rupiah.format(payment.amount);
  const scanAgainHref = paths.qrcodeScanner.href({ cardId });
  const backToCard = (
    <ButtonLink to={paths.cardDetail.href({ cardId })} variant="secondary" block>
      {t('backToCard')}
    </ButtonLink>
  );

  switch (payment.status) {
    case 'pending': {
      const instructions = payment.payment?.instructions ?? null;
      return (
        <QrisHero picture="waiting_payment" title={t('pending.title', { wallet: walletName })} message={t('pending.message', { amount, merchant: payment.merchantName, wallet: walletName })}>
          <div className="qris-pending card-surface">
            {instructions ? (
              <PaymentInstructions instructions={instructions} expiresAt={payment.expiresAt} onExpire={onExpire} returnTo={`${location.pathname}${location.search}`} headingLevel={3} />
            ) : (
              <>
                <p>{t('pending.preparing')}</p>
                <PaymentCountdown expiresAt={payment.expiresAt} onExpire={onExpire} />
              </>
            )}
          </div>
        </QrisHero>
      );
    }
    case 'paid':
      return (
        <QrisHero picture="paid" title={t('paid.title')} message={t('paid.message', { amount, merchant: payment.merchantName })}>
          <QrisMerchantFacts merchantName={payment.merchantName} merchantCity={payment.merchantCity}>
            <div className="qris-facts__row">
              <dt>{t('facts.amount')}</dt>
              <dd>
                <Amount className="qris-facts__amount" amount={payment.amount} unit="CASH" currency={rupiah.currency} />
              </dd>
            </div>
            <div className="qris-facts__row">
              <dt>{t('facts.paidAt')}</dt>
              <dd>{dates.moment(payment.paidAt ?? payment.createdAt)}</dd>
            </div>
            <div className="qris-facts__row">
              <dt>{t('facts.reference')}</dt>
              <dd className="qris-facts__reference">{paymentReference(payment.id)}</dd>
            </div>
            <div className="qris-facts__row">
              <dt>{t('facts.paidWith')}</dt>
              <dd>{payment.source !== 'wallet' ? card.paidWith(payment.source, payment.spent) : wallet ? walletName : t('payWith.wallet')}</dd>
            </div>
          </QrisMerchantFacts>
          <div className="qris-actions">
            <ButtonLink to={paths.cardDetail.href({ cardId })} block>
              {t('paid.done')}
            </ButtonLink>
            <ButtonLink to={scanAgainHref} variant="secondary" block>
              {t('paid.scanAnother')}
            </ButtonLink>
          </div>
        </QrisHero>
      );
    case 'expired':
      return (
        <QrisHero picture="expired" title={t('expired.title')} message={t('expired.message')}>
          <div className="qris-actions">
            <ButtonLink to={scanAgainHref} block>
              {t('expired.scanAgain')}
            </ButtonLink>
            {backToCard}
          </div>
        </QrisHero>
      );
    case 'failed': {
      const reason = payment.payment?.failureReason;
      // The QRIS still in the address is paid again from its amount step; without it, it is scanned again.
      const tryAgain = qrisPayload ? paths.cardScanQris.href({ cardId }, { qris: qrisPayload }) : scanAgainHref;
      return (
        <QrisHero picture="failed" title={t('failed.title')} message={reason ? payments(`failure.reason.${reason}`) : t('failed.message')}>
          <div className="qris-actions">
            <ButtonLink to={tryAgain} state={location.state as unknown} block>
              {t('failed.tryAgain')}
            </ButtonLink>
            {backToCard}
          </div>
        </QrisHero>
      );
    }
  }
}
