import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import { BROADCAST_PHONES_MAX, integrationBroadcastBodySchema, type BroadcastAudienceInput } from '@kartu/contracts';
import { createBroadcast, getBroadcast } from '../modules/inbox/broadcasts.service.ts';
import type { BroadcastRow } from '../modules/inbox/broadcasts.table.ts';
import { CommandError, merchantByMid, readOptions, required, UsageError, type CliContext } from './cli.context.ts';

// A phone a line (E.164, +62…), with room for a header line and blanks; a list longer than a broadcast takes is refused.
const MAX_PHONES_FILE_BYTES = 1024 * 1024;

async function phonesIn(file: string): Promise<string[]> {
  const path = resolve(file);
  const found = await stat(path).catch(() => undefined);
  if (!found?.isFile()) throw new CommandError(`No file at ${path}`);
  if (found.size > MAX_PHONES_FILE_BYTES) throw new CommandError(`${path} is larger than 1 MB: a broadcast takes at most ${BROADCAST_PHONES_MAX.toLocaleString('en-US')} phones`);
  return (await readFile(path, 'utf8'))
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && line.toLowerCase() !== 'phone');
}

async function audienceOf(values: { everyone?: boolean; level?: string; phones?: string }): Promise<BroadcastAudienceInput> {
  const chosen = [values.everyone === true, values.level !== undefined, values.phones !== undefined].filter(Boolean).length;
  if (chosen !== 1) throw new UsageError('Name the audience with exactly one of --everyone, --level PROGRAM_ID:RANK and --phones FILE');
  if (values.everyone) return { kind: 'everyone' };
  if (values.level !== undefined) {
    const [programId = '', rank = ''] = values.level.split(':');
    if (!/^\d{1,4}$/.test(rank)) throw new UsageError('--level takes a program id and a level rank, e.g. 5eed0000-0000-4000-8000-000000000001:2');
    return { kind: 'level', programId, levelRank: Number(rank) };
  }
  return { kind: 'phones', phones: await phonesIn(values.phones ?? '') };
}

function progressOf(broadcast: BroadcastRow): string {
  const sent = `${broadcast.sent.toLocaleString('en-US')} message(s) written`;
  switch (broadcast.status) {
    case 'queued':
      return `queued since ${broadcast.createdAt.toISOString()}: a running server's job worker starts it within seconds`;
    case 'sending':
      return `sending: ${sent} so far`;
    case 'done':
      return `done: ${sent}, finished at ${broadcast.finishedAt?.toISOString() ?? '?'}`;
  }
}

/** `kartu messages broadcast`: the merchant's words to every member, a level's holders, or a list of phones. */
export async function broadcastCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, {
    merchant: { type: 'string' },
    title: { type: 'string' },
    text: { type: 'string' },
    link: { type: 'string' },
    everyone: { type: 'boolean' },
    level: { type: 'string' },
    phones: { type: 'string' },
  });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  // The same checks as POST /integration/v1/broadcasts.
  const parsed = integrationBroadcastBodySchema.safeParse({ audience: await audienceOf(values), title: values.title ?? '', text: values.text ?? '', link: values.link });
  if (!parsed.success) throw new UsageError(z.prettifyError(parsed.error));
  const broadcast = await db.transaction((tx) => createBroadcast({ tx, merchantId: merchant.id, ...parsed.data, now: now() }));
  out(`Broadcast ${broadcast.id} of ${merchant.mid} is queued: a running server's job workers write it to each member, a page of members at a time.`);
  out(`Follow it with: kartu messages status --merchant ${merchant.mid} --id ${broadcast.id}`);
}

/** `kartu messages status`: how far a broadcast has gone. */
export async function broadcastStatusCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, id: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const broadcast = await getBroadcast({ db, merchantId: merchant.id, broadcastId: required(values, 'id') });
  out(`Broadcast ${broadcast.id}: ${progressOf(broadcast)}.`);
}
