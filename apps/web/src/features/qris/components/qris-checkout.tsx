import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CardDetail, QrisPaymentBody, QrisPaymentSource, ScanQris } from '@kartu/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useAttemptKey } from '../../../lib/attempt-key.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useQrisOptions } from '../api/get-qris-options.ts';
import { useQrisWallet } from '../api/get-qris-wallet.ts';
import { usePayQris } from '../api/pay-qris.ts';
import { cardPayOptions, paySourceToUse } from '../qris-rules.ts';
import { QrisAmountStep } from './qris-amount-step.tsx';
import { QrisConfirmStep } from './qris-confirm-step.tsx';
import { QrisSkeleton } from './qris-skeleton.tsx';
import { QrisWelcome } from './qris-welcome.tsx';
import { WalletLinkForm } from './wallet-link-form.tsx';

type Step = 'welcome' | 'link' | 'amount' | 'confirm';

export interface QrisCheckoutProps {
  cardId: string;
  card: CardDetail | undefined;
  qris: ScanQris;
}

/**
 * Paying one scanned QRIS (business-rules §2 Scan QRIS): the welcome and the wallet's link the first
 * time, then the amount and what pays, then the confirmation. The payment made, the page follows it
 * at its own address (`?payment=`), where the provider's page sends the member back too; one paid
 * from the card's points or balance is paid already, so that address shows its summary at once.
 */
export function QrisCheckout({ cardId, card, qris }: QrisCheckoutProps) {
  const { t } = useTranslation('qris');
  const navigate = useNavigate();
  const wallet = useQrisWallet();
  const options = useQrisOptions(cardId);
  const pay = usePayQris(cardId);
  const attempt = useAttemptKey();
  const [chosenStep, setStep] = useState<Step | null>(null);
  const [typedAmount, setAmount] = useState<number | null>(null);
  const [chosenSource, setSource] = useState<QrisPaymentSource>('wallet');

  // What else pays is read beside the wallet; where that read fails, the wallet alone pays.
  if (wallet.isPending || options.isPending) return <QrisSkeleton label={t('loading')} />;
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
  const cardOptions = cardPayOptions(options.data, card, toPay);
  const source = paySourceToUse(cardOptions, chosenSource);
  const spend = cardOptions.find((option) => option.source === source)?.cost ?? null;

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
          cardOptions={cardOptions}
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
          spend={spend}
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
