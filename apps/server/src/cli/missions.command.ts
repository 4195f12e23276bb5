import { integrationMissionBodySchema } from '@kartu/contracts';
import { endMission, listMerchantMissions } from '../modules/missions/missions.service.ts';
import { createMerchantMission } from '../use-cases/mission-progress/create-mission.ts';
import { inTransaction } from '../db/database.ts';
import { CommandError, merchantByMid, readBodyFile, readOptions, required, type CliContext } from './cli.context.ts';
import { findProgramById } from './operator.repository.ts';

/** `kartu missions add`: a card program's mission, read from a JSON file shaped as the integration API's body (without programId). */
export async function addMissionCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { program: { type: 'string' }, file: { type: 'string' } });
  const program = await findProgramById(db, required(values, 'program'));
  if (!program) throw new CommandError(`No program has the id ${values.program}`);
  const body = await readBodyFile(required(values, 'file'), { programId: program.id }, integrationMissionBodySchema, 'mission');
  const created = await inTransaction(db, (tx) => createMerchantMission({ db: tx, merchantId: program.merchantId, body, now: now() }));
  out(`Mission ${created.id} added to "${program.name}".`);
}

/** `kartu missions list`: the merchant's missions, newest first. */
export async function listMissionsCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const missions = await listMerchantMissions(db, merchant.id);
  if (missions.length === 0) return out(`${merchant.mid} has no mission.`);
  const at = now();
  for (const mission of missions) {
    const state = mission.startsAt > at ? 'scheduled' : mission.endsAt > at ? 'running' : 'ended';
    out(`${mission.id}  program ${mission.programId}  "${mission.name}"  ${state}  ${mission.startsAt.toISOString()} – ${mission.endsAt.toISOString()}`);
  }
}

/** `kartu missions end`: ends a running mission now, or withdraws one not started. */
export async function endMissionCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, id: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const outcome = await endMission({ db, merchantId: merchant.id, missionId: required(values, 'id'), now: now() });
  if (outcome === 'already-ended') throw new CommandError(`Mission ${values.id} has ended already.`);
  out(outcome === 'ended' ? `Mission ${values.id} ended.` : `Mission ${values.id} withdrawn before its start.`);
}
