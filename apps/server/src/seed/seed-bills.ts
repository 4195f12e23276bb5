import { DAY_MS, MINUTE_MS } from '@kartu/core/calendar';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { billChecks, billPayments } from '../modules/bills/bills.table.ts';
import { getCard } from '../modules/card-access/card-access.service.ts';
import { redeem } from '../modules/ledger/points.service.ts';
import { merchantDayAt } from '../modules/tenancy/tenancy.service.ts';
import { demoCardId, demoCardNumbers, type SeedCardsOptions } from './seed-cards.ts';

/*
 * The bills demo (docs/decisions/047-bills.md, README "Demo data"): three days ago Rani bought
 * Telkomsel credit of Rp 25.000 with 265 of her points, and it went through with its serial number.
 * The catalog itself is the same for every merchant (bill-catalog.ts). Seeding again keeps it.
 */

const demoBill = { checkId: '5eed0000-0000-4000-8000-000000000161', paymentId: '5eed0000-0000-4000-8000-000000000162' } as const;

export async function seedKopiSenjaBills(tx: Database, merchantId: number, { now }: Pick<SeedCardsOptions, 'now'>): Promise<void> {
  const [existing] = await tx.select({ id: billPayments.id }).from(billPayments).where(eq(billPayments.id, demoBill.paymentId));
  if (existing) return;
  const card = await getCard({ db: tx, merchantId, cardId: demoCardId(demoCardNumbers.raniPoints) });
  if (!card.ownerUserId) return;
  const at = new Date(now.getTime() - 3 * DAY_MS);
  await tx.insert(billChecks).values({
    id: demoBill.checkId,
    merchantId,
    userId: card.ownerUserId,
    cardId: card.id,
    sku: 'telkomsel-credit-25',
    category: 'mobile_credit',
    customerNo: '081211112222',
    amount: 26_500n,
    adminFee: 0n,
    createdAt: at,
    expiresAt: new Date(at.getTime() + 15 * MINUTE_MS),
  });
  const entry = await redeem({ db: tx, now: at, merchantId, card, amount: 265n, reference: `bill:${demoBill.paymentId}`, description: 'Telkomsel Rp 25.000', metadata: { billPaymentId: demoBill.paymentId, sku: 'telkomsel-credit-25' } });
  await tx.insert(billPayments).values({
    id: demoBill.paymentId,
    merchantId,
    userId: card.ownerUserId,
    cardId: card.id,
    checkId: demoBill.checkId,
    sku: 'telkomsel-credit-25',
    category: 'mobile_credit',
    customerNo: '081211112222',
    amount: 26_500n,
    source: 'points',
    spent: 265n,
    spendEntryId: entry.id,
    status: 'success',
    provider: 'sandbox',
    providerCode: '00',
    serialNumber: '88041731520936318472',
    message: 'Transaksi Sukses',
    day: await merchantDayAt(tx, { merchantId, now: at }),
    createdAt: at,
    settledAt: new Date(at.getTime() + 2_000),
  });
}
