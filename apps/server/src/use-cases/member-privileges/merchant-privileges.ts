import type { IntegrationPrivilegeBody } from '@kartu/contracts';
import type { z } from 'zod';
import type { integrationPrivilegeSchema, integrationSurveyAnswerSchema } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { fieldRefusal } from '../../lib/app-error.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { createPrivilege, privilegeFigures } from '../../modules/privileges/privileges.service.ts';
import type { PrivilegeRow, SurveyAnswerRow } from '../../modules/privileges/privileges.table.ts';
import { getProgramLevels } from '../../modules/programs/programs.service.ts';
import { findVoucherTemplateOf } from '../../modules/vouchers/vouchers.service.ts';
import { toPrivilegeAnswer } from './member-privileges.ts';

/*
 * A merchant's perks (docs/decisions/045-privileges.md): made with a voucher template of theirs and a
 * level of the program, reviewed answer by answer.
 */

export async function createMerchantPrivilege({ db, merchantId, body, now }: { db: Database; merchantId: number; body: IntegrationPrivilegeBody; now: Date }): Promise<PrivilegeRow> {
  if (body.voucher) {
    const template = isUuid(body.voucher.templateId) ? await findVoucherTemplateOf(db, { merchantId, templateId: body.voucher.templateId }) : undefined;
    if (!template?.isActive) throw fieldRefusal('body.voucher.templateId', 'This e-voucher is not one of yours on offer');
  }
  if (body.minLevelRank !== undefined && isUuid(body.programId)) {
    const levels = await getProgramLevels({ db, programId: body.programId });
    if (!levels.some((level) => level.rank === body.minLevelRank)) throw fieldRefusal('body.minLevelRank', `The program has no level of rank ${body.minLevelRank}`);
  }
  return createPrivilege({
    db,
    merchantId,
    programId: body.programId,
    kind: body.kind,
    title: body.title,
    description: body.description || null,
    terms: body.terms || null,
    minLevelRank: body.minLevelRank ?? null,
    subscribersOnly: body.subscribersOnly,
    startsAt: body.startsAt ? new Date(body.startsAt) : now,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    voucher: body.voucher ?? null,
    rewardPoints: body.rewardPoints === undefined ? null : BigInt(body.rewardPoints),
    questions: (body.questions ?? []).map((question) => ({ name: question.name, label: question.label, type: question.type, required: question.required, ...(question.options && { options: question.options }) })),
    now,
  });
}

export async function integrationPrivilegesOf(db: Database, rows: readonly PrivilegeRow[]): Promise<Array<z.infer<typeof integrationPrivilegeSchema>>> {
  const { claims, pending } = await privilegeFigures(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    programId: row.programId,
    kind: row.kind,
    title: row.title,
    description: row.description,
    terms: row.terms,
    minLevelRank: row.minLevelRank,
    subscribersOnly: row.subscribersOnly,
    active: row.active,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    voucher: row.voucherTemplateId && row.voucherQuantity ? { templateId: row.voucherTemplateId, quantity: row.voucherQuantity } : null,
    rewardPoints: row.rewardPoints === null ? null : toJsonNumber(row.rewardPoints),
    questions: row.questions,
    claims: claims.get(row.id) ?? 0,
    pendingAnswers: pending.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

export function integrationSurveyAnswerOf({ answer, cardNumber, memberName }: { answer: SurveyAnswerRow; cardNumber: string; memberName: string | null }): z.infer<typeof integrationSurveyAnswerSchema> {
  return { ...toPrivilegeAnswer(answer), cardNumber, memberName };
}
