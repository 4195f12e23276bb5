import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n.tsx';
import type { BalanceUnit, Currency } from '@kartu/contracts';
import { filterNumericKey } from '@kartu/core';
import { FormField } from '../../../../components/forms/form-field.tsx';
import type { TransferPreview } from '../../api/transfer-preview.ts';
import { formatAmount } from '../../../../components/ui/amount.tsx';
import { RecipientSummary } from './recipient-summary.tsx';
import { Button } from '../../../../components/ui/button.tsx';

export type TransferAmountStepProps = {
  preview: TransferPreview;
  balance: { amount: number; unit: BalanceUnit };
  currency: Currency;
  initialAmount?: number;
  /** Set when the server refused the amount after the PIN (the balance changed meanwhile). */
  initialError?: string;
  onChangeRecipient: () => void;
  onChosen: (amount: number) => void;
};

/** Whole units from 1 up to the balance; above it reads 'Insufficient balance' (spec: business-rules §8). */
export function amountProblem(text: string, balance: number): 'amountRequired' | 'amountMinimum' | 'insufficientBalance' | null {
  if (text.trim() === '') return 'amountRequired';
  const amount = Number(text);
  if (!Number.isSafeInteger(amount) || amount < 1) return 'amountMinimum';
  return amount > balance ? 'insufficientBalance' : null;
}

/** Step 2: how much to send, checked against the balance shown beside the field. */
export function TransferAmountStep({ preview, balance, currency, initialAmount, initialError, onChangeRecipient, onChosen }: TransferAmountStepProps) {
  const { t } = useTranslation('cards');
  const amountId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialAmount ? String(initialAmount) : '');
  const [error, setError] = useState<string | undefined>(initialError);
  const balanceId = `${amountId}-balance`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = amountProblem(text, balance.amount);
    setError(problem ? t(`activity.transfer.${problem}`) : undefined);
    if (problem) return inputRef.current?.focus();
    onChosen(Number(text));
  };

  return (
    <form className="stack" noValidate onSubmit={submit}>
      <RecipientSummary preview={preview} onChange={onChangeRecipient} />
      <FormField
        id={amountId}
        label={t('activity.transfer.amountLabel')}
        error={error}
        announceError
        describedBy={balanceId}
        hint={
          <p id={balanceId} className="field__hint">
            {t('activity.transfer.balance', { balance: formatAmount(balance.amount, balance.unit, currency) })}
          </p>
        }
      >
        {(control) => (
          <input
            ref={inputRef}
            {...control}
            className="text-input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            // spec: app-core §5: numeric inputs block non-digit keys.
            onKeyDown={(event) => {
              if (!event.ctrlKey && !event.metaKey && !event.altKey && !filterNumericKey(event.key)) event.preventDefault();
            }}
            onChange={(event) => setText(event.target.value.replace(/\D/g, ''))}
          />
        )}
      </FormField>
      <Button type="submit">
        {t('activity.transfer.next')}
      </Button>
    </form>
  );
}
