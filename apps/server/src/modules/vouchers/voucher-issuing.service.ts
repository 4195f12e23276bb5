import type { IntegrationPendingVoucher } from '@kartu/contracts';
import { DAY_MS, MINUTE_MS } from '@kartu/core/calendar';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.service.ts';
import { hashVoucherCode, sealVoucherCode, type VoucherCodeKeys } from './voucher-codes.ts';
import { newCounterCode } from '../../lib/counter-codes.ts';
import {
  findPendingOwnCodeVouchers,
  findPendingPartnerVouchers,
  findTemplates,
  findTemplatesOfProducts,
  insertVouchers,
  lockVoucher,
  moveVoucher,
  setVoucherCode,
  suspendLatePartnerVouchers,
  suspendVouchersOfSource,
} from './vouchers.repository.ts';
import type { NewVoucherRow, VoucherRow, VoucherTemplateRow } from './vouchers.table.ts';

/*
 * Issuing e-vouchers (docs/decisions/025-vouchers.md). Every source (a shop order, a reward, a
 * subscription's period, a mission, an operator's grant) issues through issueVouchers, once per
 * source whatever the retries. A voucher gets its code in one of three ways:
 * - at once, kept plain, for most templates;
 * - from a job a moment later, kept only as a keyed hash, for a template that says so (the job
 *   holds the keys; the member's phone shows the code once);
 * - from the merchant's partner, who is asked by a webhook and answers through the integration API
 *   within the spec's 30 minutes (business-rules §9 voucher generation); past that it is suspended.
 */

export const issueVoucherCodesJobName = 'issue-voucher-codes';
export const failLatePartnerVouchersJobName = 'fail-late-partner-vouchers';
/** business-rules §9: voucher generation takes up to 30 minutes. */
export const PARTNER_CODE_DEADLINE_MS = 30 * MINUTE_MS;
/** The most pending vouchers one run of the code job fills. */
const CODES_PER_RUN = 500;

export interface VoucherSource {
  type: VoucherRow['sourceType'];
  id: string;
}

export interface IssueVouchersOptions {
  merchantId: number;
  holder: { userId: string; cardId: string };
  source: VoucherSource;
  items: readonly { template: VoucherTemplateRow; quantity: number }[];
  now: Date;
}

/** A template whose vouchers wait `pending` for their code: made by the partner, or kept hashed by the job. */
function waitsForCode(template: Pick<VoucherTemplateRow, 'issuer' | 'codeStorage'>): boolean {
  return template.issuer === 'partner' || template.codeStorage === 'hashed';
}

/** Issues a source's vouchers in the caller's transaction; a second call for the same source issues nothing more. */
export async function issueVouchers(tx: Database, { merchantId, holder, source, items, now }: IssueVouchersOptions): Promise<VoucherRow[]> {
  const templates = new Map(items.map(({ template }) => [template.id, template]));
  const rows: NewVoucherRow[] = items.flatMap(({ template, quantity }) =>
    Array.from({ length: quantity }, (_, index) => ({
      merchantId,
      templateId: template.id,
      userId: holder.userId,
      cardId: holder.cardId,
      code: waitsForCode(template) ? null : newCounterCode(),
      status: waitsForCode(template) ? ('pending' as const) : ('active' as const),
      sourceType: source.type,
      sourceId: source.id,
      sourceIndex: index,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + template.validityDays * DAY_MS),
    })),
  );
  const issued = await insertVouchers(tx, rows);
  if (issued.length === 0) return issued;
  await askForCodes(tx, { merchantId, vouchers: issued, templates, now });
  return issued;
}

/** Queues what fills the pending vouchers: the code job for hashed ones, a webhook to the partner for the partner's. */
async function askForCodes(tx: Database, { merchantId, vouchers, templates, now }: { merchantId: number; vouchers: readonly VoucherRow[]; templates: ReadonlyMap<string, VoucherTemplateRow>; now: Date }): Promise<void> {
  const pending = vouchers.filter((voucher) => voucher.status === 'pending');
  if (pending.some((voucher) => templates.get(voucher.templateId)?.issuer === 'kartu')) {
    await enqueueJob({ db: tx, name: issueVoucherCodesJobName, runAt: now, now });
  }
  for (const voucher of pending) {
    const template = templates.get(voucher.templateId);
    if (template?.issuer !== 'partner') continue;
    await queueWebhookEvent(tx, {
      merchantId,
      type: 'voucher.code_requested',
      now,
      data: async () => ({
        voucherId: voucher.id,
        template: { id: template.id, name: template.name },
        issuedAt: voucher.issuedAt.toISOString(),
        answerBy: new Date(voucher.issuedAt.getTime() + PARTNER_CODE_DEADLINE_MS).toISOString(),
      }),
    });
  }
}

/** The vouchers of the shop's e-voucher products bought in one order: products without a template issue none. */
export async function issueVouchersForProducts(
  tx: Database,
  { merchantId, holder, source, lines, now }: Omit<IssueVouchersOptions, 'items'> & { lines: readonly { productId: string; quantity: number }[] },
): Promise<VoucherRow[]> {
  const templates = await findTemplatesOfProducts(tx, { merchantId, productIds: lines.map((line) => line.productId) });
  const items = lines.flatMap((line) => {
    const template = templates.find((candidate) => candidate.productId === line.productId);
    return template ? [{ template, quantity: line.quantity }] : [];
  });
  return issueVouchers(tx, { merchantId, holder, source, items, now });
}

