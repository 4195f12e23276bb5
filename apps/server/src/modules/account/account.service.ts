import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionRow } from '../auth/sessions.table.ts';
import { markForDeletion } from '../auth/users.service.ts';

/**
 * Records the request and signs the user out everywhere; deletion itself takes several days
 * (spec: business-rules — account deletion). spec: app-core §2 Guards — closed to sso sessions,
 * whose accounts belong to the merchant's own system.
 */
export async function requestAccountDeletion({
  db,
  session,
  now,
}: {
  db: Database;
  session: Pick<SessionRow, 'userId' | 'loginType'>;
  now: Date;
}): Promise<{ requestedAt: Date }> {
  if (session.loginType === 'sso') throw new AppError('FORBIDDEN', { message: 'Account deletion is not available when signed in through your merchant' });
  return db.transaction(async (tx) => ({ requestedAt: await markForDeletion({ db: tx, userId: session.userId, now }) }));
}
