import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/test-app.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { earn } from '../ledger/points.service.ts';
import { createProgram } from '../programs/programs.service.ts';
import type { NewProgramLevelRow, NewProgramRow } from '../programs/programs.table.ts';
import { activationCodeKeyFor } from './activation-code-key.ts';
import { issueCard } from './cards.service.ts';
import type { CardRow } from '../card-access/cards.table.ts';

// Shared steps of the card tests: programs, cards, members holding them, and calls as a member.

/** A card API call, as a member's app makes it when `member` is given. */
export async function send(
  testApp: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  { member, body, host = 'localhost', headers = {} }: { member?: Pick<TestMember, 'token'>; body?: object; host?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const allHeaders: Record<string, string> = { host, ...headers };
  if (member) allHeaders.authorization = `Bearer ${member.token}`;
  return testApp.app.inject({ method, url, headers: allHeaders, ...(body && { payload: body }) });
}

export async function newProgram(
  testApp: TestApp,
  merchantId: number,
  program: Partial<NewProgramRow> = {},
  levels: Omit<NewProgramLevelRow, 'programId'>[] = [],
) {
  const { program: saved } = await createProgram({
    db: testApp.db,
    program: { merchantId, name: 'Test Points', type: 'points', unit: 'POINT', expiryPolicy: 'rolling-days', expiryDays: 30, ...program },
    levels,
  });
  return saved;
}

/** A card of the program, in the member's wallet when an owner is given, else waiting to be added. */
export async function newCard(
  testApp: TestApp,
  { merchantId, programId, owner, activationCode }: { merchantId: number; programId: string; owner?: Pick<TestMember, 'userId'>; activationCode?: string },
): Promise<CardRow> {
  return issueCard({
    db: testApp.db,
    merchantId,
    programId,
    ownerUserId: owner?.userId ?? null,
    ...(activationCode !== undefined && { activationCode, activationCodeKey: activationCodeKeyOf(testApp) }),
  });
}

/** The key the test app stores activation codes under. */
export function activationCodeKeyOf(testApp: TestApp): string {
  return activationCodeKeyFor(testApp.env.CODE_SECRET);
}

export interface CardMember extends TestMember {
  card: CardRow;
}

/** A new member of the demo merchant, signed in, with a card of `programId` in their wallet. */
export async function memberWithCard(
  testApp: TestApp,
  { merchantId, programId, name = null }: { merchantId: number; programId: string; name?: string | null },
): Promise<CardMember> {
  const member = await newMember(testApp, { name });
  const card = await newCard(testApp, { merchantId, programId, owner: member });
  return { ...member, card };
}

/** memberWithCard, with `points` earned on the card first (none for 0). */
export async function memberWithPoints(testApp: TestApp, { merchantId, programId, points }: { merchantId: number; programId: string; points: number }): Promise<CardMember> {
  const member = await memberWithCard(testApp, { merchantId, programId });
  if (points > 0) await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card: member.card, amount: BigInt(points) });
  return member;
}
