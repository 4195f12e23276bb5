import { useId, type ReactNode } from 'react';
import type { ReceiptCampaign } from '@kartu/contracts';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ClockIllustration, LostIllustration } from '../../../components/ui/status-illustrations.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { describeApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useDates } from '../../../lib/use-dates.ts';
import type { CampaignRefusal } from '../receipt-campaign-refusal.ts';

/**
 * The campaign's last day. Whether the server writes its end as the last moment or as the next
 * day's first, a millisecond before it is the last day either way.
 */
const lastMomentOf = (endsAt: string) => new Date(Date.parse(endsAt) - 1).toISOString();

/** A code not yet or no longer open is a matter of time; the others, of the wrong code. */
const pictureOf: Record<CampaignRefusal, () => ReactNode> = {
  RECEIPT_CAMPAIGN_NOT_FOUND: LostIllustration,
  CODE_INACTIVE: ClockIllustration,
  CODE_EXPIRED: ClockIllustration,
  CODE_WRONG_PROGRAM: LostIllustration,
};

/** The campaign the receipt goes to: its name, what it is about, and the day it takes receipts until. */
export function ReceiptCampaignPanel({ campaign }: { campaign: ReceiptCampaign }) {
  const { t } = useTranslation('receipts');
  const dates = useDates();
  const headingId = useId();
  return (
    <section className="receipt-campaign" aria-labelledby={headingId}>
      <h2 id={headingId} className="receipt-campaign__name">
        {campaign.name}
      </h2>
      {campaign.description ? <p className="receipt-campaign__description">{campaign.description}</p> : null}
      <p className="receipt-campaign__ends">
        <time dateTime={campaign.endsAt}>{t('campaign.ends', { date: dates.day(lastMomentOf(campaign.endsAt)) })}</time>
      </p>
    </section>
  );
}

export function ReceiptCampaignSkeleton() {
  const { t } = useTranslation('receipts');
  return (
    <LoadingRegion label={t('campaign.loading')}>
      <Skeleton shape="block" height="7rem" />
    </LoadingRegion>
  );
}

/** spec: business-rules §8 code states: why this code takes no receipt, and the way back to the card. */
export function ReceiptCampaignRefused({ refusal, code, cardId }: { refusal: CampaignRefusal; code: string; cardId: string }) {
  const { t } = useTranslation('receipts');
  const headingId = useId();
  const Picture = pictureOf[refusal];
  return (
    <section className="receipt-campaign receipt-campaign--refused" aria-labelledby={headingId}>
      <div className="receipt-campaign__picture" aria-hidden="true">
        <Picture />
      </div>
      <div role="alert" className="receipt-campaign__refusal">
        <h2 id={headingId} className="receipt-campaign__name">
          {t(`campaign.refused.${refusal}.title`)}
        </h2>
        <p>{t(`campaign.refused.${refusal}.message`, { code })}</p>
      </div>
      <ButtonLink block to={paths.cardDetail.href({ cardId })}>
        {t('campaign.backToCard')}
      </ButtonLink>
    </section>
  );
}

/** A campaign that could not be read (no answer, a server fault): why, and a way to try again. */
export function ReceiptCampaignLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('receipts');
  return (
    <div role="alert" className="receipt-campaign receipt-campaign--failed">
      <p>{describeApiError(error) ?? t('campaign.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('campaign.retry')}
      </Button>
    </div>
  );
}
