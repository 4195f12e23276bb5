import { featureKeys, type FeatureKey } from '@kartu/contracts';
import { listFeatureLocks, lockFeature, unlockFeature } from '../modules/features/features.service.ts';
import { CommandError, merchantByMid, readOptions, required, UsageError, type CliContext } from './cli.context.ts';

function featureOf(value: string): FeatureKey {
  const feature = featureKeys.find((key) => key === value);
  if (!feature) throw new UsageError(`--feature must be one of ${featureKeys.join(', ')}`);
  return feature;
}

/** `kartu features lock`: closes a feature to every member, or to those below a level of a program. */
export async function lockFeatureCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, feature: { type: 'string' }, program: { type: 'string' }, 'level-rank': { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const feature = featureOf(required(values, 'feature'));
  if ((values.program === undefined) !== (values['level-rank'] === undefined)) throw new UsageError('--program and --level-rank go together');
  const rank = values['level-rank'] === undefined ? undefined : Number(values['level-rank']);
  if (rank !== undefined && (!Number.isInteger(rank) || rank < 1)) throw new UsageError('--level-rank must be a whole number from 1');
  const level = values.program !== undefined && rank !== undefined ? { programId: values.program, rank } : undefined;
  await lockFeature({ db, merchantId: merchant.id, feature, level, now: now() });
  out(level ? `${feature} of ${merchant.mid} opens at level rank ${level.rank} of program ${level.programId}.` : `${feature} of ${merchant.mid} is closed to every member.`);
}

/** `kartu features unlock`: opens a feature again. */
export async function unlockFeatureCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, feature: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const feature = featureOf(required(values, 'feature'));
  if (!(await unlockFeature({ db, merchantId: merchant.id, feature }))) throw new CommandError(`${feature} of ${merchant.mid} was not locked`);
  out(`${feature} of ${merchant.mid} is open to every member.`);
}

/** `kartu features list`: the merchant's locks. */
export async function listFeatureLocksCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const locks = await listFeatureLocks({ db, merchantId: merchant.id });
  if (locks.length === 0) return out(`Every feature of ${merchant.mid} is open.`);
  for (const lock of locks) {
    out(lock.programId ? `${lock.feature}: opens at ${lock.levelName ?? `rank ${lock.minLevelRank}`} of ${lock.programName ?? lock.programId}` : `${lock.feature}: closed`);
  }
}
