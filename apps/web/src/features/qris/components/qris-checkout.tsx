import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CardDetail, QrisPaymentBody, QrisPaymentSource, ScanQris } from '@kartu/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useAttemptKey } from '../../../lib/attempt-key.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useQrisWallet } from '../api/get-qris-wallet.ts';
import { usePayQris } from '../api/pay-qris.ts';
import type { CardBalance } from './pay-with-choice.tsx';
import { QrisAmountStep } from './qris-amount-step.tsx';
import { QrisConfirmStep } from './qris-confirm-step.tsx';
import { QrisSkeleton } from './qris-skeleton.tsx';
import { QrisWelcome } from './qris-welcome.tsx';
import { QRIS_CURRENCY } from './use-rupiah.ts';
import { WalletLinkForm } from './wallet-link-form.tsx';

type Step = 'welcome' | 'link' | 'amount' | 'confirm';

/**
 * Only a program that keeps a cash balance in rupiah pays a QRIS from the card (the server refuses
 * points and stamps, which have no rupiah value): null for any other card.
 */
function cardBalanceOf(card: CardDetail | undefined, toPay: number | null): CardBalance | null {
  if (card?.balance.unit !== 'CASH' || card.currency.code !== QRIS_CURRENCY) return null;
  return { amount: card.balance.amount, currency: card.currency, tooSmall: toPay !== null && card.balance.amount < toPay };
}

export interface QrisCheckoutProps {
  cardId: string;
  card: CardDetail | undefined;
  qris: ScanQris;
}

/**
 * Paying one scanned QRIS (business-rules §2 Scan QRIS): the welcome and the wallet's link the first
 * time, then the amount and what pays, then the confirmation. The payment made, the page follows it
 * at its own address (`?payment=`), where the provider's page sends the member back too.
 */
export function QrisCheckout({ cardId, card, qris }: QrisCheckoutProps) {
  const { t } = useTranslation('qris');
  const navigate = useNavigate();
  const wallet = useQrisWallet();
  const pay = usePayQris(cardId);
  const attempt = useAttemptKey();
  const [chosenStep, setStep] = useState<Step | null>(null);
  const [typedAmount, setAmount] = useState<number | null>(null);
  const [chosenSource, setSource] = useState<QrisPaymentSource>('wallet');

  if (wallet.isPending) return <QrisSkeleton label={t('loading')} />;
  if (wallet.isError) {
    return (
      <div className="qris-refusal" role="alert">
        <p>{describeApiError(wallet.error) ?? t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void wallet.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  const link = wallet.data;
  // Without a linked wallet, paying starts at the welcome; 'Change' reopens the link step later.
  const step: Step = link ? (chosenStep ?? 'amount') : chosenStep === 'link' ? 'link' : 'welcome';
  const toPay = qris.amount ?? typedAmount;
  const balance = cardBalanceOf(card, toPay);
  const source: QrisPaymentSource = chosenSource === 'balance' && balance && !balance.tooSmall ? 'balance' : 'wallet';

  const submit = () => {
    if (toPay === null) return;
    const body: QrisPaymentBody = { qris: qris.qris, source, ...(qris.amount === null ? { amount: toPay } : {}) };
    // The same payment sent again (a double tap, a lost answer) reuses its key: the server answers the first.
    const idempotencyKey = attempt.keyFor(JSON.stringify({ cardId, ...body }));
    pay.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (payment) => {
          attempt.settle();
          void navigate(paths.cardScanQris.href({ cardId }, { qris: qris.qris, payment: payment.id }), { replace: true, state: { qris } });
        },
      },
    );
  };

  switch (step) {
    case 'welcome':
      return <QrisWelcome onLink={() => setStep('link')} />;
    case 'link':
      return (
        <WalletLinkForm
          current={link}
          onLinked={() => {
            pay.reset();
            setStep('amount');
          }}
          onCancel={link ? () => setStep('amount') : undefined}
        />
      );
    case 'amount':
      return link ? (
        <QrisAmountStep
          qris={qris}
          amount={typedAmount}
          onAmountChange={setAmount}
          wallet={link}
          balance={balance}
          source={source}
          onSourceChange={setSource}
          onChangeWallet={() => setStep('link')}
          onContinue={() => {
            pay.reset();
            setStep('confirm');
          }}
        />
      ) : null;
    case 'confirm':
      return link && toPay !== null ? (
        <QrisConfirmStep
          qris={qris}
          amount={toPay}
          source={source}
          wallet={link}
          onPay={submit}
          paying={pay.isPending}
          error={pay.error}
          onBack={() => setStep('amount')}
          onLinkWallet={() => setStep('link')}
        />
      ) : null;
  }
}
