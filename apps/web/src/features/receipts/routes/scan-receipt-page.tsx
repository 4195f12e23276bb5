import { useNavigate, useParams } from 'react-router';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useReceiptCampaign } from '../api/get-receipt-campaign.ts';
import { useReceipts } from '../api/list-receipts.ts';
import { ReceiptCampaignLoadError, ReceiptCampaignPanel, ReceiptCampaignRefused, ReceiptCampaignSkeleton } from '../components/receipt-campaign.tsx';
import { ReceiptList } from '../components/receipt-list.tsx';
import { ReceiptSender } from '../components/receipt-sender.tsx';
import { campaignRefusalOf, isCardNotFound } from '../receipt-campaign-refusal.ts';
import '../receipts.css';

/**
 * '/cards/:cardId/scan-receipt/:code?' (app-core §2 scan-receipt/{code}; business-rules §1 claim
 * receipt codes): a photo of a receipt sent to the campaign of the code, or without one to the
 * card program's own review; under it, the card's receipts and where their review stands. Back
 * leads to the card, wherever the code was scanned from.
 */
export function ScanReceiptPage() {
  const { cardId = '', code } = useParams();
  const { t } = useTranslation('receipts');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const campaign = useReceiptCampaign(cardId, code);
  const receipts = useReceipts(cardId);
  if ((!campaign.data && isCardNotFound(campaign.error)) || (!receipts.data && isCardNotFound(receipts.error))) throw new PageNotFoundError(common('errors.CARD_NOT_FOUND'));
  // A refusal wins over a campaign read before: it ended, or changed, since (a send refused says so).
  const refusal = campaignRefusalOf(campaign.error);
  const canSend = code === undefined || (campaign.data !== undefined && refusal === null);

  return (
    <AppLayout header={<Header title={t('title')} subtitle={refusal ? undefined : campaign.data?.programName} onBack={() => void navigate(paths.cardDetail.href({ cardId }))} />}>
      <div className="receipts-page">
        {code === undefined ? (
          <p className="receipts-page__intro">{t('intro')}</p>
        ) : refusal ? (
          <ReceiptCampaignRefused refusal={refusal} code={code.toUpperCase()} cardId={cardId} />
        ) : campaign.data ? (
          <ReceiptCampaignPanel campaign={campaign.data} />
        ) : campaign.isError ? (
          <ReceiptCampaignLoadError error={campaign.error} onRetry={() => void campaign.refetch()} />
        ) : (
          <ReceiptCampaignSkeleton />
        )}
        {canSend ? <ReceiptSender cardId={cardId} code={code} /> : null}
        <ReceiptList receipts={receipts} />
      </div>
    </AppLayout>
  );
}
