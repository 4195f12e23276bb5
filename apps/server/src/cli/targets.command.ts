import { targetKinds, targetPeriods } from '@kartu/contracts';
import { createTarget, listTargets } from '../modules/targets/targets.service.ts';
import { CommandError, instant, merchantByMid, oneOf, readOptions, required, UsageError, type CliContext } from './cli.context.ts';
import { findProgramById } from './operator.repository.ts';

function positiveAmount(text: string, name: string): bigint {
  if (!/^[1-9]\d{0,11}$/.test(text)) throw new UsageError(`--${name} must be a whole number from 1`);
  return BigInt(text);
}

/** `kartu targets add`: a card program's spend or collect target with its reward. */
export async function addTargetCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, {
    program: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    kind: { type: 'string' },
    period: { type: 'string' },
    'cycle-days': { type: 'string' },
    target: { type: 'string' },
    reward: { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
  });
  const program = await findProgramById(db, required(values, 'program'));
  if (!program) throw new CommandError(`No program has the id ${values.program}`);
  const period = oneOf(values.period, targetPeriods, 'yearly', 'period');
  const cycleDays = values['cycle-days'] === undefined ? null : Number(values['cycle-days']);
  if (cycleDays !== null && (!Number.isInteger(cycleDays) || cycleDays < 1 || cycleDays > 366)) throw new UsageError('--cycle-days must be a whole number from 1 to 366');
  const created = await createTarget({
    db,
    merchantId: program.merchantId,
    programId: program.id,
    name: required(values, 'name'),
    description: values.description?.trim() || null,
    kind: oneOf(values.kind, targetKinds, 'spend', 'kind'),
    period,
    cycleDays,
    target: positiveAmount(required(values, 'target'), 'target'),
    reward: positiveAmount(required(values, 'reward'), 'reward'),
    startsAt: instant(values.starts, 'starts') ?? now(),
    endsAt: instant(values.ends, 'ends'),
    now: now(),
  });
  out(`Target ${created.id} added to "${program.name}".`);
}

/** `kartu targets list`: the merchant's targets. */
export async function listTargetsCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const targets = await listTargets({ db, merchantId: merchant.id });
  if (targets.length === 0) return out(`${merchant.mid} has no target.`);
  for (const target of targets) {
    out(`${target.id}  program ${target.programId}  "${target.name}"  ${target.kind} ${target.target} ${target.period}${target.cycleDays ? ` of ${target.cycleDays} days` : ''}, reward ${target.reward}`);
  }
}
