import { randomUUID } from 'node:crypto';
import { voucherUsableAt } from '@kartu/contracts';
import { getCardByNumber } from '../modules/cards/cards.service.ts';
import { setPlanVouchers } from '../modules/vouchers/plan-vouchers.service.ts';
import { issueVouchersOfTemplates } from '../modules/vouchers/voucher-issuing.service.ts';
import { defineVoucherTemplate } from '../modules/vouchers/voucher-templates.service.ts';
import { CommandError, merchantByMid, oneOf, readOptions, required, UsageError, type CliContext } from './cli.context.ts';

function wholeNumber(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new UsageError(`--${name} must be a whole number`);
  return value;
}

function amount(text: string | undefined, name: string): bigint | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,15}$/.test(text.trim())) throw new UsageError(`--${name} must be a whole number (minor units or points)`);
  return BigInt(text.trim());
}

/** `kartu vouchers template`: a voucher template of a program, sold by a product, granted, or loaded as a gift card. */
export async function createVoucherTemplateCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, {
    merchant: { type: 'string' },
    program: { type: 'string' },
    name: { type: 'string' },
    'value-text': { type: 'string' },
    description: { type: 'string' },
    terms: { type: 'string' },
    'usable-at': { type: 'string' },
    days: { type: 'string' },
    'daily-limit': { type: 'string' },
    product: { type: 'string' },
    discount: { type: 'string' },
    'minimum-points': { type: 'string' },
    'minimum-money': { type: 'string' },
    'gift-card-program': { type: 'string' },
    'gift-card-value': { type: 'string' },
    'hashed-codes': { type: 'boolean' },
    partner: { type: 'boolean' },
  });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const giftProgram = values['gift-card-program'];
  const giftValue = amount(values['gift-card-value'], 'gift-card-value');
  if ((giftProgram === undefined) !== (giftValue === undefined)) throw new UsageError('--gift-card-program and --gift-card-value go together');
  const template = await defineVoucherTemplate({
    db,
    merchantId: merchant.id,
    input: {
      programId: required(values, 'program'),
      name: required(values, 'name'),
      valueText: values['value-text'],
      description: values.description,
      terms: values.terms,
      usableAt: oneOf(values['usable-at'], voucherUsableAt, 'in_store', 'usable-at'),
      validityDays: wholeNumber(required(values, 'days'), 'days') ?? 0,
      dailyRedemptionLimit: wholeNumber(values['daily-limit'], 'daily-limit'),
      productSku: values.product,
      discount: values.discount,
      minimumPoints: amount(values['minimum-points'], 'minimum-points'),
      minimumMinor: amount(values['minimum-money'], 'minimum-money'),
      giftCard: giftProgram !== undefined && giftValue !== undefined ? { programId: giftProgram, value: giftValue } : undefined,
      hashedCodes: values['hashed-codes'] === true,
      partnerIssued: values.partner === true,
    },
  });
  out(`Voucher template "${template.name}" of ${merchant.mid}: id ${template.id}.`);
  if (template.productId) out('The product sells it: each one bought lands in the buyer’s wallet.');
  if (template.issuer === 'partner') out("Each voucher waits for the partner's code (POST /integration/v1/vouchers/{id}/partner-code), at most 30 minutes.");
}

/** `kartu vouchers grant`: vouchers of a template into the wallet of a card's member, as a goodwill gesture. */
export async function grantVouchersCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, template: { type: 'string' }, card: { type: 'string' }, quantity: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const quantity = wholeNumber(values.quantity ?? '1', 'quantity') ?? 1;
  if (quantity < 1 || quantity > 20) throw new UsageError('--quantity must be 1 to 20');
  const card = await getCardByNumber({ db, merchantId: merchant.id, number: required(values, 'card').replace(/\s/g, '') });
  if (!card.ownerUserId) throw new CommandError('Nobody holds this card yet: vouchers go to a member');
  const issued = await db.transaction((tx) =>
    issueVouchersOfTemplates(tx, {
      merchantId: merchant.id,
      holder: { userId: card.ownerUserId ?? '', cardId: card.id },
      source: { type: 'grant', id: randomUUID() },
      templates: [{ templateId: required(values, 'template'), quantity }],
      now: now(),
    }),
  );
  if (issued.length === 0) throw new CommandError('No active template of this merchant has that id');
  out(`${issued.length} voucher(s) granted to card ${card.number}.`);
}

/** `kartu plans vouchers`: the vouchers of a template each paid period of a subscription plan brings (0 stops them). */
export async function setPlanVouchersCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, plan: { type: 'string' }, template: { type: 'string' }, quantity: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const quantity = wholeNumber(required(values, 'quantity'), 'quantity') ?? 0;
  await setPlanVouchers({ db, merchantId: merchant.id, planId: required(values, 'plan'), templateId: required(values, 'template'), quantity });
  out(quantity === 0 ? 'The plan brings no more vouchers of this template.' : `Each paid period of the plan brings ${quantity} voucher(s) of this template.`);
}
