import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import {
  findAudienceMembers,
  findProgramHolders,
  sendBroadcastJobName,
  takeBroadcastPage,
  writeBroadcastPage,
  type BroadcastPage,
  type BroadcastPagePayload,
} from '../../modules/inbox/broadcasts.service.ts';
import type { BroadcastRow } from '../../modules/inbox/broadcasts.table.ts';
import type { JobHandler } from '../../modules/jobs/job-worker.ts';
import { getCardFigures } from '../../modules/ledger/ledger.service.ts';
import { levelWithRetention, noEarnedExperience } from '../../modules/programs/levels.ts';
import { getProgramLevels } from '../../modules/programs/programs.service.ts';

/*
 * The job that writes a merchant's broadcast into its members' inboxes (docs/decisions/035-broadcasts.md),
 * page by page in member id order. Each page is one transaction: the page's messages, the cursor
 * and count moved, and the next page's job. A run goes on from page to page for a few seconds, then
 * hands over to that job; a page's job whose page is written already does nothing, so whichever of
 * them runs, and however often, each member gets the message once and nobody is skipped.
 */

const payloadSchema = z.object({ broadcastId: z.string(), after: z.string().nullable() });

interface AudiencePage {
  userIds: string[];
  /** The last member the page looked at: the next page starts after it. */
  cursor: string | null;
  last: boolean;
}

/**
 * The members of a level audience on the next page: those of the program's holders whose card holds
 * the level now, worked out as the card pages do (the ledger's earnings, the level's retention).
 */
async function levelAudiencePage(db: Database, { broadcast, programId, levelRank, pageSize, now }: { broadcast: BroadcastRow; programId: string; levelRank: number; pageSize: number; now: Date }): Promise<AudiencePage> {
  const holders = await findProgramHolders(db, { broadcast, programId, limit: pageSize });
  const [levels, figures] = await Promise.all([
    getProgramLevels({ db, programId }),
    getCardFigures({ db, merchantId: broadcast.merchantId, cardIds: holders.flatMap((holder) => holder.cardIds), now }),
  ]);
  const holdsLevel = (cardId: string) => levelWithRetention(levels, figures.get(cardId) ?? noEarnedExperience)?.rank === levelRank;
  return {
    userIds: holders.filter((holder) => holder.cardIds.some(holdsLevel)).map((holder) => holder.userId),
    cursor: holders.at(-1)?.userId ?? broadcast.cursor,
    last: holders.length < pageSize,
  };
}

async function audiencePage(db: Database, { broadcast, pageSize, now }: { broadcast: BroadcastRow; pageSize: number; now: Date }): Promise<AudiencePage> {
  const { audience } = broadcast;
  if (audience.kind === 'level') return levelAudiencePage(db, { broadcast, programId: audience.programId, levelRank: audience.levelRank, pageSize, now });
  const userIds = await findAudienceMembers(db, { broadcast, limit: pageSize });
  return { userIds, cursor: userIds.at(-1) ?? broadcast.cursor, last: userIds.length < pageSize };
}

export interface SendBroadcastJobOptions {
  /** Members a page looks at. */
  pageSize?: number;
  /** How long a run goes on to the next page itself before leaving it to that page's job; 0 writes one page a run. */
  runMs?: number;
  /** When a page's job is due while its run goes on: it takes over only from a run that died. */
  takeOverAfterMs?: number;
  /**
   * Called in each page's transaction with the page's new messages: where the members' phones are
   * told of them (web push), queued with the page so that they are told exactly when it commits.
   */
  tellPage?: (tx: Database, page: BroadcastPage, now: Date) => Promise<void>;
}

export interface PageRun extends BroadcastPagePayload {
  pageSize: number;
  now: Date;
  nextPageAt: Date;
  tellPage?: SendBroadcastJobOptions['tellPage'];
}

/** Writes the broadcast's page after `after`, in one transaction; undefined when that page was written already or the broadcast is done. */
export async function sendBroadcastPage(db: Database, { broadcastId, after, pageSize, now, nextPageAt, tellPage }: PageRun): Promise<BroadcastPage | undefined> {
  return db.transaction(async (tx) => {
    const broadcast = await takeBroadcastPage(tx, { broadcastId, after });
    if (!broadcast) return undefined;
    const { userIds, cursor, last } = await audiencePage(tx, { broadcast, pageSize, now });
    const page = await writeBroadcastPage(tx, { broadcast, userIds, cursor, last, now, nextPageAt });
    await tellPage?.(tx, page, now);
    return page;
  });
}

/**
 * The handler of a page's job: writes that page, then the next ones itself for `runMs`, each page
 * queueing the job of the next (due only after `takeOverAfterMs` while the run goes on, at once for
 * the run's last page), and stops when the broadcast is done or another run has moved it on.
 */
export function sendBroadcastJob({ pageSize = 1_000, runMs = 5_000, takeOverAfterMs = 15_000, tellPage }: SendBroadcastJobOptions = {}): JobHandler {
  return {
    name: sendBroadcastJobName,
    run: async ({ db, now, payload }) => {
      const started = performance.now();
      const { broadcastId, after: first } = payloadSchema.parse(payload);
      let after = first;
      for (;;) {
        const goesOn = performance.now() - started < runMs;
        const nextPageAt = goesOn ? new Date(now.getTime() + takeOverAfterMs) : now;
        const page = await sendBroadcastPage(db, { broadcastId, after, pageSize, now, nextPageAt, tellPage });
        if (!page || page.broadcast.status === 'done' || !goesOn) return;
        after = page.broadcast.cursor;
      }
    },
  };
}
