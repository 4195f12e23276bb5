import { eq } from 'drizzle-orm';
import type { Language } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { merchantTerms, type MerchantTermsRow } from './terms.table.ts';

export async function findMerchantTerms(db: Database, merchantId: number): Promise<MerchantTermsRow[]> {
  return db.select().from(merchantTerms).where(eq(merchantTerms.merchantId, merchantId));
}

export async function upsertMerchantTerms(
  db: Database,
  row: { merchantId: number; language: Language; termsCondition: string; privacyPolicy: string; updatedAt: Date },
): Promise<void> {
  await db
    .insert(merchantTerms)
    .values(row)
    .onConflictDoUpdate({ target: [merchantTerms.merchantId, merchantTerms.language], set: { termsCondition: row.termsCondition, privacyPolicy: row.privacyPolicy, updatedAt: row.updatedAt } });
}
