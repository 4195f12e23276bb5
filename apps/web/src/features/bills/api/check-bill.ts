import { useMutation } from '@tanstack/react-query';
import { billQuoteAnswerSchema, type BillCheckBody, type BillQuote } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardBillsApiPath } from './bill-keys.ts';

/**
 * POST /api/v2/cards/{cardId}/bills/check: whom the bill or product is for, the amount and what the
 * card would spend, held 15 minutes. 422 BILL_NOT_FOUND, BILL_PHONE_OPERATOR, BILLER_CLOSED,
 * BILL_TOO_MANY_MONTHS, CARD_NOT_ACTIVE; 404 BILL_PRODUCT_NOT_FOUND; 503 BILLER_UNAVAILABLE.
 */
export async function checkBill(options: { cardId: string; body: BillCheckBody }): Promise<BillQuote> {
  return (await api.post(`${cardBillsApiPath(options.cardId)}/check`, { body: options.body, schema: billQuoteAnswerSchema })).data;
}

/** A check keeps nothing on the card: it is asked again whenever the member changes what to pay. */
export function useCheckBill(cardId: string) {
  return useMutation({ mutationFn: (body: BillCheckBody) => checkBill({ cardId, body }) });
}