/** The vouchers of templates named by id (a reward, a subscription plan): templates no longer active issue none. */
export async function issueVouchersOfTemplates(
  tx: Database,
  { merchantId, holder, source, templates: wanted, now }: Omit<IssueVouchersOptions, 'items'> & { templates: readonly { templateId: string; quantity: number }[] },
): Promise<VoucherRow[]> {
  const found = new Map((await findTemplates(tx, wanted.map((item) => item.templateId))).map((template) => [template.id, template]));
  const items = wanted.flatMap(({ templateId, quantity }) => {
    const template = found.get(templateId);
    return template && template.merchantId === merchantId && template.isActive ? [{ template, quantity }] : [];
  });
  return issueVouchers(tx, { merchantId, holder, source, items, now });
}

/** An order that did not go through takes back its vouchers not used yet. */
export async function suspendVouchersOf(tx: Database, source: VoucherSource): Promise<void> {
  await suspendVouchersOfSource(tx, { sourceType: source.type, sourceId: source.id });
}

/**
 * Moves a voucher to another member's card (a claimed gift) under a new code, so the old holder's
 * copy is worthless: a plain one at once, a hashed one from the code job. A partner's external code
 * stays what the partner issued.
 */
export async function giveVoucher(tx: Database, { voucher, template, to, now }: { voucher: VoucherRow; template: VoucherTemplateRow; to: { userId: string; cardId: string }; now: Date }): Promise<VoucherRow> {
  const hashed = template.codeStorage === 'hashed';
  const moved = await moveVoucher(tx, {
    voucher,
    userId: to.userId,
    cardId: to.cardId,
    code: hashed ? null : newCounterCode(),
    status: hashed ? 'pending' : voucher.status,
  });
  if (hashed) await enqueueJob({ db: tx, name: issueVoucherCodesJobName, runAt: now, now });
  return moved;
}

/** A new code for a pending voucher, kept as its template says; the voucher becomes usable. */
async function fillCode(tx: Database, { voucher, template, keys, externalCode }: { voucher: VoucherRow; template: VoucherTemplateRow; keys: VoucherCodeKeys; externalCode: string | null }): Promise<VoucherRow | undefined> {
  const code = newCounterCode();
  const kept = template.codeStorage === 'hashed' ? { code: null, codeHash: hashVoucherCode(code, keys), codeSealed: sealVoucherCode(code, keys) } : { code, codeHash: null, codeSealed: null };
  const filled = await setVoucherCode(tx, { voucherId: voucher.id, ...kept, externalCode: externalCode ?? voucher.externalCode });
  return filled;
}

/** The job that gives pending vouchers of hashed templates their code; safe to run again, and by several workers. */
export function issueVoucherCodesJob({ keys }: { keys: VoucherCodeKeys }): JobHandler {
  return {
    name: issueVoucherCodesJobName,
    run: async ({ db }) => {
      const pending = await findPendingOwnCodeVouchers(db, CODES_PER_RUN);
      for (const { voucher, template } of pending) {
        await db.transaction(async (tx) => {
          const locked = await lockVoucher(tx, voucher.id);
          if (locked?.status === 'pending') await fillCode(tx, { voucher: locked, template, keys, externalCode: null });
        });
      }
      return pending.length;
    },
  };
}

/**
 * POST /integration/v1/vouchers/{voucherId}/partner-code: the partner's code for one of its pending
 * vouchers. Sent again with the same code, it answers the voucher as it is.
 */
export async function fillPartnerCode({ tx, merchantId, voucherId, externalCode, keys }: { tx: Database; merchantId: number; voucherId: string; externalCode: string; keys: VoucherCodeKeys }): Promise<IntegrationPendingVoucher> {
  const voucher = isUuid(voucherId) ? await lockVoucher(tx, voucherId) : undefined;
  if (!voucher || voucher.merchantId !== merchantId) throw new AppError('VOUCHER_NOT_FOUND');
  const [template] = await findTemplates(tx, [voucher.templateId]);
  if (template?.issuer !== 'partner') throw new AppError('VOUCHER_NOT_FOUND');
  if (voucher.status !== 'pending') {
    if (voucher.externalCode === externalCode) return toPendingVoucher(voucher, template);
    throw new AppError('VOUCHER_NOT_PENDING');
  }
  const filled = await fillCode(tx, { voucher, template, keys, externalCode });
  if (!filled) throw new Error('The pending voucher was not filled');
  return toPendingVoucher(filled, template);
}

export function toPendingVoucher(voucher: VoucherRow, template?: Pick<VoucherTemplateRow, 'id' | 'name'>): IntegrationPendingVoucher {
  return {
    id: voucher.id,
    template: { id: template?.id ?? voucher.templateId, name: template?.name ?? '' },
    status: voucher.status,
    externalCode: voucher.externalCode,
    issuedAt: voucher.issuedAt.toISOString(),
    answerBy: new Date(voucher.issuedAt.getTime() + PARTNER_CODE_DEADLINE_MS).toISOString(),
  };
}

/** GET /integration/v1/vouchers/pending: the partner's vouchers of the merchant waiting for their code. */
export async function listPartnerPendingVouchers({ db, merchantId }: { db: Database; merchantId: number }): Promise<IntegrationPendingVoucher[]> {
  const pending = await findPendingPartnerVouchers(db, { merchantId, limit: CODES_PER_RUN });
  return pending.map(({ voucher, template }) => toPendingVoucher(voucher, template));
}

/** The sweep: partner vouchers still without a code 30 minutes after their issue are suspended, and the merchant hears of it. */
export async function failLatePartnerVouchers({ db, now }: { db: Database; now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const late = await suspendLatePartnerVouchers(tx, new Date(now.getTime() - PARTNER_CODE_DEADLINE_MS));
    for (const voucher of late) {
      await queueWebhookEvent(tx, { merchantId: voucher.merchantId, type: 'voucher.issue_failed', now, data: async () => ({ voucherId: voucher.id, templateId: voucher.templateId, issuedAt: voucher.issuedAt.toISOString() }) });
    }
    return late.length;
  });
}
