import type { BlobStore } from '../modules/storage/blob-store.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { changeTags, publishAfterCommit } from '../lib/change-feed.ts';
import { generateMaskedId } from '../modules/auth/auth.crypto.ts';
import { hashPin } from '../modules/auth/pin-hash.ts';
import { users } from '../modules/auth/users.table.ts';
import { hashActivationCode } from '../modules/cards/activation-code.ts';
import { cards, type NewCardRow } from '../modules/card-access/cards.table.ts';
import { cardRewards, programRewards, type NewProgramRewardRow } from '../modules/cards/rewards.table.ts';
import { grantProgramReward } from '../modules/cards/rewards.service.ts';
import { claimReward } from '../use-cases/claim-reward/claim-reward.ts';
import { ledgerAccounts } from '../modules/ledger/accounts.table.ts';
import { earn, redeem, transfer } from '../modules/ledger/points.service.ts';
import { pointsForSpend } from '../modules/programs/earn-rate.ts';
import { programLevels, programs, type NewProgramLevelRow, type NewProgramRow } from '../modules/programs/programs.table.ts';
import { DAY_MS } from '@kartu/core/calendar';
import { demoCardArtFiles, seedCardArt } from './seed-images.ts';
import { getCard } from '../modules/card-access/card-access.service.ts';

/*
 * The cards demo (README "Demo data"): programs with their card art, two members of Kopi Senja
 * with their cards and history, and issued cards nobody owns yet for trying "add card". Fixed ids and numbers make it
 * idempotent: programs and levels are refreshed, members and cards are only ever created once, and
 * a member's history is written only while the card has none.
 */

export interface SeedCardsOptions {
  now: Date;
  activationCodeKey: string;
  productPictures: boolean;
  blobs: BlobStore | null;
  outletCodeKey: string;
  /** Key the demo's printed codes are hashed under: the server's, or the demo codes will not match. */
  uniqueCodeKey: string;
}

export const demoPin = '123456';

/** What Rani says of herself: on her card's registration form and on her profile (seed-profile.ts). */
export const raniProfile = { name: 'Rani Saputra', email: 'rani.saputra@example.com', birthday: '1994-08-17', gender: 'female' } as const;

export const demoProgramIds = {
  kopiSenjaRewards: '5eed0000-0000-4000-8000-000000000001',
  kopiStamps: '5eed0000-0000-4000-8000-000000000002',
  luminaGlow: '5eed0000-0000-4000-8000-000000000003',
  kopiSenjaClub: '5eed0000-0000-4000-8000-000000000004',
} as const;

/** 16-digit numbers with a valid Luhn check digit, named in the README. */
export const demoCardNumbers = {
  raniPoints: '6001010000000013',
  budiPoints: '6001010000000021',
  raniStamps: '6001020000000012',
  /** Kopi Senja Rewards cards nobody owns yet; the last one needs activation code 1234. */
  kopiSenjaFree: ['6001010000001011', '6001010000001029', '6001010000001037', '6001010000001045', '6001010000001052'],
  luminaFree: ['6002010000001010', '6002010000001028', '6002010000001036'],
  /** Kopi Senja Club (the subscription program): Rani's, whose subscription has expired, and cards to add. */
  raniClub: '6001030000000011',
  clubFree: ['6001030000001019', '6001030000001027', '6001030000001035'],
} as const;
export const demoActivationCode = { number: '6001010000001052', code: '1234' } as const;

/** 'demo0000' and the card number: 24 lowercase characters, as card ids are. */
export const demoCardId = (number: string) => `demo0000${number}`;

export async function upsertProgram(tx: Database, program: NewProgramRow & { id: string }, levels: Omit<NewProgramLevelRow, 'programId'>[], now: Date) {
  const { id, ...fields } = program;
  await tx
    .insert(programs)
    .values({ ...program, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: programs.id, set: { ...fields, updatedAt: sql`now()` } });
  for (const level of levels) {
    await tx
      .insert(programLevels)
      .values({ ...level, programId: id })
      .onConflictDoUpdate({ target: [programLevels.programId, programLevels.rank], set: level });
  }
  // A running server keeps program terms for a few seconds: a new seed's terms replace them at once.
  publishAfterCommit(tx, [changeTags.program(id)]);
}

async function upsertProgramReward(tx: Database, row: NewProgramRewardRow) {
  await tx
    .insert(programRewards)
    .values(row)
    .onConflictDoUpdate({ target: [programRewards.programId, programRewards.kind], set: { title: row.title, amount: row.amount } });
  publishAfterCommit(tx, [changeTags.program(row.programId)]);
}

