import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { GiftCard } from '@kartu/contracts';
import { FormField } from '../../../../components/forms/form-field.tsx';
import { StaffCodeField } from '../../../../components/forms/staff-code-field.tsx';
import { formatAmount } from '../../../../components/ui/amount.tsx';
import { BottomSheet } from '../../../../components/ui/bottom-sheet.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { ApiError, describeApiError } from '../../../../lib/api-client.ts';
import { useAttemptKey } from '../../../../lib/attempt-key.ts';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { usePayWithGiftCard, type GiftCardPayment } from '../../api/pay-with-gift-card.ts';
import { MoneyInput } from '../../../../components/forms/money-input.tsx';
import { useDates } from '../../../../lib/use-dates.ts';

/** Why an amount cannot be charged, before asking the server: none typed, or more than is left. */
export function amountProblem(amount: number | null, balance: number): 'amountRequired' | 'amountAboveBalance' | null {
  if (amount === null || amount < 1) return 'amountRequired';
  return amount > balance ? 'amountAboveBalance' : null;
}

interface PaySheetProps {
  giftCard: GiftCard;
  onClose: () => void;
}

/**
 * Paying at the counter, as a voucher is used there (business-rules §6): the member hands the phone
 * over and staff type the amount and the outlet's code, and their own where the outlet asks for it.
 * A wrong code says how many tries are left; the third locks the card's payments for 24 hours and
 * the sheet says until when. Then the amount paid and what is left.
 */
export function PaySheet({ giftCard, onClose }: PaySheetProps) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const id = useId();
  const pay = usePayWithGiftCard();
  const attempt = useAttemptKey();
  const [amount, setAmount] = useState<number | null>(null);
  const [outletCode, setOutletCode] = useState('');
  const [cashierCode, setCashierCode] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [outletMissing, setOutletMissing] = useState(false);
  const [paid, setPaid] = useState<GiftCardPayment | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const outletRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const money = (minor: number) => formatAmount(minor, 'CASH', giftCard.currency);

  // The form's controls are gone once paid: focus moves to the way out, the result is announced.
  useEffect(() => {
    if (paid) doneRef.current?.focus();
  }, [paid]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = amountProblem(amount, giftCard.balance);
    setAmountError(problem ? t(`giftCard.pay.${problem}`, { balance: money(giftCard.balance) }) : undefined);
    if (problem || amount === null) return amountRef.current?.focus();
    const outlet = outletCode.trim();
    if (!outlet) {
      setOutletMissing(true);
      return outletRef.current?.focus();
    }
    const cashier = cashierCode.trim();
    const body = { amount, outletCode: outlet, ...(cashier && { cashierCode: cashier }) };
    pay.mutate(
      { cardId: giftCard.cardId, body, idempotencyKey: attempt.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (payment) => {
          attempt.settle();
          setPaid(payment);
        },
      },
    );
  };

  const failure = () => {
    const error = pay.error;
    if (!error) return null;
    if (error instanceof ApiError && error.code === 'GIFT_CARD_OUTLET_CODE_INVALID' && error.attemptsRemaining !== undefined) {
      return t('giftCard.pay.wrongCode', { count: error.attemptsRemaining });
    }
    if (error instanceof ApiError && error.code === 'GIFT_CARD_LOCKED' && error.lockedUntil) {
      return t('giftCard.pay.locked', { time: dates.moment(error.lockedUntil) });
    }
    return describeApiError(error);
  };
  const problem = failure();
  const locked = pay.error instanceof ApiError && pay.error.code === 'GIFT_CARD_LOCKED';
  const balanceId = `${id}-balance`;

  return (
    <BottomSheet title={paid ? t('giftCard.pay.doneTitle') : t('giftCard.pay.title')} closeLabel={t('giftCard.pay.close')} onClose={onClose} className="pay-sheet">
      {/* Present before the payment, so the result is announced when it fills. */}
      <div className="pay-sheet__result" role="status">
        {paid ? (
          <>
            <p className="pay-sheet__paid">{t('giftCard.pay.paid', { amount: money(paid.charge.amount), outlet: paid.charge.outlet.name })}</p>
            <p>{t('giftCard.pay.left', { balance: money(paid.balance) })}</p>
          </>
        ) : null}
      </div>
      {paid ? (
        <Button ref={doneRef} block onClick={onClose}>
          {t('giftCard.pay.done')}
        </Button>
      ) : (
        <form className="pay-sheet__form" onSubmit={submit} noValidate>
          <p className="muted">{t('giftCard.pay.intro', { name: giftCard.programName })}</p>
          <FormField
            id={`${id}-amount`}
            label={t('giftCard.pay.amount')}
            error={amountError}
            describedBy={balanceId}
            hint={
              <p id={balanceId} className="field__hint">
                {t('giftCard.pay.upTo', { balance: money(giftCard.balance) })}
              </p>
            }
          >
            {(control) => <MoneyInput control={control} value={amount} onChange={setAmount} currency={giftCard.currency} inputRef={amountRef} />}
          </FormField>
          <StaffCodeField
            id={`${id}-outlet`}
            label={t('giftCard.pay.outletCode')}
            value={outletCode}
            onChange={setOutletCode}
            enterKeyHint="next"
            inputRef={outletRef}
            error={outletMissing && !outletCode.trim() ? t('giftCard.pay.outletRequired') : undefined}
          />
          <StaffCodeField id={`${id}-cashier`} label={t('giftCard.pay.cashierCode')} value={cashierCode} onChange={setCashierCode} enterKeyHint="done" />
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
          <Button type="submit" block loading={pay.isPending} disabled={locked}>
            {amount !== null && amount > 0 ? t('giftCard.pay.submitAmount', { amount: money(amount) }) : t('giftCard.pay.submit')}
          </Button>
          <Button variant="secondary" block onClick={onClose}>
            {t('giftCard.pay.cancel')}
          </Button>
        </form>
      )}
    </BottomSheet>
  );
}
