import { maskRecipientPhone } from '@kartu/core/masking';
import { isValidPhone, toInternational } from '@kartu/core/phone';
import type { QrisWalletLink, QrisWalletLinkBody } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteWalletLink, findQrisPayment, findWalletLink, insertQrisPayment, settlePendingQrisPayment, updateQrisPayment, upsertWalletLink } from './qris-payments.repository.ts';
import type { QrisPaymentRow, QrisWalletLinkRow, qrisPayments } from './qris-payments.table.ts';

/*
 * QRIS payments (docs/decisions/046-scanning.md): the member's linked e-wallet, and each payment to
 * a QRIS merchant with its state. How it is paid (a payment intent, a ledger entry) is the pay-qris
 * use case's.
 */

function linkOf(link: QrisWalletLinkRow): QrisWalletLink {
  return { wallet: link.wallet, phone: maskRecipientPhone(link.phone, '62'), linkedAt: link.linkedAt.toISOString() };
}

export async function getWalletLink({ db, merchantId, userId }: { db: Database; merchantId: number; userId: string }): Promise<QrisWalletLink | null> {
  const link = await findWalletLink(db, { merchantId, userId });
  return link ? linkOf(link) : null;
}

/** Links (or changes) the member's wallet; the phone must be an Indonesian mobile number, as every QRIS wallet's is. */
export async function linkWallet({ db, merchantId, userId, body, now }: { db: Database; merchantId: number; userId: string; body: QrisWalletLinkBody; now: Date }): Promise<QrisWalletLink> {
  if (!isValidPhone(body.phone, { dialCode: '62', region: 'ID' })) {
    throw new AppError('VALIDATION_FAILED', { message: 'Invalid phone number, please try again', details: [{ field: 'body.phone', rule: 'phone', message: 'Invalid phone number, please try again' }] });
  }
  return linkOf(await upsertWalletLink(db, { merchantId, userId, wallet: body.wallet, phone: toInternational(body.phone, '62'), linkedAt: now }));
}

export async function unlinkWallet({ db, merchantId, userId }: { db: Database; merchantId: number; userId: string }): Promise<void> {
  await deleteWalletLink(db, { merchantId, userId });
}

export async function hasWalletLink({ db, merchantId, userId }: { db: Database; merchantId: number; userId: string }): Promise<boolean> {
  return (await findWalletLink(db, { merchantId, userId })) !== undefined;
}

export async function recordQrisPayment(db: Database, row: typeof qrisPayments.$inferInsert): Promise<QrisPaymentRow> {
  return insertQrisPayment(db, row);
}

export async function attachPaymentRecord(db: Database, id: string, set: Parameters<typeof updateQrisPayment>[2]): Promise<QrisPaymentRow> {
  const payment = await updateQrisPayment(db, id, set);
  if (!payment) throw new Error('The QRIS payment was not found');
  return payment;
}

export async function settleQrisPayment(db: Database, settlement: { id: string; status: 'paid' | 'expired' | 'failed'; paidAt: Date | null }): Promise<QrisPaymentRow | undefined> {
  return settlePendingQrisPayment(db, settlement);
}

/** The member's payment on this card; anyone else's is not found. */
export async function getMemberQrisPayment({ db, merchantId, userId, cardId, paymentId }: { db: Database; merchantId: number; userId: string; cardId: string; paymentId: string }): Promise<QrisPaymentRow> {
  const payment = isUuid(paymentId) ? await findQrisPayment(db, { merchantId, id: paymentId }) : undefined;
  if (!payment || payment.userId !== userId || payment.cardId !== cardId) throw new AppError('PAYMENT_NOT_FOUND');
  return payment;
}

export async function findQrisPaymentById(db: Database, { merchantId, id }: { merchantId: number; id: string }): Promise<QrisPaymentRow | undefined> {
  return findQrisPayment(db, { merchantId, id });
}