export async function insertCards(tx: Database, rows: NewCardRow[]) {
  if (rows.length > 0) await tx.insert(cards).values(rows).onConflictDoNothing();
}

/** A demo member, created with a hashed PIN only the first time; trusted on no device. */
export async function demoMember(tx: Database, { merchantId, phone, name, now }: { merchantId: number; phone: string; name: string; now: Date }): Promise<string> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.phone, phone)));
  if (existing) return existing.id;
  const [created] = await tx
    .insert(users)
    .values({ merchantId, phone, name, maskedId: generateMaskedId(), country: 'ID', pinHash: await hashPin(demoPin), pinUpdatedAt: now, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  if (!created) throw new Error(`Could not create the demo member ${name}`);
  return created.id;
}

async function hasHistory(tx: Database, cardId: string): Promise<boolean> {
  const [account] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.cardId, cardId)).limit(1);
  return account !== undefined;
}

const kopiSenjaMenu = [
  { name: 'Kopi Susu Senja', price: 28_000 },
  { name: 'Es Kopi Aren', price: 32_000 },
  { name: 'Americano', price: 24_000 },
  { name: 'Cappuccino', price: 30_000 },
  { name: 'Matcha Latte', price: 35_000 },
  { name: 'Croissant', price: 25_000 },
  { name: 'Banana Bread', price: 22_000 },
] as const;
type MenuItem = (typeof kopiSenjaMenu)[number]['name'];

interface Purchase {
  daysAgo: number;
  items: Array<[MenuItem, number]>;
}

// Rani's last 90 days: about a purchase a week, enough for the Silver level.
const raniPurchases: Purchase[] = [
  { daysAgo: 88, items: [['Kopi Susu Senja', 2]] },
  { daysAgo: 81, items: [['Es Kopi Aren', 1], ['Croissant', 1]] },
  { daysAgo: 74, items: [['Americano', 1]] },
  { daysAgo: 66, items: [['Kopi Susu Senja', 3]] },
  { daysAgo: 59, items: [['Matcha Latte', 1], ['Banana Bread', 1]] },
  { daysAgo: 52, items: [['Es Kopi Aren', 2]] },
  { daysAgo: 45, items: [['Cappuccino', 1]] },
  { daysAgo: 37, items: [['Kopi Susu Senja', 4]] },
  { daysAgo: 29, items: [['Americano', 2]] },
  { daysAgo: 21, items: [['Es Kopi Aren', 1], ['Croissant', 2]] },
  { daysAgo: 12, items: [['Matcha Latte', 2]] },
  { daysAgo: 4, items: [['Cappuccino', 1], ['Banana Bread', 1]] },
];
const budiPurchases: Purchase[] = [
  { daysAgo: 70, items: [['Americano', 1]] },
  { daysAgo: 33, items: [['Kopi Susu Senja', 2]] },
  { daysAgo: 9, items: [['Es Kopi Aren', 1], ['Croissant', 1]] },
];

function priceOf(name: MenuItem): number {
  return kopiSenjaMenu.find((item) => item.name === name)?.price ?? 0;
}

/** An integration-style purchase: bill number, items, and the points its total earns (1 per Rp 1.000). */
function purchaseEntry({ daysAgo, items }: Purchase, now: Date, sequence: number) {
  const occurredAt = new Date(now.getTime() - daysAgo * DAY_MS);
  const total = items.reduce((sum, [name, quantity]) => sum + priceOf(name) * quantity, 0);
  const billNumber = `KS-${occurredAt.toISOString().slice(0, 10).replaceAll('-', '')}-${String(sequence).padStart(4, '0')}`;
  return {
    occurredAt,
    amount: pointsForSpend({ earnRateNumerator: 1n, earnRateDenominator: 1000n }, BigInt(total)),
    reference: billNumber,
    description: 'Purchase at Kopi Senja',
    metadata: { source: 'purchase', billNumber, items: items.map(([name, quantity]) => ({ name, quantity, price: priceOf(name) })) },
  };
}

