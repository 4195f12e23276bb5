import { isUuid } from '../db/uuid.ts';
import type { DeliveryOptionSetting } from '../modules/orders/orders.table.ts';
import { addDistributor, retireDistributor, savePromotion, setShopSettings, type ShopSettingsChanges } from '../modules/orders/shop-settings.service.ts';
import { getMerchantCurrency } from '../modules/tenancy/tenancy.service.ts';
import { CommandError, instant, readOptions, required, UsageError, type CliContext } from './cli.context.ts';
import { findProgramById } from './operator.repository.ts';
import { parseFeeRules } from './payments.command.ts';

async function programOption(db: CliContext['db'], programId: string) {
  const program = isUuid(programId) ? await findProgramById(db, programId) : undefined;
  if (!program) throw new CommandError(`No program has the id ${programId}`);
  return program;
}

/**
 * `courier:0`, `same_day:10000@25km`, `instant:15000@10km@5kg`: a delivery option, its fee in minor
 * units, and its limits: the distance from the nearest distributor (km), what the order's items may
 * weigh together (kg or g).
 */
export function parseDeliveryOption(text: string): DeliveryOptionSetting {
  const match = /^(instant|same_day|courier):(\d{1,9})((?:@\d{1,6}(?:\.\d{1,3})?(?:km|kg|g))*)$/.exec(text.trim());
  if (!match?.[1] || match[2] === undefined) throw new UsageError('--delivery takes options like courier:0 same_day:10000@25km instant:15000@10km@5kg');
  const option: DeliveryOptionSetting = { method: match[1] as DeliveryOptionSetting['method'], feeMinor: Number(match[2]) };
  for (const [, value = '', unit] of (match[3] ?? '').matchAll(/@([\d.]+)(km|kg|g)/g)) {
    if (unit === 'km') option.maxDistanceKm = Number(value);
    else option.maxWeightGrams = Math.round(Number(value) * (unit === 'kg' ? 1000 : 1));
  }
  return option;
}

function describedOption(option: DeliveryOptionSetting): string {
  const limits = [option.maxDistanceKm ? `within ${option.maxDistanceKm} km` : null, option.maxWeightGrams ? `up to ${option.maxWeightGrams} g` : null].filter(Boolean);
  return [option.method, option.feeMinor, ...limits].join(' ');
}

/** `kartu programs shop`: how the program's shop delivers and charges; what is not given stays as it is. */
export async function setShopSettingsCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, {
    program: { type: 'string' },
    'point-value': { type: 'string' },
    cover: { type: 'string' },
    delivery: { type: 'string' },
    fees: { type: 'string' },
  });
  const program = await programOption(db, required(values, 'program'));
  const changes: ShopSettingsChanges = {};
  const pointValue = values['point-value'];
  if (pointValue !== undefined) {
    if (pointValue !== 'none' && !/^[1-9]\d{0,9}$/.test(pointValue)) throw new UsageError('--point-value takes minor units per point (e.g. 100), or none');
    changes.pointValueMinor = pointValue === 'none' ? null : BigInt(pointValue);
  }
  if (values.cover !== undefined) changes.coveredRegencyCodes = values.cover === 'everywhere' ? null : values.cover.split(',').map((code) => code.trim()).filter(Boolean);
  if (values.delivery !== undefined) changes.deliveryOptions = values.delivery.split(/\s+/).filter(Boolean).map(parseDeliveryOption);
  if (values.fees !== undefined) changes.feeRules = parseFeeRules(values.fees, await getMerchantCurrency({ db, id: program.merchantId }));
  const saved = await setShopSettings({ db, merchantId: program.merchantId, programId: program.id, changes, now: now() });
  const options = saved.deliveryOptions.map(describedOption);
  out(`"${program.name}" delivers ${options.length ? options.join(', ') : 'nowhere yet (pickup only, where it has distributors)'}`);
  const fees = saved.feeRules.map((rule) => (rule.type === 'rounding' ? `rounding to ${rule.toNearestMinor}` : `${rule.type} ${'fixedMinor' in rule ? rule.fixedMinor : `${rule.basisPoints / 100}%`}`));
  out(`to ${saved.coveredRegencyCodes ? saved.coveredRegencyCodes.join(', ') : 'everywhere'}; ${saved.pointValueMinor ? `a missing point is paid with ${saved.pointValueMinor} in money` : 'missing points cannot be paid in money'}.`);
  out(`Fees on the money an order pays: ${fees.length ? fees.join(', ') : 'none'}.`);
}

