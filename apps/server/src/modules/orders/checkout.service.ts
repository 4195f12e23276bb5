import type { Address, CartQuote, CheckoutBody, CheckoutDelivery, CheckoutQuote, CheckoutVoucher, DeliveryOption, FeeLine, PaymentMethod } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CardRow } from '../card-access/cards.table.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { priceWithFees, toFeeLines, type FeeRule, type PricedFees } from '../../lib/fee-lines.ts';
import type { FixedAddressDetail, ProgramRow } from '../programs/programs.table.ts';
import { findDistributor, findPromotion, findShopSettings, listDistributors } from './orders.repository.ts';
import { applyPromotion, promoCodeOf, type AppliedPromo } from './promotions.ts';
import type { DeliveryOptionSetting, DistributorRow, OrderDestination, ShopSettingsRow } from './orders.table.ts';

/*
 * The pricing of a checkout (docs/decisions/023-orders.md): the cart as the catalog priced it, the
 * delivery chosen, the fees, and how much of it the card's points pay. Every figure is worked out
 * from the database, for the quote and again, under the stock lock, for the order; the place-order
 * use case reads what other modules hold (the cart, the address, the voucher) and hands it here.
 */

/** The cart as the catalog priced it: checkout reads its quote. */
interface CartToPrice {
  quote: CartQuote;
}

/** What the member's e-voucher takes off, as the vouchers module worked it out. */
interface VoucherDiscount {
  answer: CheckoutVoucher;
  discountPoints: bigint;
  discountMinor: bigint;
}

export interface CheckoutInputs {
  /** May be the transaction that places the order, with the products locked. */
  db: Database;
  merchantId: number;
  /** The merchant's currency: money prices and fees are in its minor units. */
  currency: string;
  now: Date;
  card: CardRow;
  program: ProgramRow;
  cart: CartToPrice;
  /** The member's address the delivery names (addressToRead), read by the caller; null for none. */
  address: Address | null;
  /** What the e-voucher sent takes off the cart's subtotal; null when none was sent. */
  voucher: VoucherDiscount | null;
}

/** Product types carried to the member; e-vouchers and digital products arrive in the app. */
const deliveredTypes = new Set(['physical', 'meal']);

export interface PricedCheckout {
  card: CardRow;
  quote: CheckoutQuote;
  /** Set when delivery was chosen and is possible: where the order goes. */
  destination: ChosenDelivery | null;
  fees: PricedFees;
  /** The card lacks points and the program takes no money for them: nothing can pay for this. */
  pointsShort: boolean;
  /** The promo code sent, and what it takes off; null when none was sent. */
  promo: AppliedPromo | null;
  programType: string;
}

/** The program's promo of this code, applied to the cart's physical items. */
async function promoFor(db: Database, programId: string, text: string, cart: CartToPrice, now: Date): Promise<AppliedPromo> {
  const code = promoCodeOf(text);
  const physical = cart.quote.lines.filter((line) => line.product.type === 'physical');
  const sum = (pick: (line: (typeof physical)[number]) => number) => physical.reduce((total, line) => total + BigInt(pick(line)), 0n);
  return applyPromotion(await findPromotion(db, { programId, code }), code, { points: sum((line) => line.points), money: sum((line) => line.money) }, now);
}

export interface ChosenDelivery {
  method: CheckoutDelivery['method'];
  destination: OrderDestination | null;
  regencyCode: string | null;
  distributor: DistributorRow | null;
}

type Unavailable = NonNullable<DeliveryOption['unavailableReason']>;

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km between two points given in degrees. */
export function distanceKm(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function located(row: { latitude: number | null; longitude: number | null }): { latitude: number; longitude: number } | null {
  return row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude };
}

/** Whether the cart's delivered items weigh more together than this option carries. */
function tooHeavyFor(option: DeliveryOptionSetting, cartWeightGrams: number): boolean {
  return option.maxWeightGrams !== undefined && cartWeightGrams > option.maxWeightGrams;
}

