import { writeFile } from 'node:fs/promises';
import { uniqueCodeBatchBodySchema } from '@kartu/contracts';
import { inTransaction } from '../db/database.ts';
import { createEarnCode, earnCodeText } from '../modules/scan/earn-codes.service.ts';
import { createUniqueCodeBatch, listUniqueCodeBatches, setUniqueCodeBatchStatus } from '../modules/unique-codes/unique-codes.service.ts';
import { CommandError, merchantByMid, readOptions, required, UsageError, type CliContext } from './cli.context.ts';
import { findProgramById } from './operator.repository.ts';

/*
 * Printed codes (docs/decisions/046-scanning.md): a batch is made here, its codes written to a file
 * once for the printer, and only their hashes kept.
 */

function keyOf(key: string | undefined, what: string): string {
  if (!key) throw new CommandError(`This command needs the servers' CODE_SECRET to make ${what}`);
  return key;
}

function wholeNumber(text: string, name: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new UsageError(`--${name} takes a whole number`);
  return Number(text);
}

/** `kartu codes generate`: a batch of printed codes of a program, written to --out as CSV. */
export async function generateCodesCommand(args: string[], { db, out, now, uniqueCodeKey }: CliContext): Promise<void> {
  const values = readOptions(args, {
    program: { type: 'string' },
    name: { type: 'string' },
    points: { type: 'string' },
    count: { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
    delay: { type: 'string' },
    out: { type: 'string' },
  });
  const program = await findProgramById(db, required(values, 'program'));
  if (!program) throw new CommandError(`No program has the id ${values.program}`);
  const file = required(values, 'out');
  const parsed = uniqueCodeBatchBodySchema.safeParse({
    programId: program.id,
    name: required(values, 'name'),
    points: wholeNumber(required(values, 'points'), 'points'),
    count: wholeNumber(required(values, 'count'), 'count'),
    startsAt: values.starts ? new Date(values.starts).toISOString() : now().toISOString(),
    endsAt: new Date(required(values, 'ends')).toISOString(),
    rewardDelayHours: values.delay === undefined ? 0 : wholeNumber(values.delay, 'delay'),
  });
  if (!parsed.success) throw new UsageError(`The batch is not valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const key = keyOf(uniqueCodeKey, 'printed codes');
  const { batch, codes } = await inTransaction(db, (tx) => createUniqueCodeBatch({ db: tx, merchantId: program.merchantId, body: parsed.data, key, now: now() }));
  await writeFile(file, `code\n${codes.join('\n')}\n`, { mode: 0o600 });
  out(`Batch ${batch.id} of "${program.name}": ${codes.length} codes of ${batch.points} written to ${file}. Only their hashes are kept: keep the file safe.`);
}

/** `kartu codes list`: the merchant's batches, newest first. */
export async function listCodesCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const batches = await listUniqueCodeBatches(db, merchant.id);
  if (batches.length === 0) return out(`${merchant.mid} has no batch of codes.`);
  for (const batch of batches) {
    out(`${batch.id}  program ${batch.programId}  "${batch.name}"  ${batch.status}  ${batch.claimed}/${batch.count} claimed  ${batch.points} each  ${batch.startsAt} – ${batch.endsAt}`);
  }
}

function statusCommand(status: 'active' | 'suspended') {
  return async (args: string[], { db, out }: CliContext): Promise<void> => {
    const values = readOptions(args, { merchant: { type: 'string' }, id: { type: 'string' } });
    const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
    const batch = await setUniqueCodeBatchStatus({ db, merchantId: merchant.id, batchId: required(values, 'id'), status });
    out(`Batch ${batch.id} is ${batch.status}.`);
  };
}

export const suspendCodesCommand = statusCommand('suspended');
export const resumeCodesCommand = statusCommand('active');

/** `kartu codes earn`: a till's scan-to-earn code for a purchase, as the integration API makes it (for a till without one). */
export async function earnCodeCommand(args: string[], { db, out, now, earnCodeKey }: CliContext): Promise<void> {
  const values = readOptions(args, { program: { type: 'string' }, amount: { type: 'string' }, bill: { type: 'string' }, ttl: { type: 'string' } });
  const program = await findProgramById(db, required(values, 'program'));
  if (!program) throw new CommandError(`No program has the id ${values.program}`);
  const key = keyOf(earnCodeKey, 'earn codes');
  const ttlSeconds = values.ttl === undefined ? 300 : wholeNumber(values.ttl, 'ttl');
  const code = await createEarnCode({ db, merchantId: program.merchantId, programId: program.id, amount: BigInt(wholeNumber(required(values, 'amount'), 'amount')), billNumber: required(values, 'bill'), ttlSeconds, now: now() });
  out(earnCodeText(key, code));
}
