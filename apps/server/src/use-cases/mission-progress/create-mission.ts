import type { IntegrationMission, IntegrationMissionBody } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { fieldRefusal } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { productsByIds } from '../../modules/catalog/catalog.service.ts';
import { completionCounts, createMission, missionReward, tasksOf } from '../../modules/missions/missions.service.ts';
import type { MissionRow } from '../../modules/missions/missions.table.ts';
import { findVoucherTemplateOf } from '../../modules/vouchers/vouchers.service.ts';

/*
 * A merchant makes a mission (docs/decisions/044-missions.md): the products its tasks name are the
 * merchant's, of the mission's program, and the voucher of its reward is the merchant's and on offer.
 */

export async function createMerchantMission({ db, merchantId, body, now }: { db: Database; merchantId: number; body: IntegrationMissionBody; now: Date }): Promise<MissionRow> {
  const products = await productsByIds(db, { merchantId, ids: body.tasks.flatMap((task) => (task.productId ? [task.productId] : [])) });
  body.tasks.forEach((task, index) => {
    if (task.productId && products.get(task.productId)?.programId !== body.programId) {
      throw fieldRefusal(`body.tasks.${index}.productId`, 'This product is not in the shop of the mission’s program');
    }
  });
  if (body.reward.kind === 'voucher') {
    const template = isUuid(body.reward.templateId) ? await findVoucherTemplateOf(db, { merchantId, templateId: body.reward.templateId }) : undefined;
    if (!template?.isActive) throw fieldRefusal('body.reward.templateId', 'This e-voucher is not one of yours on offer');
  }
  return createMission({
    db,
    merchantId,
    programId: body.programId,
    name: body.name,
    description: body.description || null,
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
    reward: body.reward.kind === 'points' ? { kind: 'points', amount: BigInt(body.reward.amount) } : body.reward,
    tasks: body.tasks.map((task) => ({ kind: task.kind, title: task.title, description: task.description || null, target: BigInt(task.target), productId: task.productId ?? null })),
    now,
  });
}

/** Missions as the integration API answers them, with their tasks and how many members completed each. */
export async function integrationMissionsOf(db: Database, rows: readonly MissionRow[]): Promise<IntegrationMission[]> {
  const ids = rows.map((row) => row.id);
  const [tasks, counts] = [await tasksOf(db, ids), await completionCounts(db, ids)];
  return rows.map((row) => {
    const reward = missionReward(row);
    return {
      id: row.id,
      programId: row.programId,
      name: row.name,
      description: row.description,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      reward: reward.kind === 'points' ? { kind: 'points', amount: toJsonNumber(reward.amount) } : reward,
      tasks: (tasks.get(row.id) ?? []).map((task) => ({ id: task.id, kind: task.kind, title: task.title, description: task.description, target: toJsonNumber(task.target), productId: task.productId })),
      completions: counts.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
