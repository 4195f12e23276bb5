import { useTranslation } from '../../../../lib/i18n.tsx';
import type { Currency } from '@kartu/contracts';
import { useHeadingFocus } from '../../../../components/ui/use-heading-focus.ts';
import { paths } from '../../../../config/paths.ts';
import type { TransferAnswer } from '../../api/transfer-points.ts';
import { formatAmount } from '../../../../components/ui/amount.tsx';
import { ButtonLink } from '../../../../components/ui/button.tsx';

export type TransferDoneProps = {
  cardId: string;
  recipientName: string;
  amount: number;
  answer: TransferAnswer;
  currency: Currency;
};

/** The points have moved: what was sent, to whom, and the card's new balance. */
export function TransferDone({ cardId, recipientName, amount, answer, currency }: TransferDoneProps) {
  const { t } = useTranslation('cards');
  const headingRef = useHeadingFocus();
  const { unit } = answer.balance;
  return (
    <section className="activity-done stack" aria-labelledby="transfer-done-title">
      <h2 id="transfer-done-title" ref={headingRef} tabIndex={-1} className="activity-step__title">
        {t('activity.transfer.doneTitle')}
      </h2>
      <p>{t('activity.transfer.doneMessage', { amount: formatAmount(amount, unit, currency), name: recipientName })}</p>
      <p className="activity-done__balance">
        {t('activity.transfer.newBalance', { balance: formatAmount(answer.balance.amount, unit, currency) })}
      </p>
      <ButtonLink to={paths.cardTransactionHistory.href({ cardId })}>
        {t('activity.transfer.seeHistory')}
      </ButtonLink>
      <ButtonLink variant="secondary" to={paths.cardDetail.href({ cardId })} replace>
        {t('activity.transfer.backToCard')}
      </ButtonLink>
    </section>
  );
}
