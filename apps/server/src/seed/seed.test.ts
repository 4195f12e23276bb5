import { listCardBanners } from '../modules/banners/banners.service.ts';
import { banners } from '../modules/banners/banners.table.ts';
import { featureLocks } from '../modules/features/feature-locks.table.ts';
import { referralCodes, referralPrograms, referrals } from '../modules/referrals/referrals.table.ts';
import { targetAchievements } from '../modules/targets/targets.table.ts';
import { missions, missionTasks } from '../modules/missions/missions.table.ts';
import { privileges } from '../modules/privileges/privileges.table.ts';
import { listFeatureEligibilities } from '../modules/features/features.service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { users } from '../modules/auth/users.table.ts';
import { verifyPinHash } from '../modules/auth/pin-hash.ts';
import { activationCodeKeyFor } from '../modules/cards/activation-code-key.ts';
import { activationCodeMatches } from '../modules/cards/activation-code.ts';
import { hasValidCheckDigit } from '../modules/cards/card-number.ts';
import { cards } from '../modules/card-access/cards.table.ts';
import { cardRewards } from '../modules/cards/rewards.table.ts';
import { memberAddresses } from '../modules/addresses/addresses.table.ts';
import { inboxMessages } from '../modules/inbox/inbox.table.ts';
import { vouchers } from '../modules/vouchers/vouchers.table.ts';
import { DAY_MS } from '@kartu/core/calendar';
import { catalogCategories, products } from '../modules/catalog/catalog.table.ts';
import { distributors, shopSettings } from '../modules/orders/orders.table.ts';
import { ledgerInvariantViolations, noViolations } from '../modules/ledger/ledger.test-support.ts';
import { getBalance, getLifetimeEarned } from '../modules/ledger/ledger.service.ts';
import { journalEntries, postings } from '../modules/ledger/journal.table.ts';
import { images, imageVariants } from '../modules/media/images.table.ts';
import { programLevels, programs } from '../modules/programs/programs.table.ts';
import { subscriptionPlans, subscriptions } from '../modules/subscriptions/subscriptions.table.ts';
import { merchants } from '../modules/tenancy/merchants.table.ts';
import { sites } from '../modules/tenancy/sites.table.ts';
import { createTestApp, merchantIdOf, type TestApp } from '../test/test-app.ts';
import { demoActivationCode, demoCardId, demoCardNumbers, demoPin, demoProgramIds, raniProfile } from './seed-cards.ts';
import { demoProducts } from './seed-catalog.ts';
import { demoInboxMessageIds } from './seed-inbox.ts';
import { isEmptyDatabase, seedDemo } from './seed.ts';
import { getCard } from '../modules/card-access/card-access.service.ts';
import { getCardSubscription } from '../modules/subscriptions/membership.service.ts';
import { countUnreadMessages, listInbox } from '../modules/inbox/inbox.service.ts';

let testApp: TestApp;
const activationCodeKey = 'seed-test-activation-key';

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const snapshotTables = {
  merchants,
  sites,
  programs,
  programLevels,
  cards,
  users,
  journalEntries,
  postings,
  cardRewards,
  images,
  imageVariants,
  subscriptionPlans,
  subscriptions,
  catalogCategories,
  products,
  memberAddresses,
  shopSettings,
  distributors,
  inboxMessages,
  featureLocks,
  banners,
  referralPrograms,
  referralCodes,
  referrals,
  targetAchievements,
  missions,
  missionTasks,
  privileges,
};

async function rowCount(
  table: (typeof snapshotTables)[keyof typeof snapshotTables],
) {
  const [row] = await testApp.db.select({ value: count() }).from(table);
  return row?.value;
}

async function snapshot() {
  const hosts = await testApp.db.select({ host: sites.host, merchantId: sites.merchantId }).from(sites).orderBy(sites.host);
  const counts = Object.fromEntries(await Promise.all(Object.entries(snapshotTables).map(async ([name, table]) => [name, await rowCount(table)] as const)));
  return { counts, hosts };
}

