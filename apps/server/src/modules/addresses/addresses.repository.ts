import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../auth/users.table.ts';
import { memberAddresses, type MemberAddressRow, type NewMemberAddressRow } from './addresses.table.ts';

/** Whose addresses: every query names the merchant and the member. */
export interface AddressOwner {
  merchantId: number;
  userId: string;
}

const ownedBy = ({ merchantId, userId }: AddressOwner) => and(eq(memberAddresses.merchantId, merchantId), eq(memberAddresses.userId, userId));
const byId = (owner: AddressOwner, addressId: string) => and(ownedBy(owner), eq(memberAddresses.id, addressId));

/**
 * Holds the member's row until the transaction ends, so that two writes to one member's addresses
 * (two "add" taps at once) count and choose the primary address one after the other. The weaker
 * lock still lets other rows reference the member meanwhile.
 */
export async function lockOwner(tx: Database, owner: AddressOwner): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.merchantId, owner.merchantId), eq(users.id, owner.userId)))
    .for('no key update');
}

/** The primary address first, then the newest. */
export async function listAddresses(db: Database, owner: AddressOwner): Promise<MemberAddressRow[]> {
  return db
    .select()
    .from(memberAddresses)
    .where(ownedBy(owner))
    .orderBy(desc(memberAddresses.isPrimary), desc(memberAddresses.createdAt), desc(memberAddresses.id));
}

export async function countAddresses(db: Database, owner: AddressOwner): Promise<number> {
  const [row] = await db.select({ value: count() }).from(memberAddresses).where(ownedBy(owner));
  return row?.value ?? 0;
}

export async function findAddress(db: Database, owner: AddressOwner, addressId: string): Promise<MemberAddressRow | undefined> {
  const [row] = await db.select().from(memberAddresses).where(byId(owner, addressId)).limit(1);
  return row;
}

export async function findNewestAddress(db: Database, owner: AddressOwner): Promise<MemberAddressRow | undefined> {
  const [row] = await db.select().from(memberAddresses).where(ownedBy(owner)).orderBy(desc(memberAddresses.createdAt), desc(memberAddresses.id)).limit(1);
  return row;
}

export async function insertAddress(db: Database, values: NewMemberAddressRow): Promise<MemberAddressRow> {
  const [row] = await db.insert(memberAddresses).values(values).returning();
  if (!row) throw new Error('The address was not inserted');
  return row;
}

export type AddressChanges = Partial<Omit<MemberAddressRow, 'id' | 'merchantId' | 'userId' | 'createdAt'>> & { updatedAt: Date };

export async function updateAddress(db: Database, owner: AddressOwner, addressId: string, changes: AddressChanges): Promise<MemberAddressRow | undefined> {
  const [row] = await db.update(memberAddresses).set(changes).where(byId(owner, addressId)).returning();
  return row;
}

/** Takes the primary flag off the member's addresses, before another one gets it (one primary at most). */
export async function clearPrimary(db: Database, owner: AddressOwner, { now }: { now: Date }): Promise<void> {
  await db
    .update(memberAddresses)
    .set({ isPrimary: false, updatedAt: now })
    .where(and(ownedBy(owner), eq(memberAddresses.isPrimary, true)));
}

export async function deleteAddress(db: Database, owner: AddressOwner, addressId: string): Promise<MemberAddressRow | undefined> {
  const [row] = await db.delete(memberAddresses).where(byId(owner, addressId)).returning();
  return row;
}
