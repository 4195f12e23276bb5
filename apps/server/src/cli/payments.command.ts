import { feeLineTypes, paymentMethods, paymentProviderNames, type FeeLineType, type PaymentMethod } from '@kartu/contracts';
import { setMerchantBankAccount, setMerchantPaymentSettings } from '../modules/payments/payments.service.ts';
import { cashUnitMinorOf, type FeeRule } from '../lib/fee-lines.ts';
import { createSubscriptionPlan } from '../modules/subscriptions/subscriptions.service.ts';
import { CommandError, merchantByMid, oneOf, readOptions, required, UsageError, type CliContext } from './cli.context.ts';

function methodsOf(text: string, separator = ','): PaymentMethod[] {
  const methods = text.split(separator).map((method) => method.trim());
  const unknown = methods.filter((method) => !(paymentMethods as readonly string[]).includes(method));
  if (unknown.length > 0 || methods.length === 0) throw new UsageError(`--methods takes a comma-separated list of ${paymentMethods.join(', ')}`);
  return methods as PaymentMethod[];
}

/** `kartu merchants payments`: the provider a merchant's members pay through, and the methods they may choose. */
export async function setMerchantPaymentsCommand(args: string[], { db, payments, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { mid: { type: 'string' }, provider: { type: 'string' }, methods: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'mid').toUpperCase());
  // A manual transfer goes into the merchant's own account: `kartu merchants bank-account` sets it.
  const provider = oneOf(required(values, 'provider'), paymentProviderNames.filter((name) => name !== 'manual' && name !== 'cash'), 'sandbox', 'provider');
  const methods = methodsOf(required(values, 'methods'));
  if (!payments) throw new CommandError('The payment providers of this deployment are not known here');
  await setMerchantPaymentSettings({ db, payments, merchantId: merchant.id, provider, methods, now: now() });
  out(`${merchant.mid} takes payments through ${provider}: ${methods.join(', ')}.`);
}

/**
 * `kartu merchants bank-account`: the merchant's own account its members pay manual transfers into
 * (beside its provider, which this leaves as it is), or `--remove` to stop taking them.
 */
export async function setMerchantBankAccountCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, {
    mid: { type: 'string' },
    bank: { type: 'string' },
    'account-number': { type: 'string' },
    'account-name': { type: 'string' },
    remove: { type: 'boolean' },
  });
  const merchant = await merchantByMid(db, required(values, 'mid').toUpperCase());
  if (values.remove) {
    await setMerchantBankAccount({ db, merchantId: merchant.id, account: null, now: now() });
    out(`${merchant.mid} no longer takes manual transfers.`);
    return;
  }
  const accountNumber = required(values, 'account-number').replace(/[\s-]/g, '');
  if (!/^\d{5,30}$/.test(accountNumber)) throw new UsageError('--account-number takes 5 to 30 digits');
  const account = { bank: required(values, 'bank'), accountNumber, accountName: required(values, 'account-name') };
  await setMerchantBankAccount({ db, merchantId: merchant.id, account, now: now() });
  out(`${merchant.mid} takes manual transfers into ${account.bank} ${account.accountNumber} (${account.accountName}); the merchant reviews each proof through the integration API.`);
}

/** The merchant's currency, for a rounding rule: it rounds to the currency's smallest cash unit. */
export interface FeeCurrency {
  code: string;
  decimalDigits: number;
}

/**
 * `admin:2500` (a fixed fee in minor units), `tax:11%` (a share of the price),
 * `convenience:1.5%@credit_card+ewallet` (only for those methods), `rounding:cash` (the total
 * rounded to the currency's smallest cash unit; `rounding:cash@cash_on_delivery` only for cash).
 */
export function parseFeeRule(text: string, currency?: FeeCurrency): FeeRule {
  const rounding = /^rounding(?::cash)?(?:@([a-z_+]+))?$/.exec(text.trim());
  if (rounding) {
    if (!currency) throw new UsageError('rounding:cash needs the merchant whose currency it rounds to');
    const toNearestMinor = cashUnitMinorOf(currency);
    if (toNearestMinor <= 1) throw new UsageError(`${currency.code} is paid in cash to its smallest unit: there is nothing to round`);
    return { type: 'rounding', toNearestMinor, ...(rounding[1] && { methods: methodsOf(rounding[1], '+') }) };
  }
  const match = /^([a-z]+):(\d{1,12})(?:(\.\d{1,2})?%)?(?:@([a-z_+]+))?$/.exec(text.trim());
  const type = match?.[1];
  if (!match || !type || type === 'rounding' || !(feeLineTypes as readonly string[]).includes(type)) {
    throw new UsageError(`--fee must look like admin:2500, tax:11% or rounding:cash (types: ${feeLineTypes.join(', ')})`);
  }
  const methods = match[4] ? { methods: methodsOf(match[4], '+') } : {};
  const isShare = text.includes('%');
  const feeType = type as Exclude<FeeLineType, 'rounding'>;
  if (!isShare) return { type: feeType, fixedMinor: Number(match[2]), ...methods };
  const basisPoints = Math.round(Number(`${match[2]}${match[3] ?? ''}`) * 100);
  if (basisPoints > 10_000) throw new UsageError('--fee shares are at most 100%');
  return { type: feeType, basisPoints, ...methods };
}

/** A space-separated list of fee rules (parseFeeRule), with one rounding rule at most. */
export function parseFeeRules(text: string, currency: FeeCurrency): FeeRule[] {
  const rules = text.split(/\s+/).filter(Boolean).map((rule) => parseFeeRule(rule, currency));
  if (rules.filter((rule) => rule.type === 'rounding').length > 1) throw new UsageError('--fees takes one rounding rule at most');
  return rules;
}

/** `kartu plans create`: a plan on sale for a subscription program. */
export async function createPlanCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, {
    merchant: { type: 'string' },
    program: { type: 'string' },
    name: { type: 'string' },
    months: { type: 'string' },
    price: { type: 'string' },
    'auto-renew': { type: 'string' },
    fees: { type: 'string' },
  });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const months = Number(required(values, 'months'));
  if (!Number.isInteger(months) || months < 1 || months > 36) throw new UsageError('--months must be a whole number from 1 to 36');
  const price = required(values, 'price');
  if (!/^\d{1,15}$/.test(price) || BigInt(price) === 0n) throw new UsageError('--price must be a whole amount above zero in minor units');
  const plan = await createSubscriptionPlan({
    db,
    plan: {
      merchantId: merchant.id,
      programId: required(values, 'program'),
      name: required(values, 'name'),
      durationMonths: months,
      priceMinor: BigInt(price),
      currency: merchant.currencyCode,
      autoRenewDefault: oneOf(values['auto-renew'], ['yes', 'no'], 'no', 'auto-renew') === 'yes',
      feeRules: parseFeeRules(values.fees ?? '', { code: merchant.currencyCode, decimalDigits: merchant.currencyDecimals }),
    },
  });
  out(`Plan "${plan.name}" created: id ${plan.id}, ${plan.durationMonths} month(s) for ${plan.priceMinor} ${plan.currency} (minor units).`);
}
