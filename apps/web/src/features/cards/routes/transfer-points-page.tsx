import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useParams } from 'react-router';
import { useStartingRegion } from '../../../components/forms/starting-region.ts';
import { onBack } from '../../../lib/back-navigation.ts';
import type { TransferAnswer } from '../api/transfer-points.ts';
import { ActivityLayout } from '../components/activity/activity-layout.tsx';
import { ListSkeleton } from '../components/activity/activity-states.tsx';
import { TransferAmountStep } from '../components/activity/transfer-amount-step.tsx';
import { TransferConfirmStep } from '../components/activity/transfer-confirm-step.tsx';
import { TransferDone } from '../components/activity/transfer-done.tsx';
import { TransferRecipientStep, type ChosenRecipient } from '../components/activity/transfer-recipient-step.tsx';
import { useActivityCard } from '../components/activity/use-activity-card.ts';

type Step =
  | { name: 'recipient'; error?: string }
  | { name: 'amount'; chosen: ChosenRecipient; amount?: number; error?: string }
  | { name: 'confirm'; chosen: ChosenRecipient; amount: number }
  | { name: 'done'; chosen: ChosenRecipient; amount: number; answer: TransferAnswer };

const stepNumber = { recipient: 1, amount: 2, confirm: 3 } as const;

/** '/cards/:cardId/transfer-point': send points to another member of the same program (spec: business-rules §1). */
export function TransferPointsPage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('cards');
  const { card, ready, loadError } = useActivityCard(cardId, 'transfer-point');
  const [step, setStep] = useState<Step>({ name: 'recipient' });
  const [phone, setPhone] = useState('');
  const [region, setRegion] = useState(useStartingRegion());

  // The header's back steps back through the flow before it leaves the page (spec: app-core §2 Back button).
  useEffect(() => {
    if (step.name !== 'amount' && step.name !== 'confirm') return;
    return onBack(() =>
      setStep(step.name === 'confirm' ? { name: 'amount', chosen: step.chosen, amount: step.amount } : { name: 'recipient' }),
    );
  }, [step]);

  const title = t('activity.transfer.title');
  if (!ready || !card) {
    return (
      <ActivityLayout title={title} programName={card?.cardProgram.programName} cardError={loadError}>
        <ListSkeleton rows={2} label={t('activity.loading')} />
      </ActivityLayout>
    );
  }

  const balance = { amount: card.balance.amount, unit: card.balance.unit };
  return (
    <ActivityLayout title={title} programName={card.cardProgram.programName}>
      {step.name !== 'done' ? (
        <p className="activity-step__count muted">{t('activity.transfer.step', { step: stepNumber[step.name], total: 3 })}</p>
      ) : null}
      {step.name === 'recipient' ? (
        <TransferRecipientStep
          cardId={cardId}
          phone={phone}
          onPhoneChange={setPhone}
          region={region}
          onRegionChange={setRegion}
          initialError={step.error}
          onFound={(chosen) => setStep({ name: 'amount', chosen })}
        />
      ) : null}
      {step.name === 'amount' ? (
        <TransferAmountStep
          preview={step.chosen.preview}
          balance={balance}
          currency={card.currency}
          initialAmount={step.amount}
          initialError={step.error}
          onChangeRecipient={() => setStep({ name: 'recipient' })}
          onChosen={(amount) => setStep({ name: 'confirm', chosen: step.chosen, amount })}
        />
      ) : null}
      {step.name === 'confirm' ? (
        <TransferConfirmStep
          cardId={cardId}
          chosen={step.chosen}
          amount={step.amount}
          unit={balance.unit}
          currency={card.currency}
          onSent={(answer) => setStep({ name: 'done', chosen: step.chosen, amount: step.amount, answer })}
          onInsufficientBalance={() =>
            setStep({ name: 'amount', chosen: step.chosen, amount: step.amount, error: t('activity.transfer.insufficientBalance') })
          }
          onRecipientGone={() => setStep({ name: 'recipient', error: t('activity.transfer.recipientNotFound') })}
        />
      ) : null}
      {step.name === 'done' ? (
        <TransferDone
          cardId={cardId}
          recipientName={step.chosen.preview.recipient.name ?? step.chosen.preview.recipient.phone}
          amount={step.amount}
          answer={step.answer}
          currency={card.currency}
        />
      ) : null}
    </ActivityLayout>
  );
}
