import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashOutletCode } from './outlet-code-key.ts';
import { countStoreVisits, findCashier, findCashierByCodeHash, findOutlet, findOutletByCodeHash, insertCashier, insertOutlet, insertStoreVisit, upsertOutlet } from './outlets.repository.ts';
import type { CashierRow, OutletRow, StoreVisitRow } from './outlets.table.ts';

/** Outlet and cashier codes: 4 to 12 letters or digits, typed by staff on a member's phone. */
function assertCode(code: string): string {
  const trimmed = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,12}$/.test(trimmed)) throw new AppError('VALIDATION_FAILED', { message: 'A code is 4 to 12 letters or digits' });
  return trimmed;
}

export async function createOutlet({ db, merchantId, name, code, requiresCashierCode, codeKey, id }: { db: Database; merchantId: number; name: string; code: string; requiresCashierCode: boolean; codeKey: string; id?: string }): Promise<OutletRow> {
  const values = { merchantId, name: name.trim(), codeHash: hashOutletCode(assertCode(code), codeKey), requiresCashierCode };
  if (!values.name || values.name.length > 100) throw new AppError('VALIDATION_FAILED', { message: 'An outlet needs a name of 1 to 100 characters' });
  return id ? upsertOutlet(db, { id, ...values }) : insertOutlet(db, values);
}

export async function addCashier({ db, merchantId, outletId, name, code, codeKey }: { db: Database; merchantId: number; outletId: string; name: string; code: string; codeKey: string }): Promise<CashierRow> {
  const outlet = isUuid(outletId) ? await findOutlet(db, { merchantId, outletId }) : undefined;
  if (!outlet) throw new AppError('NOT_FOUND', { message: 'Outlet not found' });
  return insertCashier(db, { merchantId, outletId: outlet.id, name: name.trim(), codeHash: hashOutletCode(assertCode(code), codeKey) });
}

/** The merchant's active outlet of this code, if any. */
export async function outletOfCode(db: Database, { merchantId, code, codeKey }: { merchantId: number; code: string; codeKey: string }): Promise<OutletRow | undefined> {
  return findOutletByCodeHash(db, { merchantId, codeHash: hashOutletCode(code, codeKey) });
}

export async function cashierOfCode(db: Database, { outletId, code, codeKey }: { outletId: string; code: string; codeKey: string }): Promise<CashierRow | undefined> {
  return findCashierByCodeHash(db, { outletId, codeHash: hashOutletCode(code, codeKey) });
}

export async function getOutlet(db: Database, { merchantId, outletId }: { merchantId: number; outletId: string }): Promise<OutletRow> {
  const outlet = isUuid(outletId) ? await findOutlet(db, { merchantId, outletId }) : undefined;
  if (!outlet || !outlet.isActive) throw new AppError('NOT_FOUND', { message: 'Outlet not found' });
  return outlet;
}

/**
 * The outlet whose code staff typed on a member's phone, with the cashier where the outlet asks for
 * one; undefined when either code is wrong (the caller counts it as a wrong attempt).
 */
export async function staffOfCodes(
  db: Database,
  { merchantId, outletCode, cashierCode, codeKey }: { merchantId: number; outletCode: string; cashierCode: string | undefined; codeKey: string },
): Promise<{ outlet: OutletRow; cashier: CashierRow | null } | undefined> {
  const outlet = await outletOfCode(db, { merchantId, code: outletCode, codeKey });
  if (!outlet) return undefined;
  if (!outlet.requiresCashierCode) return { outlet, cashier: null };
  const cashier = cashierCode ? await cashierOfCode(db, { outletId: outlet.id, code: cashierCode, codeKey }) : undefined;
  return cashier ? { outlet, cashier } : undefined;
}

/** A cashier of the merchant by id, for the records of what they did; undefined when unknown. */
export async function findCashierOf(db: Database, { merchantId, cashierId }: { merchantId: number; cashierId: string }): Promise<CashierRow | undefined> {
  return findCashier(db, { merchantId, cashierId });
}

/** Records the member's visit to a store; undefined when this store's visit of `visitDay` was recorded already. */
export async function recordStoreVisit(db: Database, visit: { merchantId: number; outletId: string; userId: string; cardId: string; visitDay: string; visitedAt: Date }): Promise<StoreVisitRow | undefined> {
  return insertStoreVisit(db, visit);
}

/** The member's store visits in [from, to): one a store and day. */
export async function storeVisitsBetween(db: Database, scope: { merchantId: number; userId: string; from: Date; to: Date }): Promise<number> {
  return countStoreVisits(db, scope);
}