/** `kartu distributors add|remove`: the program's pickup points. */
export async function addDistributorCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, {
    program: { type: 'string' },
    name: { type: 'string' },
    address: { type: 'string' },
    phone: { type: 'string' },
    hours: { type: 'string' },
    location: { type: 'string' },
  });
  const program = await programOption(db, required(values, 'program'));
  const location = values.location === undefined ? undefined : /^(-?\d{1,2}(?:\.\d+)?),\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(values.location);
  if (location === null) throw new UsageError('--location takes latitude,longitude (e.g. -6.2183,106.8022)');
  const [latitude, longitude] = location ? [Number(location[1]), Number(location[2])] : [null, null];
  if (latitude !== null && (Math.abs(latitude) > 90 || Math.abs(longitude ?? 0) > 180)) throw new UsageError('--location is out of range');
  const distributor = await addDistributor({
    db,
    distributor: { merchantId: program.merchantId, programId: program.id, name: required(values, 'name'), address: required(values, 'address'), phone: values.phone ?? null, openingHours: values.hours ?? null, latitude, longitude },
  });
  out(`Orders of "${program.name}" can be picked up at ${distributor.name}: id ${distributor.id}`);
}

export async function removeDistributorCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { program: { type: 'string' }, id: { type: 'string' } });
  const program = await programOption(db, required(values, 'program'));
  await retireDistributor({ db, merchantId: program.merchantId, programId: program.id, distributorId: required(values, 'id') });
  out('That pickup point is no longer offered; orders that name it keep it.');
}

function wholeNumber(text: string | undefined, name: string): bigint | null {
  if (text === undefined) return null;
  if (!/^\d{1,15}$/.test(text)) throw new UsageError(`--${name} takes a whole number`);
  return BigInt(text);
}

/** `kartu promos save`: a promo code of the program, made or changed. */
export async function savePromotionCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, {
    program: { type: 'string' },
    code: { type: 'string' },
    percent: { type: 'string' },
    points: { type: 'string' },
    money: { type: 'string' },
    'minimum-points': { type: 'string' },
    'minimum-money': { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
    inactive: { type: 'boolean' },
  });
  const program = await programOption(db, required(values, 'program'));
  const given = (['percent', 'points', 'money'] as const).filter((kind) => values[kind] !== undefined);
  const [kind] = given;
  if (!kind || given.length > 1) throw new UsageError('Give one of --percent 10, --points 500 or --money 25000');
  const text = values[kind] ?? '';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text) || (kind !== 'percent' && text.includes('.'))) throw new UsageError(`--${kind} takes a number${kind === 'percent' ? ' (up to 2 decimals)' : ''}`);
  const value = kind === 'percent' ? BigInt(Math.round(Number(text) * 100)) : BigInt(text);
  const promotion = await savePromotion({
    db,
    merchantId: program.merchantId,
    programId: program.id,
    promotion: {
      code: required(values, 'code'),
      kind,
      value,
      minimumPoints: wholeNumber(values['minimum-points'], 'minimum-points'),
      minimumMinor: wholeNumber(values['minimum-money'], 'minimum-money'),
      startsAt: instant(values.starts, 'starts'),
      endsAt: instant(values.ends, 'ends'),
      isActive: !values.inactive,
    },
  });
  out(`Promo ${promotion.code} of "${program.name}" takes ${kind === 'percent' ? `${text}%` : `${text} ${kind === 'points' ? 'points' : 'in money'}`} off physical items${promotion.isActive ? '' : ' (inactive)'}.`);
}
