import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../auth/auth.context.ts';
import { checkPin } from '../auth/pin.service.ts';
import type { Language } from '@kartu/contracts';
import type { SessionRow } from '../auth/sessions.table.ts';
import type { UserRow } from '../auth/users.table.ts';
import { queueMemberMessage } from '../outbox/outbox.service.ts';
import { markForDeletion } from '../auth/users.service.ts';

/**
 * Records the request and signs the user out everywhere; deletion itself takes several days
 * (spec: business-rules — account deletion). It cannot be undone, so it takes the member's PIN,
 * under the PIN's own lock (three wrong PINs lock it for an hour). spec: app-core §2 Guards —
 * closed to sso sessions, whose accounts belong to the merchant's own system.
 */
export async function requestAccountDeletion({
  context,
  merchant,
  member,
  session,
  pin,
  language,
}: {
  context: AuthContext;
  merchant: { id: number; brand: string };
  member: UserRow;
  session: Pick<SessionRow, 'userId' | 'loginType'>;
  pin: string;
  /** Of the request: the member's own language is used when known. */
  language: Language;
}): Promise<{ requestedAt: Date }> {
  if (session.loginType === 'sso') throw new AppError('FORBIDDEN', { message: 'Account deletion is not available when signed in through your merchant' });
  await checkPin({ context, user: member, pin });
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const requestedAt = await markForDeletion({ db: tx, userId: session.userId, now });
    // Only the first request tells the member; asking again changes nothing.
    if (requestedAt.getTime() === now.getTime()) {
      await queueMemberMessage({ db: tx, merchantId: merchant.id, member, template: 'account-deletion-requested', data: { brand: merchant.brand }, fallbackLanguage: language, now });
    }
    return { requestedAt };
  });
}
