import { randomBytes, randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { kartuOn } from '../../cli/cli.test-support.ts';
import { findMerchantByMid } from '../../cli/operator.repository.ts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { users } from '../../modules/auth/users.table.ts';
import type { CardRow } from '../../modules/card-access/cards.table.ts';
import { issueCard } from '../../modules/cards/cards.service.ts';
import { inboxMessages, type InboxMessageRow } from '../../modules/inbox/inbox.table.ts';
import { runDueJobs, type JobHandler } from '../../modules/jobs/job-worker.ts';
import type { TestApp } from '../../test/test-app.ts';
import { sendBroadcastJob } from './send-broadcast.ts';

// Shared steps of the broadcast tests: a merchant of the test's own, members made in bulk, the job run.

export const quietLog = { info: () => {}, error: () => {} };

/** A merchant of the test's own, with an API key: an `everyone` broadcast reaches only the members the test makes. */
export async function merchantOfItsOwn(testApp: TestApp): Promise<{ merchantId: number; mid: string; key: string }> {
  const mid = `BCAST${randomBytes(4).toString('hex').toUpperCase()}`;
  const made = await kartuOn(() => testApp)('merchants', 'create', '--mid', mid, '--brand', 'Broadcast test');
  if (made.code !== 0) throw new Error(made.error);
  const merchant = await findMerchantByMid(testApp.db, mid);
  if (!merchant) throw new Error('The merchant was not made');
  const { key } = await createApiKey({ db: testApp.db, merchantId: merchant.id, name: 'Back office' });
  return { merchantId: merchant.id, mid, key };
}

export interface BulkMember {
  userId: string;
  /** E.164. */
  phone: string;
  card: CardRow | undefined;
}

/**
 * Members of the merchant written straight into the database (signing each up would hash a PIN),
 * each with a card of the program when one is given.
 */
export async function bulkMembers(testApp: TestApp, { merchantId, programId, count }: { merchantId: number; programId?: string; count: number }): Promise<BulkMember[]> {
  const made: BulkMember[] = [];
  for (let index = 0; index < count; index += 1) {
    const phone = `+62899${randomInt(10_000_000, 99_999_999)}`;
    const [user] = await testApp.db.insert(users).values({ merchantId, phone, maskedId: randomBytes(9).toString('base64url') }).returning({ id: users.id });
    if (!user) throw new Error('The member was not made');
    const card = programId ? await issueCard({ db: testApp.db, merchantId, programId, ownerUserId: user.id }) : undefined;
    made.push({ userId: user.id, phone, card });
  }
  return made;
}

/** Runs the due jobs of broadcasts until none is left, as one worker would: answers how many it ran. */
export async function runBroadcastJobs(testApp: TestApp, handler: JobHandler = sendBroadcastJob({ pageSize: 2, runMs: 0 })): Promise<number> {
  let ran = 0;
  for (;;) {
    const { claimed } = await runDueJobs({ db: testApp.db, clock: testApp.clock, log: quietLog, handlers: [handler] });
    if (claimed === 0) return ran;
    ran += claimed;
  }
}

export async function messagesOfBroadcast(testApp: TestApp, broadcastId: string): Promise<InboxMessageRow[]> {
  return testApp.db.select().from(inboxMessages).where(eq(inboxMessages.broadcastId, broadcastId)).orderBy(asc(inboxMessages.userId));
}

/** The members a broadcast's messages went to, sorted, with how many each got. */
export async function recipientsOf(testApp: TestApp, broadcastId: string): Promise<Array<[string, number]>> {
  const counts = new Map<string, number>();
  for (const message of await messagesOfBroadcast(testApp, broadcastId)) counts.set(message.userId, (counts.get(message.userId) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b));
}

/** What each of these members should have got: one message. */
export const onceEach = (members: Array<{ userId: string }>): Array<[string, number]> => members.map(({ userId }): [string, number] => [userId, 1]).sort(([a], [b]) => a.localeCompare(b));
