import {
  cardDetailSchema,
  giftCardChargeSchema,
  giftCardSchema,
  transactionSchema,
  type CardDetail,
  type CardListItem,
  type GiftCard,
  type GiftCardCharge,
  type Transaction,
} from '@kartu/contracts';

/** Contract-shaped answers for page tests; override only what the test is about. */
export function cardListItem(overrides: Partial<CardListItem> = {}): CardListItem {
  return {
    id: 'card00000000000000000001',
    walletId: 'w1',
    type: 'loyalty',
    no: '6012345678901234',
    status: 'active',
    isCardActive: true,
    programId: '6f1c2d3e-0000-4000-8000-000000000001',
    programName: 'Kopi Senja Rewards',
    programType: 'points',
    iconUrl: null,
    cardArt: null,
    balance: { amount: 1250, unit: 'POINT' },
    level: { name: 'Silver', color: '#9e9e9e' },
    hidden: false,
    archived: false,
    ...overrides,
  };
}

const level = (name: string, color: string, experience: number, isActive = false) => ({ name, color, experience, retentionExperience: 0, isActive });

export function cardDetail(overrides: Partial<CardDetail> = {}): CardDetail {
  return {
    id: 'card00000000000000000001',
    no: '6012345678901234',
    isCardActive: true,
    status: 'active',
    validTill: null,
    programType: 'points',
    subscription: null,
    cardProgram: { iconUrl: null, cardArt: null, programId: '6f1c2d3e-0000-4000-8000-000000000001', programName: 'Kopi Senja Rewards' },
    merchant: { brand: 'Kopi Senja', id: 42, countryCode: 'ID' },
    customer: { id: 'u-7' },
    customerData: { email: null, phone: '+6281211112222', name: 'Rani' },
    visualAttributes: { showTransactionHistory: true, showTransferPoint: true, showClaimRewards: true, showLevels: true },
    menus: ['transaction-history', 'transfer-point', 'claim-rewards', 'levels'],
    currency: { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' },
    isBalanceStamps: false,
    isFixedAddress: false,
    fixedAddressDetail: null,
    balance: { amount: 1250, unit: 'POINT', expiring: [] },
    levels: [level('Bronze', '#cd7f32', 0), level('Silver', '#9e9e9e', 500, true), level('Gold', '#ffd700', 2000)],
    levelProgress: { lifetimeExperience: 800, earnedInRetentionPeriod: 800, retentionPeriodDays: 365, current: level('Silver', '#9e9e9e', 500, true), next: level('Gold', '#ffd700', 2000), progress: 0.2 },
    registration: { required: false, completed: false, form: [] },
    hidden: false,
    archived: false,
    claimableRewards: 0,
    ...overrides,
  };
}

/** The card the activity pages' tests open. */
export const cardId = 'c0ffee00c0ffee00c0ffee01';

export function cardFixture(overrides: Partial<CardDetail> = {}): CardDetail {
  const levels = [
    { name: 'Bronze', color: '#b87333', isActive: false, experience: 0, retentionExperience: 0 },
    { name: 'Silver', color: '#a8a9ad', isActive: true, experience: 500, retentionExperience: 300 },
    { name: 'Gold', color: '#d4af37', isActive: false, experience: 2000, retentionExperience: 1500 },
  ];
  // The card page's fixture, with what the activity pages' tests count on.
  return cardDetailSchema.parse(
    cardDetail({
      id: cardId,
      no: '1234567812345678',
      cardProgram: { iconUrl: null, cardArt: null, programId: 'prg-7', programName: 'Kopi Senja Rewards' },
      customer: { id: 'u-100' },
      customerData: { email: null, phone: '081234567890', name: 'Sari' },
      levels,
      levelProgress: { lifetimeExperience: 1250, earnedInRetentionPeriod: 400, retentionPeriodDays: 365, current: levels[1] ?? null, next: levels[2] ?? null, progress: 0.5 },
      registration: { required: false, completed: true, form: [] },
      claimableRewards: 1,
      ...overrides,
    }),
  );
}

export function transactionFixture(overrides: Partial<Transaction> & Pick<Transaction, 'id'>): Transaction {
  return transactionSchema.parse({
    kind: 'earn',
    facts: { kind: 'purchase', billNumber: null },
    amount: 100,
    unit: 'POINT',
    reference: null,
    occurredAt: '2025-03-01T05:00:00.000Z',
    counterparty: null,
    ...overrides,
  });
}

export const cardPath = `/api/v2/cards/${cardId}`;

/* Gift cards: a card of an `egift` program, as the card page and the gift card answer tell it. */

export const giftCardId = 'g1f7ca4d00000000000000a1';
export const giftCardPath = `/api/v2/gift-cards/${giftCardId}`;
const rupiah = { code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' };

export function giftCardDetail(overrides: Partial<CardDetail> = {}): CardDetail {
  return cardDetailSchema.parse(
    cardDetail({
      id: giftCardId,
      no: '6012000011112222',
      programType: 'egift',
      cardProgram: { iconUrl: null, cardArt: null, programId: 'prg-gift', programName: 'Kopi Senja Gift Card' },
      visualAttributes: { showTransactionHistory: true },
      menus: ['transaction-history'],
      currency: rupiah,
      balance: { amount: 65000, unit: 'CASH', expiring: [] },
      levels: [],
      levelProgress: { lifetimeExperience: 0, earnedInRetentionPeriod: 0, retentionPeriodDays: 365, current: null, next: null, progress: 0 },
      ...overrides,
    }),
  );
}

export function giftCardChargeFixture(overrides: Partial<GiftCardCharge> & Pick<GiftCardCharge, 'id'>): GiftCardCharge {
  return giftCardChargeSchema.parse({
    amount: 35000,
    outlet: { id: 'out-1', name: 'Kopi Senja Senayan' },
    cashier: null,
    channel: 'till',
    reference: 'SNY-0412',
    chargedAt: '2026-11-19T03:15:00.000Z',
    voidedAt: null,
    ...overrides,
  });
}

export function giftCardFixture(overrides: Partial<GiftCard> = {}): GiftCard {
  return giftCardSchema.parse({
    cardId: giftCardId,
    number: '6012000011112222',
    programName: 'Kopi Senja Gift Card',
    currency: rupiah,
    faceValue: 100000,
    balance: 65000,
    payCode: 'K7QM3PX9ABCDE',
    activatedAt: '2026-11-17T03:00:00.000Z',
    isUsable: true,
    charges: [giftCardChargeFixture({ id: '5c3e2a10-0000-4000-8000-000000000001' })],
    ...overrides,
  });
}
