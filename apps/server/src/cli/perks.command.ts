import { answerReviewStates, integrationPrivilegeBodySchema } from '@kartu/contracts';
import { inTransaction } from '../db/database.ts';
import { getPrivilege, listMerchantPrivileges, privilegeAnswersForMerchant } from '../modules/privileges/privileges.service.ts';
import { reviewSurveyAnswer } from '../use-cases/member-privileges/member-privileges.ts';
import { createMerchantPrivilege } from '../use-cases/member-privileges/merchant-privileges.ts';
import { CommandError, merchantByMid, oneOf, readBodyFile, readOptions, required, UsageError, type CliContext } from './cli.context.ts';
import { findProgramById } from './operator.repository.ts';

/** `kartu perks add`: a card program's perk, read from a JSON file shaped as the integration API's body (without programId). */
export async function addPerkCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { program: { type: 'string' }, file: { type: 'string' } });
  const program = await findProgramById(db, required(values, 'program'));
  if (!program) throw new CommandError(`No program has the id ${values.program}`);
  const body = await readBodyFile(required(values, 'file'), { programId: program.id }, integrationPrivilegeBodySchema, 'perk');
  const created = await inTransaction(db, (tx) => createMerchantPrivilege({ db: tx, merchantId: program.merchantId, body, now: now() }));
  out(`Perk ${created.id} added to "${program.name}".`);
}

/** `kartu perks list`: the merchant's perks, newest first. */
export async function listPerksCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const perks = await listMerchantPrivileges(db, merchant.id);
  if (perks.length === 0) return out(`${merchant.mid} has no perk.`);
  const at = now();
  for (const perk of perks) {
    const state = !perk.active ? 'paused' : perk.endsAt && perk.endsAt <= at ? 'ended' : perk.startsAt > at ? 'scheduled' : 'running';
    out(`${perk.id}  program ${perk.programId}  ${perk.kind}  "${perk.title}"  ${state}${perk.minLevelRank ? `  from level ${perk.minLevelRank}` : ''}`);
  }
}

/** `kartu perks answers`: a survey perk's answers, oldest first, for review. */
export async function perkAnswersCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, id: { type: 'string' }, state: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const perk = await getPrivilege(db, { merchantId: merchant.id, privilegeId: required(values, 'id') });
  const state = values.state === undefined ? undefined : oneOf(values.state, answerReviewStates, 'pending', 'state');
  const rows = await privilegeAnswersForMerchant(db, { merchantId: merchant.id, privilegeId: perk.id, state });
  if (rows.length === 0) return out(`"${perk.title}" has no answer${state ? ` ${state}` : ''}.`);
  for (const { answer, cardNumber, memberName } of rows) {
    out(`${answer.id}  ${answer.state}  card ${cardNumber}  ${memberName ?? '(no name)'}  ${answer.submittedAt.toISOString()}  ${JSON.stringify(answer.answers)}`);
  }
}

/** `kartu perks review`: approves an answer (paying the perk's points) or rejects it with a note. */
export async function reviewPerkAnswerCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, answer: { type: 'string' }, approve: { type: 'boolean' }, reject: { type: 'boolean' }, note: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  if (values.approve === values.reject) throw new UsageError('Give one of --approve and --reject');
  const note = values.note?.trim() || null;
  if (values.reject && !note) throw new UsageError('--reject needs --note, shown to the member');
  const reviewed = await reviewSurveyAnswer({ db, merchantId: merchant.id, answerId: required(values, 'answer'), decision: values.approve ? 'approve' : 'reject', note, now: now() });
  out(`Answer ${reviewed.id} ${reviewed.state}.`);
}