async function seedKopiSenjaPrograms(tx: Database, merchantId: number, now: Date) {
  await upsertProgram(
    tx,
    {
      id: demoProgramIds.kopiSenjaRewards,
      merchantId,
      name: 'Kopi Senja Rewards',
      type: 'points',
      unit: 'POINT',
      iconUrl: '/brand/kopi-senja.svg',
      earnRateNumerator: 1n,
      earnRateDenominator: 1000n,
      expiryPolicy: 'rolling-days',
      expiryDays: 365,
      registrationForm: [
        { name: 'name', type: 'text', required: true },
        { name: 'birthday', type: 'date', required: true },
        { name: 'email', type: 'email', required: false },
      ],
      visualAttributes: {
        showBtnShop: true,
        showTransferPoint: true,
        showClaimRewards: true,
        showLevels: true,
        showTransactionHistory: true,
        showScanToEarn: true,
        showScanReceipt: true,
        showScanQris: true,
        showBills: true,
      },
      menus: [
        { key: 'transaction-history', label: 'Transaction history' },
        { key: 'scan-qris', label: 'Pay with QRIS' },
        { key: 'scan-to-earn', label: 'Scan to earn' },
        { key: 'scan-receipt', label: 'Claim points with a receipt' },
        { key: 'bills', label: 'Bills and top-ups' },
        { key: 'transfer-point', label: 'Transfer points' },
        { key: 'claim-rewards', label: 'Claim rewards' },
        { key: 'levels', label: 'Levels' },
      ],
    },
    [
      { name: 'Bronze', color: '#B87333', rank: 1, experience: 0n, retentionExperience: null },
      { name: 'Silver', color: '#A7A9AC', rank: 2, experience: 500n, retentionExperience: null },
      { name: 'Gold', color: '#D4AF37', rank: 3, experience: 2000n, retentionExperience: null },
    ],
    now,
  );
  await upsertProgramReward(tx, { merchantId, programId: demoProgramIds.kopiSenjaRewards, kind: 'welcome', title: 'Welcome bonus', amount: 50n });
  // 10 stamps earn a free drink at the counter; stamps never expire.
  await upsertProgram(
    tx,
    {
      id: demoProgramIds.kopiStamps,
      merchantId,
      name: 'Kopi Stamps',
      type: 'stamps',
      unit: 'STAMP',
      iconUrl: '/brand/kopi-senja.svg',
      earnRateNumerator: 1n,
      earnRateDenominator: 25_000n,
      expiryPolicy: 'none',
      visualAttributes: { showTransactionHistory: true },
      menus: [{ key: 'transaction-history', label: 'Transaction history' }],
    },
    [],
    now,
  );
}

