import { inboxFactsSchema, type BroadcastAudienceInput, type IntegrationBroadcast } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { getProgram, getProgramLevels } from '../programs/programs.service.ts';
import {
  advanceBroadcast,
  findBroadcast,
  findCardHoldersPage,
  findMembersByPhonePage,
  findProgramHoldersPage,
  insertBroadcast,
  insertMessagesOnce,
  lockBroadcast,
  type WrittenMessage,
} from './broadcasts.repository.ts';
import type { BroadcastAudience, BroadcastRow } from './broadcasts.table.ts';

/*
 * A merchant's words to many members at once (docs/decisions/035-broadcasts.md). The merchant's
 * request stores the broadcast and queues the job of its first page; the job
 * (use-cases/send-broadcast) writes the audience page by page, in member id order, each page in one
 * transaction with the cursor it moves, so a worker that dies resumes after the last page it committed.
 */

/** The job that writes a broadcast's pages; its handler is use-cases/send-broadcast's. */
export const sendBroadcastJobName = 'send-broadcast';

/** What a page's job carries: the member id the page starts after (null: the first page). */
export interface BroadcastPagePayload {
  broadcastId: string;
  after: string | null;
}

export function toIntegrationBroadcast(row: BroadcastRow): IntegrationBroadcast {
  return { id: row.id, status: row.status, sent: row.sent, createdAt: row.createdAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null };
}

/** The audience as it is kept: a level of one of the merchant's programs, phones once each. */
async function audienceToKeep(db: Database, merchantId: number, audience: BroadcastAudienceInput): Promise<BroadcastAudience> {
  switch (audience.kind) {
    case 'everyone':
      return audience;
    case 'phones':
      return { kind: 'phones', phones: [...new Set(audience.phones)] };
    case 'level': {
      // Another merchant's program is not found, as everywhere.
      const { program } = await getProgram({ db, merchantId, programId: audience.programId });
      const levels = await getProgramLevels({ db, programId: program.id });
      if (!levels.some((level) => level.rank === audience.levelRank)) {
        throw new AppError('UNPROCESSABLE', { message: `The program has no level of rank ${audience.levelRank}: its ranks are ${levels.map((level) => level.rank).join(', ') || 'none'}` });
      }
      return { kind: 'level', programId: program.id, levelRank: audience.levelRank };
    }
  }
}

function queuePage(tx: Database, { broadcastId, after, runAt, now }: BroadcastPagePayload & { runAt: Date; now: Date }) {
  const payload: BroadcastPagePayload = { broadcastId, after };
  return enqueueJob({ db: tx, name: sendBroadcastJobName, payload: { ...payload }, key: `${sendBroadcastJobName}:${broadcastId}:${after ?? 'start'}`, runAt, now });
}

export interface CreateBroadcastOptions {
  tx: Database;
  merchantId: number;
  audience: BroadcastAudienceInput;
  title: string;
  text: string;
  link?: string | undefined;
  now: Date;
}

/** Stores the broadcast, queued, with the job of its first page, in the caller's transaction. */
export async function createBroadcast({ tx, merchantId, audience, title, text, link, now }: CreateBroadcastOptions): Promise<BroadcastRow> {
  const kept = await audienceToKeep(tx, merchantId, audience);
  const broadcast = await insertBroadcast(tx, { merchantId, audience: kept, title, text, link: link ?? null, createdAt: now });
  await queuePage(tx, { broadcastId: broadcast.id, after: null, runAt: now, now });
  return broadcast;
}

/** The merchant's broadcast; another merchant's, or an id that is none, is not found. */
export async function getBroadcast({ db, merchantId, broadcastId }: { db: Database; merchantId: number; broadcastId: string }): Promise<BroadcastRow> {
  const row = isUuid(broadcastId) ? await findBroadcast(db, { merchantId, broadcastId }) : undefined;
  if (!row) throw new AppError('NOT_FOUND', { message: 'Broadcast not found' });
  return row;
}

/**
 * The broadcast of a page's job, locked until the transaction ends, so its pages are written one at
 * a time; undefined when it is done, or its cursor is no longer `after`: that page is written, and
 * whatever wrote it goes on from there.
 */
export async function takeBroadcastPage(tx: Database, { broadcastId, after }: BroadcastPagePayload): Promise<BroadcastRow | undefined> {
  const broadcast = await lockBroadcast(tx, broadcastId);
  if (!broadcast || broadcast.status === 'done' || broadcast.cursor !== after) return undefined;
  return broadcast;
}

/** The next members of an `everyone` or `phones` audience after the broadcast's cursor, in id order. */
export async function findAudienceMembers(db: Database, { broadcast, limit }: { broadcast: BroadcastRow; limit: number }): Promise<string[]> {
  const { merchantId, audience, cursor } = broadcast;
  switch (audience.kind) {
    case 'everyone':
      return findCardHoldersPage(db, { merchantId, cursor, limit });
    case 'phones':
      return findMembersByPhonePage(db, { merchantId, phones: audience.phones, cursor, limit });
    case 'level':
      throw new Error("A level audience is paged by its program's holders (findProgramHolders)");
  }
}

/** The next members after the broadcast's cursor, in id order, who hold a card of the program, with those cards. */
export async function findProgramHolders(db: Database, { broadcast, programId, limit }: { broadcast: BroadcastRow; programId: string; limit: number }): Promise<Array<{ userId: string; cardIds: string[] }>> {
  return findProgramHoldersPage(db, { merchantId: broadcast.merchantId, programId, cursor: broadcast.cursor, limit });
}

export interface BroadcastPage {
  broadcast: BroadcastRow;
  /** The page's new messages: a member who had the broadcast's message already has none here. */
  messages: WrittenMessage[];
}

export interface WriteBroadcastPageOptions {
  /** The broadcast as takeBroadcastPage locked it. */
  broadcast: BroadcastRow;
  /** The members of the audience the page found. */
  userIds: string[];
  /** The last member id the page looked at, members it left out included. */
  cursor: string | null;
  /** No member of the audience comes after this page. */
  last: boolean;
  now: Date;
  /** When the next page's job is due. */
  nextPageAt: Date;
}

/**
 * Writes one page of a broadcast in the transaction that took it: one statement of messages, each
 * keyed `broadcast:<id>` for its member so that a page written again writes nobody twice; the
 * cursor and the count moved; and, unless it was the last page, the next page's job queued.
 */
export async function writeBroadcastPage(tx: Database, { broadcast, userIds, cursor, last, now, nextPageAt }: WriteBroadcastPageOptions): Promise<BroadcastPage> {
  const facts = inboxFactsSchema.parse({ kind: 'merchant', title: broadcast.title, text: broadcast.text });
  const onceKey = `broadcast:${broadcast.id}`;
  const messages = await insertMessagesOnce(
    tx,
    userIds.map((userId) => ({ merchantId: broadcast.merchantId, userId, cardId: null, facts, link: broadcast.link, broadcastId: broadcast.id, onceKey, createdAt: now })),
  );
  const advanced = await advanceBroadcast(tx, { broadcastId: broadcast.id, cursor: cursor ?? broadcast.cursor, written: messages.length, finishedAt: last ? now : null });
  if (!last) await queuePage(tx, { broadcastId: broadcast.id, after: advanced.cursor, runAt: nextPageAt, now });
  return { broadcast: advanced, messages };
}
