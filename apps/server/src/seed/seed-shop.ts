import type { Database } from '../db/database.ts';
import { distributors, type NewDistributorRow } from '../modules/orders/orders.table.ts';
import { saveShopSettings, upsertPromotion } from '../modules/orders/orders.repository.ts';
import { demoProgramIds } from './seed-cards.ts';

/*
 * The checkout demo (README "Demo data"): how Kopi Senja Rewards delivers (free by courier across
 * Greater Jakarta, within 1 or 6 hours near its outlets), what a point is worth when a card lacks
 * some, and the outlets orders can be picked up at.
 */

/** Greater Jakarta: the five cities of DKI Jakarta, Bogor, Depok, Tangerang and Bekasi. */
const greaterJakarta = ['31.71', '31.72', '31.73', '31.74', '31.75', '32.01', '32.71', '32.75', '32.76', '36.03', '36.71', '36.74'];

const demoDistributors: (Omit<NewDistributorRow, 'merchantId' | 'programId'> & { id: string })[] = [
  {
    id: '5eed0000-0000-4000-8000-000000000501',
    name: 'Kopi Senja Senayan',
    address: 'Jl. Asia Afrika No. 8, Gelora, Tanah Abang, Jakarta Pusat 10270',
    phone: '+6281234500077',
    openingHours: 'Every day 07:00–22:00',
    latitude: -6.2183,
    longitude: 106.8022,
    sortOrder: 1,
  },
  {
    id: '5eed0000-0000-4000-8000-000000000502',
    name: 'Kopi Senja Kemang',
    address: 'Jl. Kemang Raya No. 21, Bangka, Mampang Prapatan, Jakarta Selatan 12730',
    phone: '+6281234500078',
    openingHours: 'Mon–Fri 08:00–21:00, Sat–Sun 09:00–23:00',
    latitude: -6.2608,
    longitude: 106.8142,
    sortOrder: 2,
  },
];

export async function seedKopiSenjaShop(tx: Database, merchantId: number): Promise<void> {
  const programId = demoProgramIds.kopiSenjaRewards;
  await saveShopSettings(tx, {
    programId,
    merchantId,
    pointValueMinor: 100n,
    coveredRegencyCodes: greaterJakarta,
    deliveryOptions: [
      { method: 'courier', feeMinor: 0 },
      { method: 'same_day', feeMinor: 10_000, maxDistanceKm: 25 },
      // A motorbike courier: near an outlet, and up to 3 kg of goods.
      { method: 'instant', feeMinor: 15_000, maxDistanceKm: 10, maxWeightGrams: 3_000 },
    ],
    feeRules: [
      { type: 'application', fixedMinor: 1_000 },
      { type: 'admin', fixedMinor: 2_500, methods: ['credit_card'] },
    ],
    updatedAt: new Date(),
  });
  // 10% off physical items from 1,500 points of them.
  await upsertPromotion(tx, { merchantId, programId, code: 'SENJA10', kind: 'percent', value: 1_000n, minimumPoints: 1_500n });
  for (const { id, ...distributor } of demoDistributors) {
    await tx
      .insert(distributors)
      .values({ id, merchantId, programId, ...distributor })
      .onConflictDoUpdate({ target: distributors.id, set: distributor });
  }
}
