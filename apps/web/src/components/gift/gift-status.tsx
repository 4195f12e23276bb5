import { useState } from 'react';
import type { Voucher } from '@kartu/contracts';
import { toast } from '../feedback/toast-store.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { GiftIllustration } from '../ui/empty-illustrations.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { describeApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useCancelGift, useSentGift } from '../../lib/voucher-gifts.ts';
import { GiftShare } from './gift-share.tsx';
import { useDates } from '../../lib/use-dates.ts';
import '../voucher/voucher.css';
import './gift.css';

/** A voucher waiting for a friend to claim it: the link to share again, and taking it back. */
export function GiftWaiting({ voucher }: { voucher: Voucher }) {
  const { t } = useTranslation('cards');
  const sent = useSentGift(voucher.id);
  const cancel = useCancelGift(voucher.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="gift-waiting" aria-labelledby="gift-waiting-title">
      <h2 id="gift-waiting-title" className="voucher-section__title">
        {t('vouchers.gift.waitingTitle')}
      </h2>
      {sent.data ? <GiftShare gift={sent.data} voucherName={voucher.template.name} /> : <Skeleton shape="block" height="6rem" />}
      <Button variant="secondary" block loading={cancel.isPending} onClick={() => setConfirming(true)}>
        {t('vouchers.gift.takeBack')}
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={t('vouchers.gift.takeBackTitle')}
          message={t('vouchers.gift.takeBackMessage')}
          confirmLabel={t('vouchers.gift.takeBack')}
          cancelLabel={t('vouchers.redeem.cancel')}
          busy={cancel.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                toast.success(t('vouchers.gift.takenBack'));
              },
              onError: (error) => {
                setConfirming(false);
                const message = describeApiError(error);
                if (message) toast.error(message);
              },
            })
          }
        />
      ) : null}
    </section>
  );
}

/**
 * A voucher that is not the member's (anymore): when they gave it and the friend claimed it, say
 * so and when; otherwise it was never theirs to see.
 */
export function VoucherGone({ voucherId, error }: { voucherId: string; error: unknown }) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const sent = useSentGift(voucherId, { fresh: true });
  if (sent.isPending || (sent.isFetching && sent.data?.status !== 'claimed')) return <Skeleton shape="block" height="12rem" />;
  const claimed = sent.data?.status === 'claimed' ? sent.data : null;
  return (
    <EmptyState
      illustration={<GiftIllustration />}
      title={claimed ? t('vouchers.gift.claimedTitle') : t('vouchers.detail.missingTitle')}
      message={claimed?.claimedAt ? t('vouchers.gift.claimedMessage', { phone: claimed.recipientPhone, date: dates.moment(claimed.claimedAt) }) : (describeApiError(error) ?? '')}
      action={<ButtonLink to={paths.egifts.href()}>{t('vouchers.stack.backToWallet')}</ButtonLink>}
    />
  );
}
