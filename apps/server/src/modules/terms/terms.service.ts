import type { Language, Terms } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findMerchantTerms, upsertMerchantTerms } from './terms.repository.ts';

/** The longest text a merchant may keep, well beyond any real policy: a store page, not a book. */
export const termsMaxLength = 100_000;

/**
 * The merchant's terms and privacy policy in the language asked for, else the site's, else English,
 * else whichever the merchant wrote (spec: app-core §7 api/settings/terms; decision 036).
 */
export async function getTerms({ db, merchantId, language, siteLanguage }: { db: Database; merchantId: number; language: Language | undefined; siteLanguage: Language }): Promise<Terms> {
  const rows = await findMerchantTerms(db, merchantId);
  const wanted = [language, siteLanguage, 'en'].filter((candidate): candidate is Language => candidate !== undefined);
  const row = wanted.map((candidate) => rows.find((found) => found.language === candidate)).find((found) => found !== undefined) ?? rows[0];
  if (!row) throw new AppError('TERMS_NOT_FOUND');
  return { language: row.language as Language, termsCondition: row.termsCondition, privacyPolicy: row.privacyPolicy, updatedAt: row.updatedAt.toISOString() };
}

/** Sets the merchant's terms and privacy policy in one language, replacing what it had. */
export async function setTerms(options: { db: Database; merchantId: number; language: Language; termsCondition: string; privacyPolicy: string; now: Date }): Promise<void> {
  const { db, merchantId, language, now } = options;
  const termsCondition = options.termsCondition.trim();
  const privacyPolicy = options.privacyPolicy.trim();
  for (const text of [termsCondition, privacyPolicy]) {
    if (text.length === 0 || text.length > termsMaxLength) throw new AppError('VALIDATION_FAILED', { message: `Each text has 1 to ${termsMaxLength} characters` });
  }
  await upsertMerchantTerms(db, { merchantId, language, termsCondition, privacyPolicy, updatedAt: now });
}
