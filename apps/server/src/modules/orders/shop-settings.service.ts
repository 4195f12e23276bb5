import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { regenciesOf } from '../geography/areas.ts';
import type { FeeRule } from '../../lib/fee-lines.ts';
import { getProgram } from '../programs/programs.service.ts';
import { findDistributor, findShopSettings, insertDistributor, saveShopSettings, setDistributorActive, upsertPromotion } from './orders.repository.ts';
import { promoCodeOf } from './promotions.ts';
import type { DeliveryOptionSetting, DistributorRow, NewDistributorRow, PromotionRow, ShopSettingsRow } from './orders.table.ts';

/*
 * How a program's shop delivers and charges, and where its orders are picked up: the operator's
 * settings (kartu programs shop, kartu distributors), read by every checkout (decision 023).
 */

export interface ShopSettingsChanges {
  /** Minor units a missing point is paid with; null stops mixed payments. */
  pointValueMinor?: bigint | null;
  /** Regency and city codes ('31.74'); null delivers everywhere. */
  coveredRegencyCodes?: string[] | null;
  deliveryOptions?: DeliveryOptionSetting[];
  feeRules?: FeeRule[];
}

/** Refuses a code that names no regency or city of the area data. */
async function assertRegencies(codes: readonly string[]): Promise<void> {
  for (const code of codes) {
    const province = code.split('.')[0] ?? '';
    const known = /^\d{2}\.\d{2}$/.test(code) && ((await regenciesOf(province)) ?? []).some((regency) => regency.code === code);
    if (!known) throw new AppError('VALIDATION_FAILED', { message: `${code} is not a regency or city code (like 31.74)` });
  }
}

/** What one point of the program is worth in minor currency units, where its shop sets a value; else null. */
export async function getPointValue(db: Database, programId: string): Promise<bigint | null> {
  return (await findShopSettings(db, programId))?.pointValueMinor ?? null;
}

/** Changes what is given of a program's shop settings, keeping the rest; answers them as saved. */
export async function setShopSettings({ db, merchantId, programId, changes, now }: { db: Database; merchantId: number; programId: string; changes: ShopSettingsChanges; now: Date }): Promise<ShopSettingsRow> {
  const { program } = await getProgram({ db, merchantId, programId });
  if (changes.coveredRegencyCodes) await assertRegencies(changes.coveredRegencyCodes);
  const methods = (changes.deliveryOptions ?? []).map((option) => option.method);
  if (new Set(methods).size !== methods.length) throw new AppError('VALIDATION_FAILED', { message: 'Each delivery option may be given once' });
  const current = await findShopSettings(db, program.id);
  const saved: ShopSettingsRow = {
    programId: program.id,
    merchantId: program.merchantId,
    pointValueMinor: changes.pointValueMinor === undefined ? (current?.pointValueMinor ?? null) : changes.pointValueMinor,
    coveredRegencyCodes: changes.coveredRegencyCodes === undefined ? (current?.coveredRegencyCodes ?? null) : changes.coveredRegencyCodes,
    deliveryOptions: changes.deliveryOptions ?? current?.deliveryOptions ?? [],
    feeRules: changes.feeRules ?? current?.feeRules ?? [],
    updatedAt: now,
  };
  await saveShopSettings(db, saved);
  return saved;
}

/** A pickup point of the program. */
export async function addDistributor({ db, distributor }: { db: Database; distributor: NewDistributorRow }): Promise<DistributorRow> {
  await getProgram({ db, merchantId: distributor.merchantId, programId: distributor.programId });
  return insertDistributor(db, distributor);
}

/** Takes a pickup point out of the checkout; the orders that name it keep it. */
export async function retireDistributor({ db, merchantId, programId, distributorId }: { db: Database; merchantId: number; programId: string; distributorId: string }): Promise<void> {
  const found = isUuid(distributorId) ? await findDistributor(db, { merchantId, programId, distributorId }) : undefined;
  if (!found) throw new AppError('DISTRIBUTOR_NOT_FOUND');
  await setDistributorActive(db, found.id, false);
}

export interface PromotionInput {
  code: string;
  kind: PromotionRow['kind'];
  /** Basis points for a share, points or minor units otherwise. */
  value: bigint;
  minimumPoints: bigint | null;
  minimumMinor: bigint | null;
  startsAt: Date | null;
  endsAt: Date | null;
  isActive: boolean;
}

/** Makes or changes the program's promo of this code (in capitals). */
export async function savePromotion({ db, merchantId, programId, promotion }: { db: Database; merchantId: number; programId: string; promotion: PromotionInput }): Promise<PromotionRow> {
  await getProgram({ db, merchantId, programId });
  const code = promoCodeOf(promotion.code);
  if (!/^[A-Z0-9-]{3,40}$/.test(code)) throw new AppError('VALIDATION_FAILED', { message: 'A promo code is 3 to 40 letters, digits or dashes' });
  if (promotion.value <= 0n || (promotion.kind === 'percent' && promotion.value > 10_000n)) throw new AppError('VALIDATION_FAILED', { message: 'A promo takes off more than nothing, and a share at most 100%' });
  if (promotion.startsAt && promotion.endsAt && promotion.endsAt <= promotion.startsAt) throw new AppError('VALIDATION_FAILED', { message: 'A promo ends after it starts' });
  return upsertPromotion(db, { merchantId, programId, ...promotion, code });
}
