import { isUuid } from '../db/uuid.ts';
import { fixedAddressDetailOf } from '../modules/addresses/addresses.service.ts';
import { createProgram, setProgramFixedAddress } from '../modules/programs/programs.service.ts';
import type { BalanceUnit, NewProgramRow } from '../modules/programs/programs.table.ts';
import { CommandError, merchantByMid, oneOf, readOptions, required, UsageError, type CliContext } from './cli.context.ts';
import { findProgramById } from './operator.repository.ts';

// A subscription program's cards earn points too; what it sells is its plans (kartu plans create).
const unitOfType = { points: 'POINT', stamps: 'STAMP', cash: 'CASH', subscription: 'POINT', egift: 'CASH' } as const satisfies Record<string, BalanceUnit>;

/** `1/1000` (one point per 1,000 minor units spent) or a whole number per minor unit. */
export function parseEarnRate(text: string): { earnRateNumerator: bigint; earnRateDenominator: bigint } {
  const match = /^(\d{1,12})(?:\/(\d{1,12}))?$/.exec(text.trim());
  if (!match?.[1] || match[2] === '0') throw new UsageError('--earn-rate must look like 1/1000 (points per minor unit spent)');
  return { earnRateNumerator: BigInt(match[1]), earnRateDenominator: BigInt(match[2] ?? '1') };
}

function parseExpiryDays(text: string | undefined): Pick<NewProgramRow, 'expiryPolicy' | 'expiryDays'> {
  if (text === undefined) return { expiryPolicy: 'none', expiryDays: null };
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) throw new UsageError('--expiry-days must be a whole number of days from 1');
  return { expiryPolicy: 'rolling-days', expiryDays: days };
}

export async function createProgramCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, {
    merchant: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string' },
    'earn-rate': { type: 'string' },
    'expiry-days': { type: 'string' },
  });
  const name = required(values, 'name');
  const type = oneOf(required(values, 'type'), ['points', 'stamps', 'cash', 'subscription', 'egift'], 'points', 'type');
  // A gift card holds what it is loaded with: it earns nothing from purchases.
  const rate = type === 'egift' ? { earnRateNumerator: 0n, earnRateDenominator: 1n } : parseEarnRate(values['earn-rate'] ?? '1/1000');
  const expiry = parseExpiryDays(values['expiry-days']);
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const { program } = await createProgram({
    db,
    program: {
      merchantId: merchant.id,
      name,
      type,
      unit: unitOfType[type],
      // A cash balance (a gift card's too) is kept in the merchant's currency.
      currencyCode: type === 'cash' || type === 'egift' ? merchant.currencyCode : null,
      ...rate,
      ...expiry,
    },
  });
  out(`Program "${program.name}" created for ${merchant.mid}: id ${program.id}`);
  out(`Earns ${program.earnRateNumerator}/${program.earnRateDenominator} per minor unit spent; ${expiry.expiryDays ? `expires after ${expiry.expiryDays} days` : 'never expires'}.`);
}

/** `kartu programs fixed-address`: every order of the program's cards goes to one address, or (--remove) members choose. */
export async function setFixedAddressCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, {
    program: { type: 'string' },
    recipient: { type: 'string' },
    phone: { type: 'string' },
    address: { type: 'string' },
    subdistrict: { type: 'string' },
    zip: { type: 'string' },
    note: { type: 'string' },
    remove: { type: 'boolean' },
  });
  const programId = required(values, 'program');
  const program = isUuid(programId) ? await findProgramById(db, programId) : undefined;
  if (!program) throw new CommandError(`No program has the id ${programId}`);
  if (values.remove) {
    await setProgramFixedAddress({ db, merchantId: program.merchantId, programId: program.id, fixedAddress: null });
    out(`"${program.name}" has no fixed address now: its members choose where orders go.`);
    return;
  }
  const detail = await fixedAddressDetailOf({
    recipientName: required(values, 'recipient'),
    recipientPhone: required(values, 'phone'),
    fullAddress: required(values, 'address'),
    villageCode: required(values, 'subdistrict'),
    zip: required(values, 'zip'),
    note: values.note,
  });
  await setProgramFixedAddress({ db, merchantId: program.merchantId, programId: program.id, fixedAddress: detail });
  out(`Orders of "${program.name}" go to ${detail.recipientName}, ${detail.fullAddress}, ${detail.village}, ${detail.district}, ${detail.regency}, ${detail.province} ${detail.zip}.`);
}
