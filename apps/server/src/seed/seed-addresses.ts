import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { memberAddresses, type NewMemberAddressRow } from '../modules/addresses/addresses.table.ts';
import { demoMember, type SeedCardsOptions } from './seed-cards.ts';

/*
 * The address demo: Rani's home in Kebayoran Baru, Jakarta Selatan, her primary delivery address.
 * The areas are written as the area data names them (areas.test.ts checks it), so
 * seeding never reads the area files.
 */

export const demoAddressId = '5eed0000-0000-4000-8000-000000000301';

export const raniHome = {
  type: 'home',
  recipientName: 'Rani Saputra',
  recipientPhone: '+6281211112222',
  countryCode: 'ID',
  provinceCode: '31',
  provinceName: 'DKI Jakarta',
  regencyCode: '31.74',
  regencyName: 'Kota Administrasi Jakarta Selatan',
  districtCode: '31.74.07',
  districtName: 'Kebayoran Baru',
  villageCode: '31.74.07.1001',
  villageName: 'Melawai',
  fullAddress: 'Jl. Melawai Raya No. 18, RT 001/RW 001',
  zip: '12160',
  note: 'Green gate next to the pharmacy',
  latitude: -6.2443,
  longitude: 106.7997,
} as const satisfies Partial<NewMemberAddressRow>;

export async function seedKopiSenjaAddresses(tx: Database, merchantId: number, { now }: Pick<SeedCardsOptions, 'now'>): Promise<void> {
  const rani = await demoMember(tx, { merchantId, phone: '+6281211112222', name: 'Rani Saputra', now });
  // Primary unless she has chosen another address since: a member has one primary address at most.
  const [primary] = await tx
    .select({ id: memberAddresses.id })
    .from(memberAddresses)
    .where(and(eq(memberAddresses.userId, rani), eq(memberAddresses.isPrimary, true)));
  const isPrimary = !primary || primary.id === demoAddressId;
  await tx
    .insert(memberAddresses)
    .values({ id: demoAddressId, merchantId, userId: rani, ...raniHome, isPrimary, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: memberAddresses.id, set: { ...raniHome, updatedAt: now } });
}
