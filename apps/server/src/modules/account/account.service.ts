import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Language } from '@kartu/contracts';
import type { SessionRow } from '../auth/sessions.table.ts';
import type { UserRow } from '../auth/users.table.ts';
import { queueMemberMessage } from '../outbox/outbox.service.ts';
import { markForDeletion } from '../auth/users.service.ts';

/**
 * Records the request and signs the user out everywhere; deletion itself takes several days
 * (spec: business-rules — account deletion). spec: app-core §2 Guards — closed to sso sessions,
 * whose accounts belong to the merchant's own system.
 */
export async function requestAccountDeletion({
  db,
  merchant,
  member,
  session,
  language,
  now,
}: {
  db: Database;
  merchant: { id: number; brand: string };
  member: Pick<UserRow, 'email' | 'phone' | 'language'>;
  session: Pick<SessionRow, 'userId' | 'loginType'>;
  /** Of the request: the member's own language is used when known. */
  language: Language;
  now: Date;
}): Promise<{ requestedAt: Date }> {
  if (session.loginType === 'sso') throw new AppError('FORBIDDEN', { message: 'Account deletion is not available when signed in through your merchant' });
  return db.transaction(async (tx) => {
    const requestedAt = await markForDeletion({ db: tx, userId: session.userId, now });
    // Only the first request tells the member; asking again changes nothing.
    if (requestedAt.getTime() === now.getTime()) {
      await queueMemberMessage({ db: tx, merchantId: merchant.id, member, template: 'account-deletion-requested', data: { brand: merchant.brand }, fallbackLanguage: language, now });
    }
    return { requestedAt };
  });
}
