import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/test-app.ts';
import { newPhone, signUp } from '../auth/auth.test-support.ts';
import { createProgram } from '../programs/programs.service.ts';
import type { NewProgramLevelRow, NewProgramRow } from '../programs/programs.table.ts';
import { activationCodeKeyFor } from './activation-code-key.ts';
import { issueCard } from './cards.service.ts';
import type { CardRow } from './cards.table.ts';

// Shared steps of the card route tests: signed-in members and cards in their wallets.

export interface Member {
  userId: string;
  token: string;
}

/** A new member of the site's merchant, signed in through the real OTP and PIN flow. */
export async function newMember(testApp: TestApp, host = 'localhost'): Promise<Member> {
  const answer = await signUp(testApp, newPhone(), '123456', { host });
  return { userId: answer.user.id, token: answer.accessToken };
}

export async function send(
  testApp: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  { member, body, host = 'localhost' }: { member?: Member; body?: object; host?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host };
  if (member) headers.authorization = `Bearer ${member.token}`;
  return testApp.app.inject({ method, url, headers, ...(body && { payload: body }) });
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
  { merchantId, programId, owner, activationCode }: { merchantId: number; programId: string; owner?: Member; activationCode?: string },
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