/** Kopi Senja: both programs, Rani and Budi with their cards and history, and cards to add. */
export async function seedKopiSenjaCards(tx: Database, merchantId: number, { now, activationCodeKey, blobs }: SeedCardsOptions): Promise<void> {
  await seedKopiSenjaPrograms(tx, merchantId, now);
  // The program most demo cards belong to shows its card art on the wallet's tiles.
  await seedCardArt(tx, { merchantId, programId: demoProgramIds.kopiSenjaRewards, file: demoCardArtFiles.kopiSenja, blobs });
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const rani = await demoMember(tx, { merchantId, phone: '+6281211112222', name: 'Rani Saputra', now: daysAgo(120) });
  const budi = await demoMember(tx, { merchantId, phone: '+6281233334444', name: 'Budi Santoso', now: daysAgo(100) });
  const card = (number: string, programId: string, createdDaysAgo: number, extra: Partial<NewCardRow> = {}): NewCardRow => ({
    id: demoCardId(number),
    number,
    merchantId,
    programId,
    createdAt: daysAgo(createdDaysAgo),
    updatedAt: daysAgo(createdDaysAgo),
    ...extra,
  });
  const raniRegistration = { name: raniProfile.name, birthday: raniProfile.birthday, email: raniProfile.email };
  await insertCards(tx, [
    card(demoCardNumbers.raniPoints, demoProgramIds.kopiSenjaRewards, 90, { ownerUserId: rani, registeredData: raniRegistration }),
    card(demoCardNumbers.raniStamps, demoProgramIds.kopiStamps, 62, { ownerUserId: rani }),
    card(demoCardNumbers.budiPoints, demoProgramIds.kopiSenjaRewards, 75, { ownerUserId: budi }),
    ...demoCardNumbers.kopiSenjaFree.map((number) =>
      card(number, demoProgramIds.kopiSenjaRewards, 100, {
        activationCodeHash: number === demoActivationCode.number ? hashActivationCode(demoActivationCode.code, activationCodeKey) : null,
      }),
    ),
  ]);

  const raniCardId = demoCardId(demoCardNumbers.raniPoints);
  if (await hasHistory(tx, raniCardId)) return;
  const budiCardId = demoCardId(demoCardNumbers.budiPoints);
  const stampsCardId = demoCardId(demoCardNumbers.raniStamps);
  const [raniCard, budiCard, stampsCard] = await Promise.all([raniCardId, budiCardId, stampsCardId].map((cardId) => getCard({ db: tx, merchantId, cardId })));
  if (!raniCard || !budiCard || !stampsCard || raniCard.ownerUserId !== rani) return;

  // Every movement in time order, since spends consume the lots that earlier earns created.
  const movements: Array<{ at: Date; post: () => Promise<unknown> }> = [];
  raniPurchases.forEach((purchase, index) => {
    const entry = purchaseEntry(purchase, now, index + 1);
    movements.push({ at: entry.occurredAt, post: () => earn({ db: tx, merchantId, card: raniCard, now: entry.occurredAt, ...entry }) });
  });
  budiPurchases.forEach((purchase, index) => {
    const entry = purchaseEntry(purchase, now, 101 + index);
    movements.push({ at: entry.occurredAt, post: () => earn({ db: tx, merchantId, card: budiCard, now: entry.occurredAt, ...entry }) });
  });
  [60, 50, 40, 30, 20, 10].forEach((days, index) => {
    const at = daysAgo(days);
    const billNumber = `KS-${at.toISOString().slice(0, 10).replaceAll('-', '')}-${String(201 + index).padStart(4, '0')}`;
    const metadata = { source: 'purchase', billNumber, items: [{ name: 'Kopi Susu Senja', quantity: 1, price: 28_000 }] };
    movements.push({ at, post: () => earn({ db: tx, merchantId, card: stampsCard, now: at, amount: 1n, reference: billNumber, description: 'Stamp at Kopi Senja', metadata }) });
  });
  movements.push({ at: daysAgo(90), post: () => grantProgramReward({ db: tx, card: raniCard, kind: 'welcome', now: daysAgo(90) }) });
  movements.push({
    at: daysAgo(40),
    post: () => redeem({ db: tx, merchantId, card: raniCard, now: daysAgo(40), amount: 100n, reference: 'KS-RDM-0001', description: 'Free Kopi Susu Senja' }),
  });
  movements.push({
    at: daysAgo(27),
    post: async () => {
      const [reward] = await tx
        .insert(cardRewards)
        .values({ merchantId, cardId: raniCardId, kind: 'level-up', title: 'Silver level bonus', amount: 100n, grantedAt: daysAgo(29) })
        .returning({ id: cardRewards.id });
      if (reward) await claimReward({ db: tx, merchantId, userId: rani, rewardId: reward.id, now: daysAgo(27) });
    },
  });
  movements.push({
    at: daysAgo(15),
    post: () => transfer({ db: tx, merchantId, from: raniCard, to: budiCard, now: daysAgo(15), amount: 50n, description: 'For Budi' }),
  });
  // Her inbox tells of it (seed-inbox.ts).
  movements.push({
    at: daysAgo(8),
    post: () => transfer({ db: tx, merchantId, from: budiCard, to: raniCard, now: daysAgo(8), amount: 30n, description: 'Thanks for the coffee' }),
  });
  movements.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const movement of movements) await movement.post();
}

/** Lumina Beauty: a points program and cards nobody owns yet. */
export async function seedLuminaCards(tx: Database, merchantId: number, { now, blobs }: SeedCardsOptions): Promise<void> {
  await upsertProgram(
    tx,
    {
      id: demoProgramIds.luminaGlow,
      merchantId,
      name: 'Lumina Glow Points',
      type: 'points',
      unit: 'POINT',
      iconUrl: '/brand/lumina-beauty.svg',
      earnRateNumerator: 1n,
      earnRateDenominator: 10_000n,
      expiryPolicy: 'end-of-year',
      visualAttributes: { showTransferPoint: true, showTransactionHistory: true },
      menus: [
        { key: 'transaction-history', label: 'Transaction history' },
        { key: 'transfer-point', label: 'Transfer points' },
      ],
    },
    [],
    now,
  );
  await seedCardArt(tx, { merchantId, programId: demoProgramIds.luminaGlow, file: demoCardArtFiles.lumina, blobs });
  await insertCards(
    tx,
    demoCardNumbers.luminaFree.map((number) => ({ id: demoCardId(number), number, merchantId, programId: demoProgramIds.luminaGlow, createdAt: now, updatedAt: now })),
  );
}
