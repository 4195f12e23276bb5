import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EarnCode } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { derivedKey } from '../../lib/secret-keys.ts';
import { findEarnCode, insertEarnCode, markEarnCodeClaimed } from './earn-codes.repository.ts';
import type { EarnCodeRow } from './earn-codes.table.ts';

/*
 * A till's scan-to-earn code (docs/decisions/046-scanning.md). The QR code holds
 * `KE1.<id>.<signature>`: the id of the purchase kept here, and an HMAC over the merchant and the
 * id, so a code cannot be made up or moved to another merchant, and holds no amount to edit.
 */

const PREFIX = 'KE1';
const SIGNATURE_BYTES = 16;

/** The key earn codes are signed with (lib/secret-keys.ts). */
export function earnCodeKeyFor(codeSecret: string | undefined): string {
  return derivedKey(codeSecret, 'earn codes').toString('base64url');
}

function signatureOf(key: string, merchantId: number, id: string): Buffer {
  return createHmac('sha256', key).update(`earn-code:${merchantId}:${id}`).digest().subarray(0, SIGNATURE_BYTES);
}

function idBytes(id: string): Buffer {
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function idOfBytes(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function earnCodeText(key: string, code: Pick<EarnCodeRow, 'merchantId' | 'id'>): string {
  return `${PREFIX}.${idBytes(code.id).toString('base64url')}.${signatureOf(key, code.merchantId, code.id).toString('base64url')}`;
}

export function looksLikeEarnCode(text: string): boolean {
  return text.startsWith(`${PREFIX}.`);
}

/** The id an earn code's text names, when its signature is this merchant's; undefined for anything else. */
export function verifiedEarnCodeId(key: string, merchantId: number, text: string): string | undefined {
  const [prefix, idPart, signaturePart, ...rest] = text.split('.');
  if (prefix !== PREFIX || !idPart || !signaturePart || rest.length > 0) return undefined;
  const bytes = Buffer.from(idPart, 'base64url');
  const signature = Buffer.from(signaturePart, 'base64url');
  if (bytes.length !== 16 || signature.length !== SIGNATURE_BYTES) return undefined;
  const id = idOfBytes(bytes);
  return timingSafeEqual(signature, signatureOf(key, merchantId, id)) ? id : undefined;
}

export async function createEarnCode({
  db,
  merchantId,
  programId,
  amount,
  billNumber,
  ttlSeconds,
  now,
}: {
  db: Database;
  merchantId: number;
  programId: string;
  amount: bigint;
  billNumber: string;
  ttlSeconds: number;
  now: Date;
}): Promise<EarnCodeRow> {
  const code = await insertEarnCode(db, { merchantId, programId, amount, billNumber, createdAt: now, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) });
  if (!code) throw new AppError('CONFLICT', { message: 'This bill number has an earn code already' });
  return code;
}

/** The merchant's earn code, locked for its claim: claimed or expired ones are refused with their state. */
export async function lockOpenEarnCode({ db, merchantId, id, now }: { db: Database; merchantId: number; id: string; now: Date }): Promise<EarnCodeRow> {
  const code = await findEarnCode(db, { merchantId, id, lock: true });
  // A signed id with no row: the merchant's code was deleted with its program.
  if (!code) throw new AppError('CODE_INVALID');
  if (code.claimedAt) throw new AppError('CODE_ALREADY_USED');
  if (now >= code.expiresAt) throw new AppError('CODE_EXPIRED');
  return code;
}

export async function recordEarnCodeClaim(db: Database, claim: { id: string; claimedBy: string; cardId: string; earned: bigint; claimedAt: Date }): Promise<void> {
  await markEarnCodeClaimed(db, claim);
}

export async function getEarnCode({ db, merchantId, id }: { db: Database; merchantId: number; id: string }): Promise<EarnCodeRow> {
  const code = /^[0-9a-f-]{36}$/i.test(id) ? await findEarnCode(db, { merchantId, id }) : undefined;
  if (!code) throw new AppError('NOT_FOUND', { message: 'No earn code of this merchant has this id' });
  return code;
}

export function earnCodeOf(code: EarnCodeRow, key: string, now: Date): EarnCode {
  return {
    id: code.id,
    programId: code.programId,
    billNumber: code.billNumber,
    amount: Number(code.amount),
    qrText: earnCodeText(key, code),
    status: code.claimedAt ? 'claimed' : now >= code.expiresAt ? 'expired' : 'open',
    expiresAt: code.expiresAt.toISOString(),
    claimedAt: code.claimedAt?.toISOString() ?? null,
    earned: code.earned === null ? null : Number(code.earned),
  };
}
