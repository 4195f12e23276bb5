import { DAY_MS } from '@kartu/core/calendar';
import { RECEIPTS_PER_DAY, type IntegrationReceipt, type ReceiptCampaignBody } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { fitImage } from '../media/image-variants.ts';
import {
  countReceiptsSince,
  findCampaignByCode,
  findCampaignsByIds,
  findCardReceipts,
  findMerchantReceipts,
  findReceipt,
  findReceiptFile,
  insertCampaign,
  insertReceipt,
  listCampaignsWithCounts,
  saveReview,
  type ReceiptSummary,
} from './receipts.repository.ts';
import type { ReceiptCampaignRow } from './receipts.table.ts';

export type { ReceiptSummary };

/** A receipt stays readable at this size, as a payment proof does. */
const receiptMaxSide = 2000;

export async function createReceiptCampaign({ db, merchantId, body, now }: { db: Database; merchantId: number; body: Required<ReceiptCampaignBody>; now: Date }): Promise<ReceiptCampaignRow> {
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (endsAt <= startsAt) throw new AppError('VALIDATION_FAILED', { message: 'endsAt must be after startsAt', details: [{ field: 'body.endsAt', rule: 'after_start', message: 'endsAt must be after startsAt' }] });
  const campaign = await insertCampaign(db, { merchantId, programId: body.programId, code: body.code.toUpperCase(), name: body.name, description: body.description, startsAt, endsAt, createdAt: now });
  if (!campaign) throw new AppError('CONFLICT', { message: 'This merchant has a receipt campaign with this code already' });
  return campaign;
}

export async function listReceiptCampaigns(db: Database, merchantId: number) {
  return listCampaignsWithCounts(db, merchantId);
}

/** The merchant's campaign with this code, running now: not started is inactive, ended is expired (business-rules §4). */
export async function getRunningCampaign({ db, merchantId, code, now }: { db: Database; merchantId: number; code: string; now: Date }): Promise<ReceiptCampaignRow> {
  const campaign = await findReceiptCampaign({ db, merchantId, code });
  if (!campaign) throw new AppError('RECEIPT_CAMPAIGN_NOT_FOUND');
  if (now < campaign.startsAt) throw new AppError('CODE_INACTIVE');
  if (now >= campaign.endsAt) throw new AppError('CODE_EXPIRED');
  return campaign;
}

export async function findReceiptCampaign({ db, merchantId, code }: { db: Database; merchantId: number; code: string }): Promise<ReceiptCampaignRow | undefined> {
  const normalised = code.trim().toUpperCase();
  return /^[A-Z0-9-]{3,32}$/.test(normalised) ? findCampaignByCode(db, { merchantId, code: normalised }) : undefined;
}

export interface SubmitReceiptOptions {
  db: Database;
  merchantId: number;
  userId: string;
  cardId: string;
  programId: string;
  campaignId: string | null;
  /** The photo as uploaded: checked by its content and re-encoded here. */
  bytes: Buffer;
  now: Date;
}

/** Keeps a member's receipt photo for review; at most RECEIPTS_PER_DAY a member in any 24 hours. */
export async function submitReceipt({ db, merchantId, userId, cardId, programId, campaignId, bytes, now }: SubmitReceiptOptions): Promise<ReceiptSummary> {
  const sent = await countReceiptsSince(db, { merchantId, userId, since: new Date(now.getTime() - DAY_MS) });
  if (sent >= RECEIPTS_PER_DAY) throw new AppError('RECEIPT_DAILY_LIMIT');
  const image = await fitImage({ bytes, maxSide: receiptMaxSide });
  return insertReceipt(db, { merchantId, userId, cardId, programId, campaignId, contentType: image.contentType, bytes: image.bytes, byteLength: image.bytes.length, submittedAt: now });
}

export async function listCardReceipts({ db, merchantId, cardId }: { db: Database; merchantId: number; cardId: string }): Promise<{ receipts: ReceiptSummary[]; campaigns: Map<string, ReceiptCampaignRow> }> {
  const receipts = await findCardReceipts(db, { merchantId, cardId, limit: 50 });
  const campaignIds = [...new Set(receipts.flatMap((receipt) => (receipt.campaignId ? [receipt.campaignId] : [])))];
  const campaigns = await findCampaignsByIds(db, campaignIds);
  return { receipts, campaigns: new Map(campaigns.map((campaign) => [campaign.id, campaign])) };
}

export async function listMerchantReceipts({ db, merchantId, status }: { db: Database; merchantId: number; status: ReceiptSummary['status'] }): Promise<ReceiptSummary[]> {
  return findMerchantReceipts(db, { merchantId, status, limit: 200 });
}

export async function getMerchantReceipt({ db, merchantId, receiptId, lock = false }: { db: Database; merchantId: number; receiptId: string; lock?: boolean }): Promise<ReceiptSummary> {
  const receipt = isUuid(receiptId) ? await findReceipt(db, { merchantId, id: receiptId, lock }) : undefined;
  if (!receipt) throw new AppError('RECEIPT_NOT_FOUND');
  return receipt;
}

/** A receipt still waiting for review, locked for its review: one review wins. */
export async function lockReceiptToReview({ db, merchantId, receiptId }: { db: Database; merchantId: number; receiptId: string }): Promise<ReceiptSummary> {
  const receipt = await getMerchantReceipt({ db, merchantId, receiptId, lock: true });
  if (receipt.status !== 'submitted') throw new AppError('RECEIPT_ALREADY_REVIEWED');
  return receipt;
}

export async function getReceiptFile({ db, merchantId, receiptId }: { db: Database; merchantId: number; receiptId: string }): Promise<{ contentType: string; bytes: Buffer }> {
  const file = isUuid(receiptId) ? await findReceiptFile(db, { merchantId, id: receiptId }) : undefined;
  if (!file) throw new AppError('RECEIPT_NOT_FOUND');
  return file;
}

export async function recordReceiptReview(
  db: Database,
  review: { id: string; status: 'approved' | 'rejected'; reviewedAt: Date; amount: bigint | null; billNumber: string | null; earned: bigint | null; entryId: string | null; note: string | null },
): Promise<ReceiptSummary> {
  return saveReview(db, review);
}

export function integrationReceiptOf(receipt: ReceiptSummary, { cardNumber, campaignCode }: { cardNumber: string; campaignCode: string | null }): IntegrationReceipt {
  return {
    id: receipt.id,
    status: receipt.status,
    programId: receipt.programId,
    cardNumber,
    campaignCode,
    contentType: receipt.contentType,
    byteLength: receipt.byteLength,
    submittedAt: receipt.submittedAt.toISOString(),
    reviewedAt: receipt.reviewedAt?.toISOString() ?? null,
    amount: receipt.amount === null ? null : Number(receipt.amount),
    billNumber: receipt.billNumber,
    earned: receipt.earned === null ? null : Number(receipt.earned),
    note: receipt.note,
  };
}

export async function findReceiptCampaignById(db: Database, id: string): Promise<ReceiptCampaignRow | undefined> {
  const [campaign] = await findCampaignsByIds(db, [id]);
  return campaign;
}
