import type { VoucherUsableAt } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import { findProgramProductBySku, insertTemplate } from './vouchers.repository.ts';
import type { VoucherTemplateRow } from './vouchers.table.ts';

/*
 * Defining voucher templates (the operator's `kartu vouchers template`): every rule a template must
 * keep is checked here before it is written, with a message an operator can act on.
 */

export interface VoucherTemplateInput {
  programId: string;
  name: string;
  valueText?: string | undefined;
  description?: string | undefined;
  terms?: string | undefined;
  usableAt: VoucherUsableAt;
  validityDays: number;
  dailyRedemptionLimit?: number | undefined;
  /** The SKU of the program's e-voucher product that sells it. */
  productSku?: string | undefined;
  /** `percent:10`, `points:200` or `money:25000` (minor units): what it takes off an online order. */
  discount?: string | undefined;
  minimumPoints?: bigint | undefined;
  minimumMinor?: bigint | undefined;
  /** An e-gift voucher: the `egift` program it becomes a card of, and the value it loads. */
  giftCard?: { programId: string; value: bigint } | undefined;
  hashedCodes?: boolean | undefined;
  partnerIssued?: boolean | undefined;
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message });
}

function discountOf(text: string | undefined): Pick<VoucherTemplateRow, 'discountKind' | 'discountValue'> {
  if (text === undefined) return { discountKind: null, discountValue: null };
  const match = /^(percent|points|money):(\d{1,12})$/.exec(text.trim());
  if (!match?.[1] || !match[2]) throw invalid('A discount looks like percent:10, points:200 or money:25000');
  const kind = match[1] as 'percent' | 'points' | 'money';
  const value = BigInt(match[2]);
  if (value <= 0n || (kind === 'percent' && value > 100n)) throw invalid('A discount is above 0, and a share at most 100 percent');
  // Shares are kept in basis points.
  return { discountKind: kind, discountValue: kind === 'percent' ? value * 100n : value };
}

/** Writes a new template after checking its program, product, discount and gift card against the merchant's data. */
export async function defineVoucherTemplate({ db, merchantId, input }: { db: Database; merchantId: number; input: VoucherTemplateInput }): Promise<VoucherTemplateRow> {
  const { program } = await getProgram({ db, merchantId, programId: input.programId });
  const name = input.name.trim();
  if (!name || name.length > 100) throw invalid('A template needs a name of 1 to 100 characters');
  if (!Number.isInteger(input.validityDays) || input.validityDays < 1 || input.validityDays > 3650) throw invalid('Vouchers last 1 to 3650 days');
  if (input.dailyRedemptionLimit !== undefined && (!Number.isInteger(input.dailyRedemptionLimit) || input.dailyRedemptionLimit < 1)) throw invalid('A daily limit is a whole number from 1');

  let productId: string | null = null;
  if (input.productSku !== undefined) {
    const product = await findProgramProductBySku(db, { merchantId, programId: program.id, sku: input.productSku });
    if (!product) throw new AppError('PRODUCT_NOT_FOUND', { message: `No product has the SKU ${input.productSku} in this program` });
    if (product.type !== 'evoucher') throw invalid('Only an e-voucher product sells vouchers');
    productId = product.id;
  }

  const discount = discountOf(input.discount);
  if (discount.discountKind !== null && input.usableAt === 'in_store') throw invalid('A discount applies to online orders: make the voucher usable at ecommerce or both');

  let giftCard: Pick<VoucherTemplateRow, 'giftCardProgramId' | 'giftCardValue'> = { giftCardProgramId: null, giftCardValue: null };
  if (input.giftCard) {
    const target = (await getProgram({ db, merchantId, programId: input.giftCard.programId })).program;
    if (target.type !== 'egift') throw invalid('A gift card voucher names an e-gift program (kartu programs create --type egift)');
    if (input.giftCard.value <= 0n) throw invalid('A gift card is loaded with more than 0');
    if (discount.discountKind !== null) throw invalid('A gift card voucher takes nothing off an order: it is added to the cards instead');
    giftCard = { giftCardProgramId: target.id, giftCardValue: input.giftCard.value };
  }

  return insertTemplate(db, {
    merchantId,
    programId: program.id,
    productId,
    name,
    valueText: input.valueText?.trim() || null,
    description: input.description?.trim() || null,
    terms: input.terms?.trim() || null,
    usableAt: input.usableAt,
    validityDays: input.validityDays,
    dailyRedemptionLimit: input.dailyRedemptionLimit ?? null,
    ...discount,
    minimumPoints: input.minimumPoints ?? null,
    minimumMinor: input.minimumMinor ?? null,
    ...giftCard,
    codeStorage: input.hashedCodes ? 'hashed' : 'plain',
    issuer: input.partnerIssued ? 'partner' : 'kartu',
  });
}
