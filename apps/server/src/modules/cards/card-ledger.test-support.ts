import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/test-app.ts';
import { newDeviceId, newPhone, signUp } from '../auth/auth.test-support.ts';
import { users } from '../auth/users.table.ts';
import { issueCard } from './cards.service.ts';
import type { CardRow } from './cards.table.ts';

// Shared steps of the card history and transfer tests: signed-in members holding cards.

export const memberPin = '314159';

export interface CardMember {
  userId: string;
  /** As typed at sign-up: national form, e.g. '0812…'. */
  phone: string;
  token: string;
  card: CardRow;
}

/** A new member of the demo merchant, signed in, with a card of `programId` in their wallet. */
export async function memberWithCard(
  testApp: TestApp,
  { merchantId, programId, name = null }: { merchantId: number; programId: string; name?: string | null },
): Promise<CardMember> {
  const phone = newPhone();
  const answer = await signUp(testApp, phone, memberPin, { deviceId: newDeviceId() });
  if (name) await testApp.db.update(users).set({ name }).where(eq(users.id, answer.user.id));
  const card = await issueCard({ db: testApp.db, merchantId, programId, ownerUserId: answer.user.id });
  return { userId: answer.user.id, phone, token: answer.accessToken, card };
}

/** A card API call as a member's app would make it. */
export async function asMember(
  testApp: TestApp,
  member: Pick<CardMember, 'token'>,
  { method = 'GET', url, body, headers = {} }: { method?: 'GET' | 'POST'; url: string; body?: object; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method,
    url,
    headers: { host: 'localhost', authorization: `Bearer ${member.token}`, ...headers },
    ...(body && { payload: body }),
  });
}
