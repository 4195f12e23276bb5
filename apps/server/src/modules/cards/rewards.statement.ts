import { sql, type SQL } from 'drizzle-orm';
import { rewardKinds, type RewardKind } from './rewards.table.ts';

/** True while the program offers no reward of the kind: a condition for a one-statement write (ledger/earn-statement.ts). */
export function programOffersNoReward(kind: RewardKind, programId: SQL): SQL<boolean> {
  if (!rewardKinds.includes(kind)) throw new Error(`Unknown reward kind ${kind}`);
  return sql<boolean>`not exists (select 1 from program_rewards offer where offer.program_id = ${programId} and offer.kind = ${sql.raw(`'${kind}'`)})`;
}
