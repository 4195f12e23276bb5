import { useId } from 'react';
import type { Receipt } from '@kartu/contracts';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { useHeadingFocus } from '../../../components/ui/use-heading-focus.ts';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';

/**
 * In place of the photo form once the receipt is in: when the merchant checks it (business-rules
 * §9 points within 2×24 working hours), then another receipt or back to the card.
 */
export function ReceiptSent({ receipt, onAnother }: { receipt: Receipt; onAnother: () => void }) {
  const { t } = useTranslation('receipts');
  // The Send button is gone: the news takes focus, so Tab goes on from here and it is read at once.
  const headingRef = useHeadingFocus();
  const headingId = useId();
  return (
    <section className="receipt-sent" aria-labelledby={headingId}>
      <div role="status" className="receipt-sent__news">
        <h2 ref={headingRef} id={headingId} className="receipt-sent__title">
          {t('sent.title')}
        </h2>
        <p>{t('sent.message', { context: receipt.unit })}</p>
      </div>
      <div className="receipt-sent__actions">
        <Button block onClick={onAnother}>
          {t('sent.another')}
        </Button>
        <ButtonLink block variant="secondary" to={paths.cardDetail.href({ cardId: receipt.cardId })}>
          {t('sent.backToCard')}
        </ButtonLink>
      </div>
    </section>
  );
}