describe('seedDemo', () => {
  it('can run again and again without adding rows', async () => {
    const before = await snapshot();
    await seedDemo(testApp.db, { activationCodeKey, productPictures: false });
    await seedDemo(testApp.db, { activationCodeKey, productPictures: false });
    expect(await snapshot()).toEqual(before);
    expect(before.counts).toMatchObject({
      merchants: 3,
      programs: 5,
      programLevels: 3,
      // Agus and Dewi, Rani's friends, each hold a Kopi Senja Rewards card.
      cards: 18,
      users: 4,
      cardRewards: 2,
      // Card art, Rani's photo and the banners.
      images: 7,
      imageVariants: 14,
      subscriptionPlans: 2,
      subscriptions: 1,
      catalogCategories: 3,
      products: 15,
      memberAddresses: 1,
      shopSettings: 1,
      distributors: 2,
      inboxMessages: 6,
      featureLocks: 1,
      banners: 4,
      referralPrograms: 1,
      referralCodes: 1,
      referrals: 4,
      targetAchievements: 2,
      missions: 4,
      missionTasks: 6,
      privileges: 3,
    });
    expect(before.hosts.map((row) => row.host)).toEqual(['127.0.0.1', 'age.localhost', 'localhost', 'v2.localhost']);
  });

  it('gives the Kopi Senja Rewards and Lumina Glow programs their card art in both sizes', async () => {
    const rows = await testApp.db
      .select({ programId: programs.id, width: imageVariants.width, height: imageVariants.height })
      .from(programs)
      .innerJoin(imageVariants, eq(imageVariants.imageId, programs.cardArtImageId))
      .orderBy(programs.id, imageVariants.width);
    const sizes = [
      [343, 216],
      [686, 433],
    ];
    expect(rows.map((row) => [row.programId, row.width, row.height])).toEqual([
      ...sizes.map(([width, height]) => [demoProgramIds.kopiSenjaRewards, width, height]),
      ...sizes.map(([width, height]) => [demoProgramIds.luminaGlow, width, height]),
    ]);
  });

  it('draws every demo product a square picture in three sizes, once', async () => {
    await seedDemo(testApp.db, { activationCodeKey });
    const pictured = await testApp.db
      .select({ sku: products.sku, width: imageVariants.width, height: imageVariants.height })
      .from(products)
      .innerJoin(imageVariants, eq(imageVariants.imageId, products.imageId))
      .orderBy(products.sku, imageVariants.width);
    expect(pictured).toHaveLength(demoProducts.length * 3);
    expect(new Set(pictured.map((row) => `${row.width}x${row.height}`))).toEqual(new Set(['240x240', '480x480', '960x960']));
    const imagesBefore = await rowCount(images);
    await seedDemo(testApp.db, { activationCodeKey });
    expect(await rowCount(images)).toBe(imagesBefore);
  });

  it('gives the Kopi Senja catalog an exclusive category, a gold item, and stock from none to over 100', () => {
    const stocks = demoProducts.map((product) => product.stock ?? null);
    expect(demoProducts.length).toBeGreaterThanOrEqual(12);
    expect(stocks).toContain(0);
    expect(stocks.some((stock) => stock !== null && stock > 100)).toBe(true);
    expect(demoProducts.some((product) => product.isPreciousMetal && product.category === 'collector')).toBe(true);
    expect(new Set(demoProducts.map((product) => product.type))).toEqual(new Set(['physical', 'evoucher', 'meal', 'digital', 'custom_value']));
  });

  it('gives Kopi Senja Rewards its pickup points, each with a position the 1-hour and 6-hour deliveries measure from', async () => {
    const points = await testApp.db.select().from(distributors).orderBy(distributors.sortOrder);
    expect(points.map((point) => [point.programId, point.name, point.isActive])).toEqual([
      [demoProgramIds.kopiSenjaRewards, 'Kopi Senja Senayan', true],
      [demoProgramIds.kopiSenjaRewards, 'Kopi Senja Kemang', true],
    ]);
    for (const point of points) {
      expect(point.latitude, point.name).toBeTypeOf('number');
      expect(point.longitude, point.name).toBeTypeOf('number');
      expect(point.address, point.name).toMatch(/Jakarta/);
      expect(point.merchantId).toBe(await merchantIdOf(testApp.db));
    }
    const [settings] = await testApp.db.select().from(shopSettings).where(eq(shopSettings.programId, demoProgramIds.kopiSenjaRewards));
    expect(settings?.deliveryOptions).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'instant', maxDistanceKm: 10 }), expect.objectContaining({ method: 'same_day', maxDistanceKm: 25 })]));
  });

  it('leaves the database no longer empty', async () => {
    expect(await isEmptyDatabase(testApp.db)).toBe(false);
  });

  it('writes a ledger whose entries sum to zero and whose balances match their postings', async () => {
    expect(await ledgerInvariantViolations(testApp.db)).toEqual(noViolations);
  });

  it('gives Rani a Silver points card with 90 days of purchases, a redeem, transfers to and from Budi and a reward, and 6 stamps', async () => {
    const [kopiSenja] = await testApp.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.mid, 'KOPISENJA'));
    const merchantId = kopiSenja?.id ?? 0;
    const at = new Date();
    const cardOf = (number: string) => getCard({ db: testApp.db, merchantId, cardId: demoCardId(number) });
    const balanceOf = async (number: string) => getBalance({ db: testApp.db, card: await cardOf(number), now: at });
    // 736 points from 12 purchases + a 100-point level bonus + 30 from Budi + 100 for Agus's first purchase
    // (her referral commission), less a 100-point redeem, 50 sent to Budi and 265 for Telkomsel credit.
    expect(await balanceOf(demoCardNumbers.raniPoints)).toBe(551n);
    expect(await getLifetimeEarned({ db: testApp.db, card: await cardOf(demoCardNumbers.raniPoints) })).toBe(936n);
    expect(await balanceOf(demoCardNumbers.budiPoints)).toBe(157n);
    expect(await balanceOf(demoCardNumbers.raniStamps)).toBe(6n);
    const rewards = await testApp.db.select().from(cardRewards).where(eq(cardRewards.cardId, demoCardId(demoCardNumbers.raniPoints)));
    expect(rewards.map((reward) => [reward.kind, reward.status]).sort()).toEqual([
      ['level-up', 'claimed'],
      ['welcome', 'claimable'],
    ]);
  });

  it("gives Rani a Kopi Senja Club card whose subscription has expired, with two plans on sale", async () => {
    const merchantId = await merchantIdOf(testApp.db);
    const club = await getCardSubscription({ db: testApp.db, merchantId, cardId: demoCardId(demoCardNumbers.raniClub), now: new Date() });
    expect(club).toMatchObject({ isExpired: true, status: 'expired' });
    const plans = await testApp.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.programId, demoProgramIds.kopiSenjaClub));
    expect(plans.map((plan) => [plan.name, plan.priceMinor]).sort()).toEqual([
      ['Monthly', 49_000n],
      ['Yearly', 490_000n],
    ]);
  });

  it("gives Rani's inbox a message of each kind the demo holds, the three latest unread, and a reminder only of what lapses within a week", async () => {
    const merchantId = await merchantIdOf(testApp.db);
    const [rani] = await testApp.db.select().from(users).where(and(eq(users.merchantId, merchantId), eq(users.phone, '+6281211112222')));
    const inbox = { db: testApp.db, merchantId, userId: rani?.id ?? '' };
    const { data } = await listInbox({ ...inbox, limit: 50 });
    expect(data.map((message) => [message.id, message.facts.kind, message.readAt === null])).toEqual([
      [expect.any(String), 'voucher_expiring', true],
      [demoInboxMessageIds.weekendPromo, 'merchant', true],
      [demoInboxMessageIds.latestPurchase, 'points_earned', true],
      [demoInboxMessageIds.pointsFromBudi, 'transfer_received', false],
      [demoInboxMessageIds.clubPaid, 'payment_settled', false],
      [expect.any(String), 'reward_granted', false],
    ]);
    const pointsCardId = demoCardId(demoCardNumbers.raniPoints);
    expect(data[2]).toMatchObject({ cardId: pointsCardId, link: `/cards/${pointsCardId}`, facts: { points: 52, balance: 716 } });
    expect(data[3]?.facts).toEqual({ kind: 'transfer_received', points: 30, unit: 'POINT', senderName: 'Budi S.', programName: 'Kopi Senja Rewards' });
    expect(data[5]).toMatchObject({ cardId: pointsCardId, facts: { kind: 'reward_granted', reward: 'welcome', title: 'Welcome bonus', points: 50, unit: 'POINT', programName: 'Kopi Senja Rewards' } });
    // The butter croissant granted 10 days before the seed lapses 4 days after it: the reminder job, run as of the seed, told her.
    const [reminder] = data;
    const [croissant] = await testApp.db.select().from(vouchers).where(and(eq(vouchers.userId, rani?.id ?? ''), eq(vouchers.sourceId, 'demo-rani-croissant-lapsing')));
    expect(reminder).toMatchObject({ cardId: pointsCardId, link: `/egifts/details/${croissant?.id}`, facts: { voucherName: 'Butter croissant', expiresAt: croissant?.expiresAt.toISOString() } });
    expect(Date.parse(reminder?.facts.kind === 'voucher_expiring' ? reminder.facts.expiresAt : '') - Date.parse(reminder?.createdAt ?? '')).toBe(4 * DAY_MS);
    expect(await countUnreadMessages(inbox)).toBe(3);
  });

  it("fills in Rani's profile with her photo in the avatar's sizes, and a seed again keeps what she changed since", async () => {
    const merchantId = await merchantIdOf(testApp.db);
    const raniRow = async () => (await testApp.db.select().from(users).where(and(eq(users.merchantId, merchantId), eq(users.phone, '+6281211112222'))))[0];
    const rani = await raniRow();
    expect(rani).toMatchObject({ name: raniProfile.name, email: raniProfile.email, birthday: raniProfile.birthday, gender: raniProfile.gender });
    const photo = await testApp.db
      .select({ purpose: images.purpose, width: imageVariants.width })
      .from(images)
      .innerJoin(imageVariants, eq(imageVariants.imageId, images.id))
      .where(eq(images.id, rani?.photoImageId ?? ''))
      .orderBy(imageVariants.width);
    expect(photo).toEqual([
      { purpose: 'avatar', width: 96 },
      { purpose: 'avatar', width: 192 },
    ]);

    await testApp.db.update(users).set({ email: 'rani@example.com', gender: null }).where(eq(users.id, rani?.id ?? ''));
    await seedDemo(testApp.db, { activationCodeKey, productPictures: false });
    expect(await raniRow()).toMatchObject({ email: 'rani@example.com', gender: raniProfile.gender, photoImageId: rani?.photoImageId });
  });

  it("shows Rani two banners in her Kopi Senja Rewards card's row and two in-app banners, opening that card's shop", async () => {
    const merchantId = await merchantIdOf(testApp.db);
    const [rani] = await testApp.db.select().from(users).where(and(eq(users.merchantId, merchantId), eq(users.phone, '+6281211112222')));
    const cardId = demoCardId(demoCardNumbers.raniPoints);
    const showing = (placement: 'card' | 'in_app') => listCardBanners({ db: testApp.db, merchantId, userId: rani?.id ?? '', cardId, placement, now: testApp.clock.now() });
    const row = await showing('card');
    expect(row.map((banner) => banner.link)).toEqual([`/cards/${cardId}/catalogs`, `/cards/${cardId}/catalogs`]);
    expect(row.every((banner) => banner.image.width === 480 && banner.title.length > 0)).toBe(true);
    expect(await showing('in_app')).toHaveLength(2);
  });

  it('locks point transfers below Silver at Kopi Senja, which Rani has reached and Budi has not', async () => {
    const merchantId = await merchantIdOf(testApp.db);
    const memberOf = async (phone: string) => (await testApp.db.select().from(users).where(and(eq(users.merchantId, merchantId), eq(users.phone, phone))))[0]?.id ?? '';
    const transferOf = async (phone: string) =>
      (await listFeatureEligibilities({ db: testApp.db, merchantId, userId: await memberOf(phone), now: testApp.clock.now() })).find((item) => item.feature === 'transfer-point');
    expect(await transferOf('+6281211112222')).toMatchObject({ isLocked: false });
    expect(await transferOf('+6281233334444')).toMatchObject({ isLocked: true, unlock: { kind: 'level', levelName: 'Silver', cardId: demoCardId(demoCardNumbers.budiPoints) } });
  });

  it('uses valid Luhn numbers, the demo PIN, and stores the demo activation code only as a keyed hash', async () => {
    const all = [demoCardNumbers.raniPoints, demoCardNumbers.budiPoints, demoCardNumbers.raniStamps, ...demoCardNumbers.kopiSenjaFree, ...demoCardNumbers.luminaFree, demoCardNumbers.raniClub, ...demoCardNumbers.clubFree];
    expect(all.every(hasValidCheckDigit)).toBe(true);
    const [rani] = await testApp.db.select().from(users).where(eq(users.phone, '+6281211112222'));
    expect(await verifyPinHash(demoPin, rani?.pinHash ?? '')).toBe(true);
    const [locked] = await testApp.db.select().from(cards).where(eq(cards.number, demoActivationCode.number));
    expect(locked?.ownerUserId).toBeNull();
    // The first seed ran with the app's key; a later seed never rewrites an existing card.
    expect(activationCodeMatches(demoActivationCode.code, locked?.activationCodeHash ?? '', activationCodeKeyFor(testApp.env.CODE_SECRET))).toBe(true);
    expect(activationCodeMatches(demoActivationCode.code, locked?.activationCodeHash ?? '', activationCodeKey)).toBe(false);
    expect(locked?.activationCodeHash).not.toContain(demoActivationCode.code);
  });
});
