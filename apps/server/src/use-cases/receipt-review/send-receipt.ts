import type { Receipt, ReceiptCampaign } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { getMemberCard } from '../../modules/card-access/card-access.service.ts';
import type { CardRow } from '../../modules/card-access/cards.table.ts';
import { getProgram } from '../../modules/programs/programs.service.ts';
import { getRunningCampaign, listCardReceipts, submitReceipt, type ReceiptSummary } from '../../modules/receipts/receipts.service.ts';
import type { ReceiptCampaignRow } from '../../modules/receipts/receipts.table.ts';

/*
 * A member sends a photo of a receipt (business-rules §1 claim receipt codes, §5, §9): to a
 * receipt campaign of the card's program, or to the program's own review; the merchant reviews it
 * within 2×24 working hours. docs/decisions/046-scanning.md.
 */

async function activeMemberCard(options: { db: Database; merchantId: number; userId: string; cardId: string }): Promise<CardRow> {
  const card = await getMemberCard(options);
  if (card.status !== 'active') throw new AppError('CARD_NOT_ACTIVE');
  return card;
}

/** The campaign of this code, running, for a card of its program (business-rules §8 wrong program for receipt codes). */
async function campaignForCard({ db, merchantId, card, code, now }: { db: Database; merchantId: number; card: CardRow; code: string; now: Date }): Promise<ReceiptCampaignRow> {
  const campaign = await getRunningCampaign({ db, merchantId, code, now });
  if (campaign.programId !== card.programId) throw new AppError('CODE_WRONG_PROGRAM');
  return campaign;
}

export async function receiptCampaignForCard({ db, merchantId, userId, cardId, code, now }: { db: Database; merchantId: number; userId: string; cardId: string; code: string; now: Date }): Promise<ReceiptCampaign> {
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const campaign = await campaignForCard({ db, merchantId, card, code, now });
  const { program } = await getProgram({ db, merchantId, programId: card.programId });
  return { code: campaign.code, name: campaign.name, description: campaign.description, programName: program.name, startsAt: campaign.startsAt.toISOString(), endsAt: campaign.endsAt.toISOString() };
}

function receiptOf(receipt: ReceiptSummary, unit: Receipt['unit'], campaign: ReceiptCampaignRow | undefined): Receipt {
  return {
    id: receipt.id,
    cardId: receipt.cardId,
    status: receipt.status,
    campaign: campaign ? { code: campaign.code, name: campaign.name } : null,
    submittedAt: receipt.submittedAt.toISOString(),
    reviewedAt: receipt.reviewedAt?.toISOString() ?? null,
    earned: receipt.earned === null ? null : toJsonNumber(receipt.earned),
    unit,
    note: receipt.note,
  };
}

export async function sendReceipt({
  db,
  merchantId,
  userId,
  cardId,
  code,
  bytes,
  now,
}: {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
  code: string | undefined;
  bytes: Buffer;
  now: Date;
}): Promise<Receipt> {
  const card = await activeMemberCard({ db, merchantId, userId, cardId });
  const campaign = code === undefined ? undefined : await campaignForCard({ db, merchantId, card, code, now });
  const receipt = await submitReceipt({ db, merchantId, userId, cardId: card.id, programId: card.programId, campaignId: campaign?.id ?? null, bytes, now });
  const { program } = await getProgram({ db, merchantId, programId: card.programId });
  return receiptOf(receipt, program.unit, campaign);
}

export async function cardReceipts({ db, merchantId, userId, cardId }: { db: Database; merchantId: number; userId: string; cardId: string }): Promise<Receipt[]> {
  const card = await getMemberCard({ db, merchantId, userId, cardId });
  const [{ receipts, campaigns }, { program }] = await Promise.all([listCardReceipts({ db, merchantId, cardId: card.id }), getProgram({ db, merchantId, programId: card.programId })]);
  return receipts.map((receipt) => receiptOf(receipt, program.unit, receipt.campaignId ? campaigns.get(receipt.campaignId) : undefined));
}
