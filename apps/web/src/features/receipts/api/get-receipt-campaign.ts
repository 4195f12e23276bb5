import { queryOptions, useQuery } from '@tanstack/react-query';
import { receiptCampaignAnswerSchema, type ReceiptCampaign } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { receiptKeys } from '../receipt-keys.ts';

/**
 * GET /api/v2/cards/{cardId}/receipt-campaigns/{code}: the campaign a receipt would be sent to;
 * 404 RECEIPT_CAMPAIGN_NOT_FOUND, 422 CODE_INACTIVE, CODE_EXPIRED or CODE_WRONG_PROGRAM, 404 CARD_NOT_FOUND.
 */
export async function getReceiptCampaign(options: { cardId: string; code: string; signal?: AbortSignal }): Promise<ReceiptCampaign> {
  const { cardId, code, signal } = options;
  const path = `/api/v2/cards/${encodeURIComponent(cardId)}/receipt-campaigns/${encodeURIComponent(code)}`;
  return (await api.get(path, { schema: receiptCampaignAnswerSchema, signal })).data;
}

export function receiptCampaignQueryOptions(cardId: string, code: string) {
  return queryOptions({ queryKey: receiptKeys.campaign(cardId, code), queryFn: ({ signal }) => getReceiptCampaign({ cardId, code, signal }) });
}

/** Read only when the address names a code: without one the receipt goes to the program's own review. */
export function useReceiptCampaign(cardId: string, code: string | undefined) {
  return useQuery({ ...receiptCampaignQueryOptions(cardId, code ?? ''), enabled: code !== undefined });
}