/** Why an address cannot be delivered to by a method with this distance limit; null when it can. */
function whyNotTo(address: Address, settings: ShopSettingsRow | undefined, maxDistanceKm: number | undefined, outlets: readonly DistributorRow[]): Unavailable | null {
  const covered = settings?.coveredRegencyCodes;
  if (covered && !covered.includes(address.regency.code)) return 'area_not_covered';
  if (maxDistanceKm === undefined) return null;
  const pin = located(address);
  if (!pin) return 'address_needs_location';
  const nearest = Math.min(...outlets.map(located).flatMap((outlet) => (outlet ? [distanceKm(outlet, pin)] : [])));
  return nearest <= maxDistanceKm ? null : 'too_far';
}

function destinationOfAddress(address: Address): OrderDestination {
  const areas = [address.village.name, address.district.name, address.regency.name, address.province.name].join(', ');
  return { recipientName: address.recipientName, recipientPhone: address.recipientPhone, fullAddress: `${address.fullAddress}, ${areas} ${address.zip}`, note: address.note };
}

/** A program's fixed address (addresses.service fixedAddressDetailOf), as an order keeps it. */
function destinationOfFixed(fixed: FixedAddressDetail): OrderDestination {
  const areas = [fixed.village, fixed.district, fixed.regency, fixed.province].filter(Boolean).join(', ');
  return {
    recipientName: fixed.recipientName ?? '',
    recipientPhone: fixed.recipientPhone ?? '',
    fullAddress: [fixed.fullAddress, `${areas} ${fixed.zip ?? ''}`.trim()].filter(Boolean).join(', '),
    note: fixed.note ?? null,
  };
}

/** The regency of a fixed address, from its subdistrict's code ('31.74.07.1006' is in '31.74'). */
function regencyOfFixed(fixed: FixedAddressDetail): string | null {
  return fixed.villageCode?.split('.').slice(0, 2).join('.') ?? null;
}

interface DeliveryContext {
  request: Pick<CheckoutInputs, 'db' | 'merchantId'>;
  card: CardRow;
  settings: ShopSettingsRow | undefined;
  fixedAddress: FixedAddressDetail | null;
  outlets: DistributorRow[];
  /** What the cart's delivered items weigh together (a product without a weight counts nothing). */
  cartWeightGrams: number;
}

/** The member's address a delivery names, to be read for the checkout; null when the program's fixed address, a pickup or no delivery stands instead. */
export function addressToRead(program: Pick<ProgramRow, 'fixedAddress'>, delivery: CheckoutDelivery | undefined): string | null {
  if (!delivery || program.fixedAddress || delivery.method === 'pickup' || delivery.method === 'none' || delivery.addressId === undefined) return null;
  return delivery.addressId;
}

/** Every way this cart can travel, with its fee, and whether it can go so to the address given. */
function deliveryOptionsOf(context: DeliveryContext, needsDelivery: boolean, address: Address | null): DeliveryOption[] {
  if (!needsDelivery) return [{ method: 'none', fee: 0, isAvailable: true, unavailableReason: null }];
  const options: DeliveryOption[] = (context.settings?.deliveryOptions ?? []).map((option) => {
    const reason = tooHeavyFor(option, context.cartWeightGrams) ? 'too_heavy' : address ? whyNotTo(address, context.settings, option.maxDistanceKm, context.outlets) : null;
    return { method: option.method, fee: option.feeMinor, isAvailable: reason === null, unavailableReason: reason };
  });
  // Pickup is offered where there is somewhere to pick up from; a fixed address takes every order.
  if (context.outlets.length > 0 && !context.fixedAddress) options.push({ method: 'pickup', fee: 0, isAvailable: true, unavailableReason: null });
  return options;
}

