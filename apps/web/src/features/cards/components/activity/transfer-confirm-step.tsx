import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { useNavigate } from 'react-router';
import type { BalanceUnit, Currency } from '@kartu/contracts';
import { PinEntry } from '../../../../components/pin/pin-entry.tsx';
import { paths } from '../../../../config/paths.ts';
import { describeApiError } from '../../../../lib/api-client.ts';
import { lockPagePath } from '../../../../lib/lock-redirect.ts';
import { useTransferPoints, type TransferAnswer, type TransferPointsOptions } from '../../api/transfer-points.ts';
import type { ChosenRecipient } from './transfer-recipient-step.tsx';
import { formatAmount } from '../../../../components/ui/amount.tsx';
import { RecipientSummary } from './recipient-summary.tsx';
import { newIdempotencyKey, readTransferRefusal } from './transfer-refusal.ts';
import { Button } from '../../../../components/ui/button.tsx';

export type TransferConfirmStepProps = {
  cardId: string;
  chosen: ChosenRecipient;
  amount: number;
  unit: BalanceUnit;
  currency: Currency;
  onSent: (answer: TransferAnswer) => void;
  /** The server says the balance no longer covers the amount. */
  onInsufficientBalance: () => void;
  /** The recipient can no longer receive (e.g. their card was closed meanwhile). */
  onRecipientGone: () => void;
};

type Refusal = { invalid: boolean; message: string | null; canResend: boolean };
const noRefusal: Refusal = { invalid: false, message: null, canResend: false };

/**
 * Step 3: the member confirms with their PIN (spec: app-core §4 PIN input mode TRANSACTION).
 * Every PIN typed is a new submission with a new Idempotency-Key; only resending that same
 * submission after no answer came back reuses its key, so the points can never move twice.
 */
export function TransferConfirmStep({ cardId, chosen, amount, unit, currency, onSent, onInsufficientBalance, onRecipientGone }: TransferConfirmStepProps) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const transfer = useTransferPoints();
  const [lastSubmission, setLastSubmission] = useState<TransferPointsOptions | null>(null);
  const [refusal, setRefusal] = useState<Refusal>(noRefusal);

  const send = (submission: TransferPointsOptions) => {
    setLastSubmission(submission);
    setRefusal((current) => ({ ...current, canResend: false }));
    transfer.mutate(submission, {
      onSuccess: onSent,
      onError: (error) => {
        const reason = readTransferRefusal(error);
        switch (reason.kind) {
          case 'locked':
            return void navigate(lockPagePath(paths.deviceLocked, reason.unlockAt), { replace: true });
          case 'wrong-pin':
            return setRefusal({
              invalid: true,
              message:
                reason.attemptsRemaining === null
                  ? t('activity.transfer.wrongPinGeneric')
                  : t('activity.transfer.wrongPin', { count: reason.attemptsRemaining }),
              canResend: false,
            });
          case 'insufficient-balance':
            return onInsufficientBalance();
          case 'recipient-gone':
            return onRecipientGone();
          case 'unreachable':
            return setRefusal({ invalid: false, message: describeApiError(error), canResend: true });
          default:
            return setRefusal({ invalid: false, message: describeApiError(error), canResend: false });
        }
      },
    });
  };

  const submitPin = (pin: string) =>
    send({ cardId, body: { ...chosen.recipient, amount, pin }, idempotencyKey: newIdempotencyKey() });

  return (
    <div className="stack">
      <RecipientSummary preview={chosen.preview} />
      <p className="activity-confirm__amount">
        {t('activity.transfer.confirmAmount', { amount: formatAmount(amount, unit, currency) })}
      </p>
      <PinEntry headingLevel={2} mode="TRANSACTION" invalid={refusal.invalid} error={refusal.message} busy={transfer.isPending} onSubmit={submitPin} />
      {refusal.canResend && lastSubmission ? (
        <Button onClick={() => send(lastSubmission)} disabled={transfer.isPending}>
          {t('activity.transfer.resend')}
        </Button>
      ) : null}
    </div>
  );
}
