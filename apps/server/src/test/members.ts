import { eq } from 'drizzle-orm';
import { newDeviceId, newPhone, signUp } from '../modules/auth/auth.test-support.ts';
import { findUserById } from '../modules/auth/users.repository.ts';
import { users, type UserRow } from '../modules/auth/users.table.ts';
import type { TestApp } from './test-app.ts';

/** The PIN every test member signs up with. */
export const memberPin = '314159';

export interface TestMember {
  user: UserRow;
  userId: string;
  /** As typed at sign-up: the national form, e.g. '0812…'. */
  phone: string;
  /** As stored and as the integration API takes it: E.164, e.g. '+62812…'. */
  e164: string;
  /** The active session's token, for a bearer header. */
  token: string;
}

/**
 * A new member of the host's merchant, signed up and signed in through the real code and PIN flow
 * from a device of their own, with a name when one is given.
 */
export async function newMember(testApp: TestApp, { host = 'localhost', name = null }: { host?: string; name?: string | null } = {}): Promise<TestMember> {
  const phone = newPhone();
  const answer = await signUp(testApp, phone, memberPin, { host, deviceId: newDeviceId() });
  if (name) await testApp.db.update(users).set({ name }).where(eq(users.id, answer.user.id));
  const user = await findUserById(testApp.db, answer.user.merchantId, answer.user.id);
  if (!user?.phone) throw new Error('The new member was not saved with a phone');
  return { user, userId: user.id, phone, e164: user.phone, token: answer.accessToken };
}
