import type { IntegrationReceipt, ReceiptReviewBody } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getCard } from '../../modules/card-access/card-access.service.ts';
import { cardPagePath } from '../../modules/card-access/card-pages.ts';
import { leaveMessage } from '../../modules/inbox/inbox.service.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import { findReceiptCampaignById, getMerchantReceipt, integrationReceiptOf, listMerchantReceipts, lockReceiptToReview, recordReceiptReview, type ReceiptSummary } from '../../modules/receipts/receipts.service.ts';
import { recordPurchaseInTransaction } from '../record-purchase/record-purchase.ts';

/*
 * The merchant reviews a receipt (docs/decisions/046-scanning.md): approved, it is recorded as a
 * purchase of the card, under the receipt's own number or one made from its id, so it earns by the
 * program's rate once and counts toward spend tasks like a till's bill; rejected, the member is told
 * why. Either way the member gets one inbox message.
 */

export async function integrationReceiptsOf(db: Database, merchantId: number, receipts: ReceiptSummary[]): Promise<IntegrationReceipt[]> {
  return Promise.all(
    receipts.map(async (receipt) => {
      const [card, campaign] = await Promise.all([getCard({ db, merchantId, cardId: receipt.cardId }), receipt.campaignId ? findReceiptCampaignById(db, receipt.campaignId) : undefined]);
      return integrationReceiptOf(receipt, { cardNumber: card.number, campaignCode: campaign?.code ?? null });
    }),
  );
}

export async function merchantReceipts({ db, merchantId, status }: { db: Database; merchantId: number; status: ReceiptSummary['status'] }): Promise<IntegrationReceipt[]> {
  return integrationReceiptsOf(db, merchantId, await listMerchantReceipts({ db, merchantId, status }));
}

export async function merchantReceipt({ db, merchantId, receiptId }: { db: Database; merchantId: number; receiptId: string }): Promise<IntegrationReceipt> {
  const [receipt] = await integrationReceiptsOf(db, merchantId, [await getMerchantReceipt({ db, merchantId, receiptId })]);
  if (!receipt) throw new Error('The receipt was not found');
  return receipt;
}

export async function reviewReceipt({ tx, merchantId, receiptId, body, now }: { tx: Database; merchantId: number; receiptId: string; body: ReceiptReviewBody; now: Date }): Promise<IntegrationReceipt> {
  const receipt = await lockReceiptToReview({ db: tx, merchantId, receiptId });
  const card = await getCard({ db: tx, merchantId, cardId: receipt.cardId });
  const { program } = await getProgram({ db: tx, merchantId, programId: receipt.programId });
  const review =
    body.decision === 'approve'
      ? await (async () => {
          const billNumber = body.billNumber ?? `RECEIPT-${receipt.id}`;
          const amount = BigInt(body.amount);
          const purchase = await recordPurchaseInTransaction({ tx, merchantId, now, cardNumber: card.number, programId: receipt.programId, amount, billNumber, tell: false });
          return { status: 'approved', amount, billNumber, earned: purchase.earned, entryId: purchase.entryId, note: null } as const;
        })()
      : ({ status: 'rejected', amount: null, billNumber: null, earned: null, entryId: null, note: body.note } as const);
  const saved = await recordReceiptReview(tx, { id: receipt.id, reviewedAt: now, ...review });
  const userId = receipt.userId ?? card.ownerUserId;
  if (userId) {
    const facts = {
      kind: 'receipt_reviewed',
      decision: review.status,
      points: review.earned === null ? null : toJsonNumber(review.earned),
      unit: program.unit,
      note: review.note,
      programName: program.name,
    } as const;
    await leaveMessage(tx, { merchantId, userId, cardId: card.id, facts, link: cardPagePath(card.id), now });
  }
  const [answer] = await integrationReceiptsOf(tx, merchantId, [saved]);
  if (!answer) throw new Error('The receipt was not found');
  return answer;
}
