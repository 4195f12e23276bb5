import { referralRewardOns } from '@kartu/contracts';
import { createReferralProgram, endReferralProgram, listReferralPrograms, referralStatus } from '../modules/referrals/referrals.service.ts';
import { CommandError, instant, merchantByMid, oneOf, readOptions, required, UsageError, type CliContext } from './cli.context.ts';
import { findProgramById } from './operator.repository.ts';

function wholeAmount(text: string | undefined, name: string, fallback: bigint): bigint {
  if (text === undefined) return fallback;
  if (!/^\d{1,12}$/.test(text)) throw new UsageError(`--${name} must be a whole number from 0`);
  return BigInt(text);
}

/** `kartu referrals add`: a card program's referral offer. */
export async function addReferralProgramCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, {
    program: { type: 'string' },
    'referrer-reward': { type: 'string' },
    'friend-reward': { type: 'string' },
    'reward-on': { type: 'string' },
    'daily-cap': { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
  });
  const program = await findProgramById(db, required(values, 'program'));
  if (!program) throw new CommandError(`No program has the id ${values.program}`);
  const dailyRewardCap = Number(values['daily-cap'] ?? '10');
  if (!Number.isInteger(dailyRewardCap) || dailyRewardCap < 1 || dailyRewardCap > 1000) throw new UsageError('--daily-cap must be a whole number from 1 to 1000');
  const created = await createReferralProgram({
    db,
    merchantId: program.merchantId,
    programId: program.id,
    referrerReward: wholeAmount(required(values, 'referrer-reward'), 'referrer-reward', 0n),
    friendReward: wholeAmount(values['friend-reward'], 'friend-reward', 0n),
    rewardOn: oneOf(values['reward-on'], referralRewardOns, 'purchased', 'reward-on'),
    dailyRewardCap,
    startsAt: instant(values.starts, 'starts') ?? now(),
    endsAt: instant(values.ends, 'ends'),
    now: now(),
  });
  out(`Referral program ${created.id} added to "${program.name}": members open it from their card, at /cards/<card id>/referral/${created.id}.`);
}

/** `kartu referrals list`: the merchant's referral programs. */
export async function listReferralProgramsCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const programs = await listReferralPrograms({ db, merchantId: merchant.id });
  if (programs.length === 0) return out(`${merchant.mid} has no referral program.`);
  for (const program of programs) {
    out(
      `${program.id}  program ${program.programId}  ${referralStatus(program, now())}  referrer ${program.referrerReward} when ${program.rewardOn}, friend ${program.friendReward}, ` +
        `${program.dailyRewardCap} a day${program.endsAt ? `, ends ${program.endsAt.toISOString()}` : ''}`,
    );
  }
}

/** `kartu referrals end`: ends an offer now; friends already on their way still count. */
export async function endReferralProgramCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, id: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const id = required(values, 'id');
  if (!(await endReferralProgram({ db, merchantId: merchant.id, referralId: id, now: now() }))) throw new CommandError(`${merchant.mid} has no referral program ${id}`);
  out(`Referral program ${id} has ended: its links no longer welcome friends.`);
}