/** The delivery the member chose, checked against the cart and the program; null when none was given. */
async function chosenDelivery(context: DeliveryContext, needsDelivery: boolean, delivery: CheckoutDelivery | undefined, address: Address | null): Promise<ChosenDelivery | null> {
  if (!delivery) return needsDelivery ? null : { method: 'none', destination: null, regencyCode: null, distributor: null };
  if (!needsDelivery) {
    if (delivery.method !== 'none') throw new AppError('VALIDATION_FAILED', { message: 'This cart is delivered in the app: choose no delivery' });
    return { method: 'none', destination: null, regencyCode: null, distributor: null };
  }
  if (delivery.method === 'none') throw new AppError('VALIDATION_FAILED', { message: 'Choose how your order is delivered' });
  if (delivery.method === 'pickup') {
    const { db, merchantId } = context.request;
    const distributor = isUuid(delivery.distributorId) ? await findDistributor(db, { merchantId, programId: context.card.programId, distributorId: delivery.distributorId }) : undefined;
    if (!distributor || !distributor.isActive || context.fixedAddress) throw new AppError('DISTRIBUTOR_NOT_FOUND');
    return { method: 'pickup', destination: null, regencyCode: null, distributor };
  }
  const option = context.settings?.deliveryOptions.find((setting) => setting.method === delivery.method);
  if (!option) throw new AppError('DELIVERY_NOT_AVAILABLE', { message: 'This delivery option is not available, please choose another' });
  if (tooHeavyFor(option, context.cartWeightGrams)) throw new AppError('DELIVERY_TOO_HEAVY');
  if (context.fixedAddress) return { method: delivery.method, destination: destinationOfFixed(context.fixedAddress), regencyCode: regencyOfFixed(context.fixedAddress), distributor: null };
  if (!address) throw new AppError('VALIDATION_FAILED', { message: 'Choose the address to deliver to', details: [{ field: 'body.delivery.addressId', rule: 'required', message: 'Choose the address to deliver to' }] });
  const reason = whyNotTo(address, context.settings, option.maxDistanceKm, context.outlets);
  if (reason === 'address_needs_location') throw new AppError('DELIVERY_NOT_AVAILABLE', { message: 'This address needs an update: add its location on the map' });
  if (reason) throw new AppError('DELIVERY_NOT_AVAILABLE');
  return { method: delivery.method, destination: destinationOfAddress(address), regencyCode: address.regency.code, distributor: null };
}

/** The fee rules that apply to a payment method: a rule naming methods applies only to them. */
function rulesFor(settings: ShopSettingsRow | undefined, method: PaymentMethod | undefined): FeeRule[] {
  return (settings?.feeRules ?? []).filter((rule) => !rule.methods || (method !== undefined && rule.methods.includes(method)));
}

function safeAmount(value: bigint): number {
  const amount = Number(value);
  if (!Number.isSafeInteger(amount) || amount < 0) throw new AppError('UNPROCESSABLE', { message: 'This order is too large to price' });
  return amount;
}

/**
 * Prices a checkout as it stands in the database now. `db` may be the transaction that places
 * the order, with the products locked: the figures are then the ones the order keeps.
 */
