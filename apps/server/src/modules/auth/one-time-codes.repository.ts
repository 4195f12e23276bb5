import { and, desc, eq, isNull } from 'drizzle-orm';
import type { OtpPurpose } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { oneTimeCodes, type OneTimeCodeRow } from './one-time-codes.table.ts';

export interface CodeOwner {
  merchantId: number;
  identifier: string;
  purpose: OtpPurpose;
}

function openCodesOf(owner: CodeOwner) {
  return and(
    eq(oneTimeCodes.merchantId, owner.merchantId),
    eq(oneTimeCodes.identifier, owner.identifier),
    eq(oneTimeCodes.purpose, owner.purpose),
    isNull(oneTimeCodes.consumedAt),
    isNull(oneTimeCodes.supersededAt),
  );
}

/** Saves a new code and retires the older open ones, in one transaction. */
export async function replaceOpenCode(db: Database, owner: CodeOwner, values: { codeHash: string; deviceHash: string | null; expiresAt: Date; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(oneTimeCodes).set({ supersededAt: values.now }).where(openCodesOf(owner));
    await tx.insert(oneTimeCodes).values({ ...owner, codeHash: values.codeHash, deviceHash: values.deviceHash, expiresAt: values.expiresAt, createdAt: values.now });
  });
}

export async function findOpenCode(db: Database, owner: CodeOwner): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db.select().from(oneTimeCodes).where(openCodesOf(owner)).orderBy(desc(oneTimeCodes.createdAt)).limit(1);
  return row;
}

/** False when the code was used in the meantime. */
export async function consumeCodeRow(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}
