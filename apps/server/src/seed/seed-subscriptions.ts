import { DAY_MS } from '@kartu/core/calendar';
import type { Database } from '../db/database.ts';
import { setMerchantBankAccount } from '../modules/payments/payments.service.ts';
import { addMonths } from '../modules/subscriptions/subscription-state.ts';
import { subscriptionCharges, subscriptionPlans, subscriptions, type NewSubscriptionPlanRow } from '../modules/subscriptions/subscriptions.table.ts';
import { demoCardId, demoCardNumbers, demoMember, demoProgramIds, insertCards, upsertProgram, type SeedCardsOptions } from './seed-cards.ts';

/*
 * The subscription demo (README "Demo data"): Kopi Senja Club, a paid membership with a monthly and
 * a yearly plan; Rani's Club card, whose month ran out five days ago; Club cards to add; and a bank
 * account its members pay manual transfers into.
 */

export const demoPlanIds = {
  clubMonthly: '5eed0000-0000-4000-8000-000000000101',
  clubYearly: '5eed0000-0000-4000-8000-000000000102',
} as const;

/** Kopi Senja's own account for manual transfers (a made-up number). */
export const kopiSenjaBankAccount = { bank: 'BCA', accountNumber: '8730456789', accountName: 'PT Kopi Senja Nusantara' } as const;

const raniSubscriptionId = '5eed0000-0000-4000-8000-000000000201';

function plans(merchantId: number): (NewSubscriptionPlanRow & { id: string })[] {
  const base = { merchantId, programId: demoProgramIds.kopiSenjaClub, currency: 'IDR', status: 'active' as const };
  return [
    {
      ...base,
      id: demoPlanIds.clubMonthly,
      name: 'Monthly',
      description: 'A free Kopi Susu Senja every week, 10% off every order, and early access to new drinks.',
      durationMonths: 1,
      priceMinor: 49_000n,
      autoRenewDefault: false,
      sortOrder: 1,
      feeRules: [
        { type: 'admin', fixedMinor: 2_500 },
        { type: 'tax', basisPoints: 1_100 },
        { type: 'convenience', basisPoints: 150, methods: ['credit_card'] },
      ],
    },
    {
      ...base,
      id: demoPlanIds.clubYearly,
      name: 'Yearly',
      description: 'Everything in Monthly for twelve months, two months free, and a Kopi Senja tumbler.',
      durationMonths: 12,
      priceMinor: 490_000n,
      autoRenewDefault: true,
      sortOrder: 2,
      feeRules: [
        { type: 'tax', basisPoints: 1_100 },
        { type: 'convenience', basisPoints: 150, methods: ['credit_card'] },
      ],
    },
  ];
}

export async function seedKopiSenjaClub(tx: Database, merchantId: number, { now }: SeedCardsOptions): Promise<void> {
  await upsertProgram(
    tx,
    {
      id: demoProgramIds.kopiSenjaClub,
      merchantId,
      name: 'Kopi Senja Club',
      type: 'subscription',
      unit: 'POINT',
      iconUrl: '/brand/kopi-senja.svg',
      earnRateNumerator: 1n,
      earnRateDenominator: 10_000n,
      expiryPolicy: 'none',
      visualAttributes: { showBtnShop: true, showTransactionHistory: true, showLevels: true },
      menus: [
        { key: 'transaction-history', label: 'Transaction history' },
        { key: 'levels', label: 'Levels' },
      ],
    },
    [],
    now,
  );
  for (const plan of plans(merchantId)) {
    const { id: _id, ...fields } = plan;
    await tx.insert(subscriptionPlans).values(plan).onConflictDoUpdate({ target: subscriptionPlans.id, set: fields });
  }
  // Members may also pay by manual transfer into this account; its provider stays the deployment's default.
  await setMerchantBankAccount({ db: tx, merchantId, account: kopiSenjaBankAccount, now });
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const rani = await demoMember(tx, { merchantId, phone: '+6281211112222', name: 'Rani Saputra', now: daysAgo(120) });
  const club = (number: string, extra: { ownerUserId?: string } = {}) => ({
    id: demoCardId(number),
    number,
    merchantId,
    programId: demoProgramIds.kopiSenjaClub,
    createdAt: daysAgo(40),
    updatedAt: daysAgo(40),
    ...extra,
  });
  await insertCards(tx, [club(demoCardNumbers.raniClub, { ownerUserId: rani }), ...demoCardNumbers.clubFree.map((number) => club(number))]);

  // Rani paid for a month about 35 days ago by virtual account and did not renew: her Club card has expired.
  const inserted = await tx
    .insert(subscriptions)
    .values({
      id: raniSubscriptionId,
      merchantId,
      userId: rani,
      cardId: demoCardId(demoCardNumbers.raniClub),
      programId: demoProgramIds.kopiSenjaClub,
      planId: demoPlanIds.clubMonthly,
      status: 'expired',
      periodStartsAt: daysAgo(35),
      periodEndsAt: addMonths(daysAgo(35), 1),
      lastBilledAt: daysAgo(35),
      createdAt: daysAgo(35),
      updatedAt: daysAgo(5),
    })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (inserted.length === 0) return;
  await tx.insert(subscriptionCharges).values({
    merchantId,
    subscriptionId: raniSubscriptionId,
    planId: demoPlanIds.clubMonthly,
    kind: 'new',
    autoRenew: false,
    amountMinor: 56_890n,
    currency: 'IDR',
    status: 'paid',
    periodStartsAt: daysAgo(35),
    periodEndsAt: addMonths(daysAgo(35), 1),
    createdAt: daysAgo(35),
    settledAt: daysAgo(35),
  });
}
