import { MINUTE_MS } from '@kartu/core/calendar';
import { QR_SCAN_LOCK_MINUTES, QR_SCAN_MAX_WRONG_TRIES, QRIS_MAX_AMOUNT } from '@kartu/core/constants';
import { parseQris } from '@kartu/core/qris';
import type { ScanAnswer } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNotLocked, guardedAttempt, type CheckOutcome } from '../../modules/attempts/attempt-lock.service.ts';
import { getMemberCard } from '../../modules/card-access/card-access.service.ts';
import { assertFeatureOpen } from '../../modules/features/features.service.ts';
import { looksLikeEarnCode, verifiedEarnCodeId } from '../../modules/scan/earn-codes.service.ts';
import { findReceiptCampaign, getRunningCampaign } from '../../modules/receipts/receipts.service.ts';
import { lockUniqueCode } from '../../modules/unique-codes/unique-codes.service.ts';
import { cardForCode } from './code-card.ts';
import { claimEarnCode } from './claim-earn-code.ts';
import { claimFoundCode } from './claim-unique-code.ts';

/*
 * One scanner for everything a member may point the camera at (app-core §2 /qrcode-scanner, §7
 * POST api/qr/scan; docs/decisions/046-scanning.md). A card number, a QRIS or a receipt campaign's
 * code is only read; a till's earn code or a printed code is claimed at once. A code that is none of these counts as a wrong
 * scan: the fifth in a row locks scanning for an hour (business-rules §4 wrong QR scan attempts).
 */

export interface ScanKeys {
  earnCodeKey: string;
  uniqueCodeKey: string;
}

export interface ScanOptions {
  db: Database;
  merchantId: number;
  userId: string;
  code: string;
  cardId?: string | undefined;
  keys: ScanKeys;
  now: Date;
}

const scanLock = { lockAt: QR_SCAN_MAX_WRONG_TRIES, lockMs: QR_SCAN_LOCK_MINUTES * MINUTE_MS } as const;

const CARD_NUMBER = /^\d{16}$/;
const ADD_CARD_PATH = /\/cards\/add\/(\d{16})\/?$/;

/**
 * What a QR code's text names: a link to this app gives its `code` query (the till's code opened by
 * the phone's own camera) or the card number of its add-card page; anything else is the text itself.
 */
export function scannedText(text: string): string {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    const cardNumber = ADD_CARD_PATH.exec(url.pathname)?.[1];
    if (cardNumber) return cardNumber;
    return url.searchParams.get('code')?.trim() || trimmed;
  } catch {
    return trimmed;
  }
}

function readQris(text: string): ScanAnswer {
  const parsed = parseQris(text);
  if (!parsed.ok) throw new AppError('QRIS_UNRECOGNISED');
  const { qris } = parsed;
  // spec: business-rules §9 QRIS maximum Rp 2,000,000 per transaction.
  if (qris.amount !== null && qris.amount > BigInt(QRIS_MAX_AMOUNT)) throw new AppError('QRIS_AMOUNT_TOO_HIGH');
  return { kind: 'qris', qris: { merchantName: qris.merchantName, merchantCity: qris.merchantCity, amount: qris.amount === null ? null : Number(qris.amount), qris: qris.payload } };
}

/** A claimable code: a till's signed earn code, or a printed code of one of the merchant's batches. */
async function claimScannedCode(tx: Database, { merchantId, userId, code, cardId, keys, now }: Omit<ScanOptions, 'db'>): Promise<CheckOutcome<ScanAnswer>> {
  const featureOpen = (feature: 'scan-to-earn' | 'scan-receipt') => assertFeatureOpen({ db: tx, merchantId, userId, feature, now });
  if (looksLikeEarnCode(code)) {
    const earnCodeId = verifiedEarnCodeId(keys.earnCodeKey, merchantId, code);
    if (!earnCodeId) return { kind: 'wrong' };
    await featureOpen('scan-to-earn');
    return { kind: 'pass', value: { kind: 'earn', earn: await claimEarnCode({ tx, merchantId, userId, earnCodeId, cardId, now }) } };
  }
  const campaign = await findReceiptCampaign({ db: tx, merchantId, code });
  if (campaign) {
    await featureOpen('scan-receipt');
    const running = await getRunningCampaign({ db: tx, merchantId, code: campaign.code, now });
    const card = await cardForCode({ db: tx, merchantId, userId, programId: running.programId, cardId });
    return { kind: 'pass', value: { kind: 'receipt', receipt: { code: running.code, cardId: card.id, campaignName: running.name } } };
  }
  const lookup = await lockUniqueCode({ db: tx, merchantId, code, key: keys.uniqueCodeKey });
  if (!lookup) return { kind: 'wrong' };
  await featureOpen('scan-to-earn');
  return { kind: 'pass', value: { kind: 'unique_code', claim: await claimFoundCode({ tx, lookup, userId, cardId, now }) } };
}

export async function scanCode(options: ScanOptions): Promise<ScanAnswer> {
  const { db, merchantId, userId, cardId, now } = options;
  const key = { merchantId, scope: 'qr-scan', subject: userId } as const;
  // The card the scanner was opened from must be the member's: a stranger's id is not found.
  if (cardId) await getMemberCard({ db, merchantId, userId, cardId });
  const code = scannedText(options.code);
  // While scanning is locked nothing is read, so a locked member cannot tell codes apart either.
  await assertNotLocked({ db, key, now, code: 'QR_LOCKED' });
  if (CARD_NUMBER.test(code)) return { kind: 'card', cardNumber: code };
  if (code.startsWith('000201')) {
    await assertFeatureOpen({ db, merchantId, userId, feature: 'scan-qris', now });
    return readQris(code);
  }
  return guardedAttempt<ScanAnswer>({
    db,
    key,
    now,
    ...scanLock,
    lockedCode: 'QR_LOCKED',
    wrong: (attemptsRemaining) => new AppError('QR_INVALID', { attemptsRemaining }),
    check: (tx) => claimScannedCode(tx, { ...options, code }),
  });
}