export async function priceCheckout(inputs: CheckoutInputs, body: Pick<CheckoutBody, 'delivery' | 'paymentMethod' | 'promoCode' | 'voucherId'>): Promise<PricedCheckout> {
  const { db, merchantId, currency, now, card, program, cart, address, voucher } = inputs;
  // One after another: `db` may be a transaction, whose connection takes one query at a time.
  const settings = await findShopSettings(db, card.programId);
  const outlets = await listDistributors(db, { merchantId, programId: card.programId });
  const delivered = cart.quote.lines.filter((line) => deliveredTypes.has(line.product.type));
  const cartWeightGrams = delivered.reduce((total, line) => total + (line.product.weightGrams ?? 0) * line.quantity, 0);
  const context: DeliveryContext = { request: inputs, card, settings, fixedAddress: program.fixedAddress, outlets, cartWeightGrams };
  const needsDelivery = delivered.length > 0;
  const deliveryOptions = deliveryOptionsOf(context, needsDelivery, address);
  const chosen = await chosenDelivery(context, needsDelivery, body.delivery, address);
  // The quote refuses what the order would: cash on delivery needs something delivered or picked up.
  if (body.paymentMethod === 'cash_on_delivery' && !needsDelivery) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', { message: 'Cash on delivery needs an order that is delivered or picked up' });
  }

  if (body.promoCode !== undefined && body.voucherId !== undefined) throw new AppError('VALIDATION_FAILED', { message: 'Use a promo code or an e-Voucher, not both' });
  const promo = body.promoCode === undefined ? null : await promoFor(db, card.programId, body.promoCode, cart, now);
  const fullPoints = BigInt(cart.quote.subtotal.points);
  const fullMoney = BigInt(cart.quote.subtotal.money);
  const discount = promo ?? voucher;
  // What the order costs before fees: its lines, less what a promo or a voucher takes off.
  const subtotalPoints = fullPoints - (discount?.discountPoints ?? 0n);
  const subtotalMoney = fullMoney - (discount?.discountMinor ?? 0n);
  const balance = await getBalance({ db, card, now });
  const pointValue = settings?.pointValueMinor ?? null;
  // Points first; what the card lacks is paid in money where the program prices a point.
  const pointsPaid = subtotalPoints <= balance || pointValue === null ? subtotalPoints : balance > 0n ? balance : 0n;
  const shortfall = subtotalPoints - pointsPaid;
  const shippingMinor = BigInt(chosen ? (settings?.deliveryOptions.find((option) => option.method === chosen.method)?.feeMinor ?? 0) : 0);
  const shortfallMinor = shortfall * (pointValue ?? 0n);
  const moneyBase = subtotalMoney + shortfallMinor;
  // Fees are on the money an order pays: an order paid in points alone carries none but its
  // shipping, and the rounding of that shipping to the currency's cash unit (decision 023).
  const moneyRules = rulesFor(settings, body.paymentMethod).filter((rule) => moneyBase > 0n || rule.type === 'rounding');
  const feeRules: FeeRule[] = [...(shippingMinor > 0n ? [{ type: 'shipping' as const, fixedMinor: Number(shippingMinor) }] : []), ...moneyRules];
  // Rounding never takes more than the order's own money: the missing points are paid in full.
  const fees = priceWithFees(moneyBase, feeRules, { roundsNotBelowMinor: shortfallMinor });
  const feeLines: FeeLine[] = toFeeLines(fees);
  const feesTotal = fees.totalMinor - fees.subtotalMinor;
  const moneyDue = fees.totalMinor;
  const pointsShort = pointValue === null && balance < subtotalPoints;

  const quote: CheckoutQuote = {
    lines: cart.quote.lines.map((line) => ({
      productId: line.product.id,
      type: line.product.type,
      name: line.product.name,
      image: line.product.image,
      quantity: line.quantity,
      unitPoints: line.product.price.points,
      unitMoney: line.value ?? line.product.price.money,
      points: line.points,
      money: line.money,
    })),
    problems: cart.quote.problems,
    needsDelivery,
    deliveryOptions,
    subtotal: { points: safeAmount(fullPoints), money: safeAmount(fullMoney) },
    promo: promo?.answer ?? null,
    voucher: voucher?.answer ?? null,
    fees: feeLines,
    total: { points: safeAmount(subtotalPoints), money: safeAmount(subtotalMoney + feesTotal) },
    currency,
    payment: {
      points: safeAmount(pointsPaid),
      money: safeAmount(moneyDue),
      pointsShortfall: safeAmount(pointsShort ? subtotalPoints - balance : shortfall),
      balance: safeAmount(balance > 0n ? balance : 0n),
      needsPaymentMethod: moneyDue > 0n,
    },
    isValid: cart.quote.isValid && !pointsShort && !promo?.answer.problem && !voucher?.answer.problem && (chosen !== null || !needsDelivery) && (moneyDue === 0n || body.paymentMethod !== undefined),
  };
  return { card, quote, destination: chosen, fees, pointsShort, promo, programType: program.type };
}
