import { useNavigate } from 'react-router';
import type { Voucher } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useActivateGiftCard } from '../api/activate-gift-card.ts';
import { useGiftCardValue } from './use-gift-card-value.ts';

/*
 * An e-gift voucher (docs/decisions/027-gift-cards.md) has no code of its own: its holder adds it to
 * their cards, where it becomes a gift card paid with by amount, or sends it to a friend first.
 */

/** A usable e-gift voucher: add it to the cards (the main action), or send it as a gift. */
export function GiftCardActions({ voucher, onGive }: { voucher: Voucher; onGive: () => void }) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const activate = useActivateGiftCard(voucher.id);
  const value = useGiftCardValue(voucher.giftCard) ?? '';

  const add = () =>
    activate.mutate(undefined, {
      onSuccess: ({ cardId }) => {
        toast.success(t('vouchers.giftCard.added', { value }));
        void navigate(paths.cardDetail.href({ cardId }));
      },
      onError: (error) => {
        const message = describeApiError(error);
        if (message) toast.error(message);
      },
    });

  return (
    <>
      <p className="voucher-page__hint">{t('vouchers.giftCard.addHint', { value })}</p>
      <div className="voucher-page__actions">
        <Button block loading={activate.isPending} onClick={add}>
          {t('vouchers.giftCard.add')}
        </Button>
        <Button block variant="secondary" disabled={activate.isPending} onClick={onGive}>
          {t('vouchers.gift.open')}
        </Button>
      </div>
    </>
  );
}

/** An e-gift voucher already added: the way to its gift card. */
export function GiftCardAdded({ cardId }: { cardId: string }) {
  const { t } = useTranslation('cards');
  return (
    <ButtonLink block to={paths.cardDetail.href({ cardId })}>
      {t('vouchers.giftCard.open')}
    </ButtonLink>
  );
}
