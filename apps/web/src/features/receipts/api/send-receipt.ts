import { useMutation, useQueryClient } from '@tanstack/react-query';
import { receiptAnswerSchema, type Receipt } from '@kartu/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { campaignRefusalCodes } from '../receipt-campaign-refusal.ts';
import { cardReceiptsApiPath, receiptKeys } from '../receipt-keys.ts';

export interface SendReceiptOptions {
  cardId: string;
  /** The photo, sent as it is: its type (image/jpeg or image/png) is the Content-Type. */
  image: Blob;
  /** The receipt campaign's code; none sends to the card program's own review. */
  code?: string;
}

/**
 * POST /api/v2/cards/{cardId}/receipts[?code=] with the image as the body → 201, the receipt in
 * review. 413 over 10 MB, 415 UNSUPPORTED_MEDIA_TYPE, 429 RECEIPT_DAILY_LIMIT, 422 CARD_NOT_ACTIVE,
 * and the campaign's refusals (404 RECEIPT_CAMPAIGN_NOT_FOUND, 422 CODE_INACTIVE, CODE_EXPIRED, CODE_WRONG_PROGRAM).
 */
export async function sendReceipt({ cardId, image, code }: SendReceiptOptions): Promise<Receipt> {
  return (await api.post(cardReceiptsApiPath(cardId), { file: image, query: { code }, schema: receiptAnswerSchema })).data;
}

export function useSendReceipt(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, code }: Omit<SendReceiptOptions, 'cardId'>) => sendReceipt({ cardId, image, code }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: receiptKeys.list(cardId) }),
    // The campaign ended or changed since the page read it: read it again, so the page says why.
    onError: (error, { code }) => {
      if (code === undefined || !(error instanceof ApiError) || !campaignRefusalCodes.has(error.code)) return;
      return queryClient.invalidateQueries({ queryKey: receiptKeys.campaign(cardId, code) });
    },
  });
}
