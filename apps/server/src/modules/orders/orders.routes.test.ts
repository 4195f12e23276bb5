import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutQuoteSchema, errorBodySchema, orderAnswerSchema, orderListSchema, type CheckoutBody, type FeeLine, type Order, type PaymentMethod } from '@kartu/contracts';
import { createApiKey } from '../../integration/api-keys.service.ts';
import { callIntegration } from '../../integration/integration.test-support.ts';
import type { components } from '../../test/api/integration-api.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../../test/integration-client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { merchantIdOf } from '../../test/test-app.ts';
import { fixedAddressDetailOf } from '../addresses/addresses.service.ts';
import { addAddress, homeInJakarta, officeInBandung } from '../addresses/addresses.test-support.ts';
import { setProgramFixedAddress } from '../programs/programs.service.ts';
import { analyticsEvents } from '../analytics/analytics.table.ts';
import { memberWithCard, memberWithPoints, newProgram, send, type CardMember } from '../cards/cards.test-support.ts';
import { cards } from '../card-access/cards.table.ts';
import { createCatalogCategory, createProduct } from '../catalog/catalog.service.ts';
import { products } from '../catalog/catalog.table.ts';
import { newCatalog, newCustomValueProduct, type TestCatalog } from '../catalog/catalog.test-support.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { earn } from '../ledger/points.service.ts';
import type { FeeRule } from '../../lib/fee-lines.ts';
import { createPaymentsTestApp, deliver, sandboxMessage } from '../payments/payments.test-support.ts';
import { insertDistributor, saveShopSettings, upsertPromotion } from './orders.repository.ts';

let testApp: TestApp;
let merchantId: number;
let catalog: TestCatalog;
let apiKey: string;
let till: IntegrationClient;
let distributorId: string;
/** A second shop of the merchant, whose orders carry every kind of fee and are rounded to Rp 100. */
let feeShop: TestCatalog;
const feeShopRules: FeeRule[] = [
  // Listed first, applied last: it rounds the total of every other line.
  { type: 'rounding', toNearestMinor: 100 },
  { type: 'insurance', basisPoints: 50 },
  { type: 'packaging', fixedMinor: 2_000 },
  { type: 'convenience', basisPoints: 150, methods: ['qris'] },
  { type: 'additional', fixedMinor: 1_000 },
  { type: 'tax', basisPoints: 1_100 },
];

beforeAll(async () => {
  testApp = await createPaymentsTestApp();
  merchantId = await merchantIdOf(testApp.db);
  catalog = await newCatalog(testApp, merchantId);
  await saveShopSettings(testApp.db, {
    programId: catalog.programId,
    merchantId,
    // A point is worth Rp 100 when the card lacks some.
    pointValueMinor: 100n,
    coveredRegencyCodes: ['31.74'],
    deliveryOptions: [
      { method: 'courier', feeMinor: 0 },
      { method: 'instant', feeMinor: 15_000, maxDistanceKm: 10 },
    ],
    feeRules: [{ type: 'application', fixedMinor: 1_000 }],
  });
  // Senayan, Jakarta.
  distributorId = (await insertDistributor(testApp.db, { merchantId, programId: catalog.programId, name: 'Kopi Senja Senayan', address: 'Jl. Asia Afrika 8', latitude: -6.2183, longitude: 106.8022 })).id;
  apiKey = (await createApiKey({ db: testApp.db, merchantId, name: 'Till' })).key;
  till = await integrationClient(testApp, { key: apiKey });
  feeShop = await newCatalog(testApp, merchantId);
  await saveShopSettings(testApp.db, {
    programId: feeShop.programId,
    merchantId,
    pointValueMinor: 45n,
    coveredRegencyCodes: null,
    deliveryOptions: [
      { method: 'courier', feeMinor: 9_000 },
      { method: 'instant', feeMinor: 15_000, maxDistanceKm: 10 },
    ],
    feeRules: feeShopRules,
  });
  await insertDistributor(testApp.db, { merchantId, programId: feeShop.programId, name: 'Kopi Senja Senayan', address: 'Jl. Asia Afrika 8', latitude: -6.2183, longitude: 106.8022 });
});
afterAll(async () => {
  await testApp.close();
});

/** A member of the shop's program with `points` on their card. */
function shopper(points = 10_000): Promise<CardMember> {
  return memberWithPoints(testApp, { merchantId, programId: catalog.programId, points });
}

function quoteOf(member: CardMember, body: Partial<CheckoutBody>) {
  return send(testApp, 'POST', `/api/v2/cards/${member.card.id}/checkout/quote`, { member, body });
}

function place(member: CardMember, body: CheckoutBody, key: string = randomUUID()) {
  return send(testApp, 'POST', `/api/v2/cards/${member.card.id}/orders`, { member, body, headers: { 'idempotency-key': key } });
}

async function placed(member: CardMember, body: CheckoutBody): Promise<Order> {
  const response = await place(member, body);
  expect(response.statusCode, response.body).toBe(201);
  return orderAnswerSchema.parse(response.json()).data;
}

const balanceOf = (member: CardMember) => getBalance({ db: testApp.db, card: member.card, now: testApp.clock.now() });
async function stockOf(productId: string): Promise<number | null> {
  const [row] = await testApp.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? null;
}
const codeOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).code;
type OrderStatusBody = components['schemas']['IntegrationOrderStatusBody'];

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** What a checkout's money comes to before fees (`base`: money prices and the missing points' money), and how it travels and is paid. */
interface Priced {
  base: number;
  shipping: number;
  method: PaymentMethod;
  shortfallMoney: number;
}

/** The fee shop's lines on the money an order pays, worked out again here: shares of it, half up. */
function feeShopLines(base: number, method: PaymentMethod): FeeLine[] {
  if (base === 0) return [];
  const share = (basisPoints: number) => Math.round((base * basisPoints) / 10_000);
  return [
    { type: 'insurance', amount: share(50) },
    { type: 'packaging', amount: 2_000 },
    ...(method === 'qris' ? [{ type: 'convenience' as const, amount: share(150) }] : []),
    { type: 'additional', amount: 1_000 },
    { type: 'tax', amount: share(1_100) },
  ];
}

/** The lines and the rounding that brings them and `base` to the nearest Rp 100, a half down; never below `floor`, nor to nothing. */
function roundedTo100(base: number, lines: FeeLine[], floor: number): FeeLine[] {
  const total = base + sum(lines.map((line) => line.amount));
  if (total <= 0) return lines;
  const remainder = total % 100;
  const nearest = remainder > 50 ? total - remainder + 100 : total - remainder;
  const rounded = nearest < floor || nearest === 0 ? nearest + 100 : nearest;
  return rounded === total ? lines : [...lines, { type: 'rounding', amount: rounded - total }];
}

describe('POST /api/v2/cards/{cardId}/checkout/quote', () => {
  it('prices the cart, lists the delivery options for the address and splits the payment, all on the server', async () => {
    const member = await shopper(1_000);
    const home = await addAddress(testApp, member, homeInJakarta({ latitude: -6.2251, longitude: 106.7995 }));
    const response = await quoteOf(member, { items: [{ productId: catalog.products.beans.id, quantity: 2 }], delivery: { method: 'courier', addressId: home.id } });
    expect(response.statusCode, response.body).toBe(200);
    const quote = checkoutQuoteSchema.parse(response.json());
    expect(quote.needsDelivery).toBe(true);
    expect(quote.deliveryOptions).toEqual([
      { method: 'courier', fee: 0, isAvailable: true, unavailableReason: null },
      { method: 'instant', fee: 15_000, isAvailable: true, unavailableReason: null },
      { method: 'pickup', fee: 0, isAvailable: true, unavailableReason: null },
    ]);
    // 1,800 points against 1,000 held: the 800 missing are paid in money at Rp 100 each, with the application fee.
    expect(quote.subtotal).toEqual({ points: 1_800, money: 0 });
    expect(quote.payment).toEqual({ points: 1_000, money: 80_000 + 1_000, pointsShortfall: 800, balance: 1_000, needsPaymentMethod: true });
    expect(quote.fees).toEqual([{ type: 'application', amount: 1_000 }]);
    expect(quote.isValid).toBe(false);
    const withMethod = checkoutQuoteSchema.parse((await quoteOf(member, { items: [{ productId: catalog.products.beans.id, quantity: 2 }], delivery: { method: 'courier', addressId: home.id }, paymentMethod: 'virtual_account' })).json());
    expect(withMethod.isValid).toBe(true);
  });

  it('says why an address cannot be delivered to: outside the covered cities, or without a pin for a distance limit', async () => {
    const member = await shopper();
    const bandung = await addAddress(testApp, member, officeInBandung());
    const jakartaNoPin = await addAddress(testApp, member, homeInJakarta());
    const optionsFor = async (addressId: string) =>
      checkoutQuoteSchema.parse((await quoteOf(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'courier', addressId } })).json()).deliveryOptions;
    expect((await quoteOf(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'courier', addressId: bandung.id } })).statusCode).toBe(422);
    expect(await optionsFor(jakartaNoPin.id)).toContainEqual({ method: 'instant', fee: 15_000, isAvailable: false, unavailableReason: 'address_needs_location' });
    const response = await place(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'courier', addressId: bandung.id } });
    expect(response.statusCode).toBe(422);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ code: 'DELIVERY_NOT_AVAILABLE', message: 'Shipment to your area is currently not yet available' });
  });

  it('refuses the 1-hour option to a pinned address beyond its distance limit, and places nothing', async () => {
    const member = await shopper(5_000);
    // Jagakarsa, Jakarta Selatan: in a covered city, about 15 km from the Senayan outlet, past the 10 km limit.
    const far = await addAddress(testApp, member, homeInJakarta({ latitude: -6.35, longitude: 106.82 }));
    const items = [{ productId: catalog.products.beans.id, quantity: 1 }];
    const quote = checkoutQuoteSchema.parse((await quoteOf(member, { items, delivery: { method: 'courier', addressId: far.id } })).json());
    expect(quote.deliveryOptions).toContainEqual({ method: 'instant', fee: 15_000, isAvailable: false, unavailableReason: 'too_far' });
    expect(quote.deliveryOptions).toContainEqual({ method: 'courier', fee: 0, isAvailable: true, unavailableReason: null });
    const stockBefore = await stockOf(catalog.products.beans.id);
    const refused = await place(member, { items, delivery: { method: 'instant', addressId: far.id }, paymentMethod: 'qris' });
    expect(refused.statusCode).toBe(422);
    expect(errorBodySchema.parse(refused.json())).toMatchObject({ code: 'DELIVERY_NOT_AVAILABLE', message: 'Shipment to your area is currently not yet available' });
    expect(await balanceOf(member)).toBe(5_000n);
    expect(await stockOf(catalog.products.beans.id)).toBe(stockBefore);
  });

  it('says when the items weigh more than an option carries, and refuses that option for the order, placing nothing', async () => {
    const heavyShop = await newCatalog(testApp, merchantId);
    await saveShopSettings(testApp.db, {
      programId: heavyShop.programId,
      merchantId,
      pointValueMinor: null,
      coveredRegencyCodes: null,
      deliveryOptions: [
        { method: 'instant', feeMinor: 15_000, maxWeightGrams: 1_000 },
        { method: 'courier', feeMinor: 9_000 },
      ],
      feeRules: [],
    });
    const member = await memberWithPoints(testApp, { merchantId, programId: heavyShop.programId, points: 20_000 });
    const home = await addAddress(testApp, member, homeInJakarta({ latitude: -6.2251, longitude: 106.7995 }));
    const { beans } = heavyShop.products;
    const optionsFor = async (quantity: number) =>
      checkoutQuoteSchema.parse((await quoteOf(member, { items: [{ productId: beans.id, quantity }], delivery: { method: 'courier', addressId: home.id } })).json()).deliveryOptions;
    // Four bags of 250 g are at the limit; five are over it, with an address or without one.
    expect(await optionsFor(4)).toContainEqual({ method: 'instant', fee: 15_000, isAvailable: true, unavailableReason: null });
    expect(await optionsFor(5)).toEqual([
      { method: 'instant', fee: 15_000, isAvailable: false, unavailableReason: 'too_heavy' },
      { method: 'courier', fee: 9_000, isAvailable: true, unavailableReason: null },
    ]);
    const withoutAddress = checkoutQuoteSchema.parse((await quoteOf(member, { items: [{ productId: beans.id, quantity: 5 }] })).json());
    expect(withoutAddress.deliveryOptions[0]).toMatchObject({ method: 'instant', unavailableReason: 'too_heavy' });
    const stockBefore = await stockOf(beans.id);
    const refused = await place(member, { items: [{ productId: beans.id, quantity: 5 }], delivery: { method: 'instant', addressId: home.id } });
    expect(refused.statusCode).toBe(422);
    expect(errorBodySchema.parse(refused.json())).toMatchObject({ code: 'DELIVERY_TOO_HEAVY', message: 'Your items are over the weight or volume limit of this delivery' });
    expect(await balanceOf(member)).toBe(20_000n);
    expect(await stockOf(beans.id)).toBe(stockBefore);
  });

  it('keeps offering the 1-hour option to a pinned address after an edit that leaves its position out', async () => {
    const member = await shopper(5_000);
    const near = await addAddress(testApp, member, homeInJakarta({ latitude: -6.2251, longitude: 106.7995 }));
    const { latitude: _latitude, longitude: _longitude, ...withoutPosition } = homeInJakarta({ note: 'Leave it with the guard' });
    const edited = await send(testApp, 'PUT', `/api/v2/addresses/${near.id}`, { member, body: withoutPosition });
    expect(edited.statusCode, edited.body).toBe(200);
    const quote = checkoutQuoteSchema.parse((await quoteOf(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'instant', addressId: near.id } })).json());
    expect(quote.deliveryOptions).toContainEqual({ method: 'instant', fee: 15_000, isAvailable: true, unavailableReason: null });
  });

  it('needs no delivery for e-vouchers and digital products, and keeps a cart of other programs out', async () => {
    const member = await shopper();
    const quote = checkoutQuoteSchema.parse((await quoteOf(member, { items: [{ productId: catalog.products.voucher.id, quantity: 1 }, { productId: catalog.products.ebook.id, quantity: 1 }] })).json());
    expect(quote).toMatchObject({ needsDelivery: false, deliveryOptions: [{ method: 'none', fee: 0, isAvailable: true }], isValid: true, payment: { points: 550, money: 0 } });
    const outsider = await memberWithCard(testApp, { merchantId, programId: (await newProgram(testApp, merchantId, { name: 'Elsewhere', visualAttributes: { showBtnShop: true } })).id });
    const theirs = checkoutQuoteSchema.parse((await quoteOf(outsider, { items: [{ productId: catalog.products.voucher.id, quantity: 1 }] })).json());
    expect(theirs.problems).toEqual([{ code: 'unavailable', productId: catalog.products.voucher.id }]);
  });

  it('adds up: the totals are the sum of their lines and fees for any cart, in either shop', async () => {
    const shipped = (shipping: number): FeeLine[] => (shipping > 0 ? [{ type: 'shipping', amount: shipping }] : []);
    const shops = [
      { catalog, pointValue: 100, expectedFees: ({ base, shipping }: Priced) => [...shipped(shipping), ...(base > 0 ? [{ type: 'application' as const, amount: 1_000 }] : [])] },
      { catalog: feeShop, pointValue: 45, expectedFees: ({ base, shipping, method, shortfallMoney }: Priced) => roundedTo100(base, [...shipped(shipping), ...feeShopLines(base, method)], shortfallMoney) },
    ];
    for (const shop of shops) {
      const member = await memberWithPoints(testApp, { merchantId, programId: shop.catalog.programId, points: 3_000 });
      const home = await addAddress(testApp, member, homeInJakarta({ latitude: -6.2251, longitude: 106.7995 }));
      const { beans, mixed, moneyOnly, tumbler } = shop.catalog.products;
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.record({ productId: fc.constantFrom(beans.id, mixed.id, moneyOnly.id, tumbler.id), quantity: fc.integer({ min: 1, max: 5 }) }), { selector: (item) => item.productId, minLength: 1, maxLength: 4 }),
          fc.constantFrom('courier' as const, 'instant' as const),
          fc.constantFrom<PaymentMethod>('qris', 'virtual_account'),
          async (items, method, paymentMethod) => {
            const quote = checkoutQuoteSchema.parse((await quoteOf(member, { items, delivery: { method, addressId: home.id }, paymentMethod })).json());
            expect(quote.subtotal.points).toBe(sum(quote.lines.map((line) => line.points)));
            expect(quote.subtotal.money).toBe(sum(quote.lines.map((line) => line.money)));
            for (const line of quote.lines) expect(line.points).toBe((line.unitPoints ?? 0) * line.quantity);
            const shortfallMoney = quote.payment.pointsShortfall * shop.pointValue;
            const base = quote.subtotal.money + shortfallMoney;
            const shipping = quote.deliveryOptions.find((option) => option.method === method)?.fee ?? 0;
            expect(quote.fees).toEqual(shop.expectedFees({ base, shipping, method: paymentMethod, shortfallMoney }));
            const fees = sum(quote.fees.map((fee) => fee.amount));
            expect(quote.total.money).toBe(quote.subtotal.money + fees);
            expect(quote.payment.points + quote.payment.pointsShortfall).toBe(quote.subtotal.points);
            expect(quote.payment.money).toBe(quote.subtotal.money + shortfallMoney + fees);
          },
        ),
        { numRuns: 20 },
      );
    }
  });
});

describe('POST /api/v2/cards/{cardId}/orders', () => {
  it('places an order paid in points: stock and points taken in one go, the order new, and a replay answers the same order', async () => {
    const member = await shopper(5_000);
    const home = await addAddress(testApp, member, homeInJakarta());
    const stockBefore = await stockOf(catalog.products.beans.id);
    const body: CheckoutBody = { items: [{ productId: catalog.products.beans.id, quantity: 2 }], delivery: { method: 'courier', addressId: home.id }, note: 'Leave it at the lobby' };
    const key = randomUUID();
    const first = await place(member, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const order = orderAnswerSchema.parse(first.json()).data;
    expect(order).toMatchObject({
      status: 'new',
      statusColour: 'payment-complete',
      payment: null,
      paid: { points: 1_800, money: 0 },
      fees: [],
      note: 'Leave it at the lobby',
      delivery: { method: 'courier', destination: { recipientName: 'Sari Wulandari', recipientPhone: '+6281234567890' }, trackingNumber: null },
      lines: [{ productId: catalog.products.beans.id, quantity: 2, unitPoints: 900, points: 1_800 }],
    });
    expect(order.delivery.destination?.fullAddress).toContain('Jl. Senayan No. 7');
    expect(order.number).toMatch(/^\d{6}-[A-Z2-9]{6}$/);
    expect(await balanceOf(member)).toBe(3_200n);
    expect(await stockOf(catalog.products.beans.id)).toBe((stockBefore ?? 0) - 2);

    const replay = await place(member, body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(orderAnswerSchema.parse(replay.json()).data.id).toBe(order.id);
    expect(await balanceOf(member)).toBe(3_200n);
    expect((await place(member, { ...body, note: 'Another' }, key)).statusCode).toBe(422);
    const started = await testApp.db.select().from(analyticsEvents).where(eq(analyticsEvents.cardId, member.card.id));
    expect(started.map((event) => event.name)).toEqual(['purchase_started']);
  });

  it('refuses a cart the rules refuse and a card short of points where points cannot be topped up, changing nothing', async () => {
    const member = await shopper(100);
    const home = await addAddress(testApp, member, homeInJakarta());
    const mixedCart = await place(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }, { productId: catalog.products.voucher.id, quantity: 1 }], delivery: { method: 'courier', addressId: home.id } });
    expect(mixedCart.statusCode).toBe(422);
    expect(codeOf(mixedCart)).toBe('CART_NOT_VALID');
    // Without a method, the missing points cannot be paid.
    const short = await place(member, { items: [{ productId: catalog.products.tumbler.id, quantity: 1 }], delivery: { method: 'courier', addressId: home.id } });
    expect(codeOf(short)).toBe('PAYMENT_SOURCE_NOT_SUFFICIENT');
    expect(await balanceOf(member)).toBe(100n);
    const strangersAddress = await addAddress(testApp, await shopper(0), homeInJakarta());
    const notMine = await place(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'courier', addressId: strangersAddress.id } });
    expect(notMine.statusCode).toBe(404);
    expect(codeOf(notMine)).toBe('ADDRESS_NOT_FOUND');
    const noKey = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/orders`, { member, body: { items: [{ productId: catalog.products.voucher.id, quantity: 1 }], delivery: { method: 'none' } } });
    expect(noKey.statusCode).toBe(400);
  });

  it('takes a donation at the value the member chose, paid in money, with nothing to deliver; a value out of range is refused', async () => {
    const donation = await newCustomValueProduct(testApp, merchantId, catalog, { name: 'Coffee farmers fund', min: 10_000n, max: 1_000_000n, isDonation: true });
    const member = await shopper(0);
    const items = [{ productId: donation.id, quantity: 1, value: 25_000 }];
    const quote = checkoutQuoteSchema.parse((await quoteOf(member, { items, delivery: { method: 'none' }, paymentMethod: 'qris' })).json());
    expect(quote).toMatchObject({ needsDelivery: false, lines: [{ unitMoney: 25_000, money: 25_000 }], subtotal: { points: 0, money: 25_000 }, isValid: true });
    const order = await placed(member, { items, delivery: { method: 'none' }, paymentMethod: 'qris' });
    expect(order).toMatchObject({ status: 'waiting_payment', lines: [{ type: 'custom_value', unitMoney: 25_000, money: 25_000 }], payment: { amount: 25_000 + 1_000 } });

    const low = await place(member, { items: [{ productId: donation.id, quantity: 1, value: 9_000 }], delivery: { method: 'none' }, paymentMethod: 'qris' });
    expect(low.statusCode).toBe(422);
    expect(errorBodySchema.parse(low.json())).toMatchObject({ code: 'CART_NOT_VALID', details: [{ field: `body.items.${donation.id}`, rule: 'custom_value_below_minimum' }] });
  });

  it('refuses an inactive card, and a paid membership that has run out', async () => {
    const member = await shopper(5_000);
    await testApp.db.update(cards).set({ status: 'inactive' }).where(eq(cards.id, member.card.id));
    const inactive = await place(member, { items: [{ productId: catalog.products.voucher.id, quantity: 1 }], delivery: { method: 'none' } });
    expect(codeOf(inactive)).toBe('CARD_NOT_ACTIVE');
    expect(await balanceOf(member)).toBe(5_000n);

    const club = await newProgram(testApp, merchantId, { name: 'Shop Club', type: 'subscription', visualAttributes: { showBtnShop: true } });
    const product = await createProduct({ db: testApp.db, product: { merchantId, programId: club.id, categoryId: (await createCatalogCategory({ db: testApp.db, category: { merchantId, programId: club.id, name: 'Members only' } })).id, currency: 'IDR', sku: 'CLUB-1', type: 'evoucher', name: 'Members voucher', pricePoints: 10n } });
    const lapsed = await memberWithCard(testApp, { merchantId, programId: club.id });
    await earn({ db: testApp.db, now: testApp.clock.now(), merchantId, card: lapsed.card, amount: 100n });
    const refused = await place(lapsed, { items: [{ productId: product.id, quantity: 1 }], delivery: { method: 'none' } });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('SUBSCRIPTION_NOT_ACTIVE');
  });

  it('takes the missing points in money: paid, the order is new; failed, the points and stock come back', async () => {
    const member = await shopper(1_000);
    const stockBefore = await stockOf(catalog.products.tumbler.id);
    const order = await placed(member, { items: [{ productId: catalog.products.tumbler.id, quantity: 1 }], delivery: { method: 'pickup', distributorId }, paymentMethod: 'virtual_account' });
    expect(order).toMatchObject({ status: 'waiting_payment', statusColour: 'pending', paid: { points: 1_000, money: 50_000 + 1_000 }, delivery: { method: 'pickup', distributor: { id: distributorId } } });
    expect(order.payment).toMatchObject({ status: 'waiting_payment', amount: 51_000, subject: { type: 'order', id: order.id }, instructions: { kind: 'virtual_account' } });
    expect(await balanceOf(member)).toBe(0n);
    expect(await stockOf(catalog.products.tumbler.id)).toBe((stockBefore ?? 0) - 1);
    const failed = await deliver(testApp, sandboxMessage({ intentId: order.payment?.id ?? '', status: 'failed', amountMinor: '51000', failureReason: 'insufficient_funds' }));
    expect(failed.statusCode, failed.body).toBe(200);
    const after = orderAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders/${order.id}`, { member })).json()).data;
    expect(after).toMatchObject({ status: 'failed', statusColour: 'failed', payment: { status: 'failed' } });
    expect(after.history.map((event) => event.status)).toEqual(['waiting_payment', 'failed']);
    expect(await balanceOf(member)).toBe(1_000n);
    expect(await stockOf(catalog.products.tumbler.id)).toBe(stockBefore);

    const second = await placed(member, { items: [{ productId: catalog.products.tumbler.id, quantity: 1 }], delivery: { method: 'pickup', distributorId }, paymentMethod: 'virtual_account' });
    await deliver(testApp, sandboxMessage({ intentId: second.payment?.id ?? '', status: 'paid', amountMinor: '51000' }));
    const paid = orderAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders/${second.id}`, { member })).json()).data;
    expect(paid).toMatchObject({ status: 'new', payment: { status: 'paid' } });
    expect(await balanceOf(member)).toBe(0n);
  });

  it('gives back the points and the stock when the payment expires unpaid', async () => {
    const member = await shopper(1_000);
    const stockBefore = await stockOf(catalog.products.tumbler.id);
    const order = await placed(member, { items: [{ productId: catalog.products.tumbler.id, quantity: 1 }], delivery: { method: 'pickup', distributorId }, paymentMethod: 'virtual_account' });
    expect(await balanceOf(member)).toBe(0n);
    expect(await stockOf(catalog.products.tumbler.id)).toBe((stockBefore ?? 0) - 1);
    const expired = await deliver(testApp, sandboxMessage({ intentId: order.payment?.id ?? '', status: 'expired', amountMinor: '51000' }));
    expect(expired.statusCode, expired.body).toBe(200);
    const after = orderAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders/${order.id}`, { member })).json()).data;
    expect(after).toMatchObject({ status: 'failed', payment: { status: 'expired' } });
    expect(after.history).toEqual([expect.objectContaining({ status: 'waiting_payment' }), expect.objectContaining({ status: 'failed', note: 'expired' })]);
    expect(await balanceOf(member)).toBe(1_000n);
    expect(await stockOf(catalog.products.tumbler.id)).toBe(stockBefore);
    // A late message that it was paid after all changes nothing: the order stays failed.
    await deliver(testApp, sandboxMessage({ intentId: order.payment?.id ?? '', status: 'paid', amountMinor: '51000' }));
    expect(await balanceOf(member)).toBe(1_000n);
  });
});

describe('GET /api/v2/cards/{cardId}/orders', () => {
  it("lists the card's orders newest first by cursor, and hides them from anyone else", async () => {
    const member = await shopper(5_000);
    const made: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      testApp.clock.advance(1_000);
      made.push((await placed(member, { items: [{ productId: catalog.products.voucher.id, quantity: 1 }], delivery: { method: 'none' } })).id);
    }
    const first = orderListSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders?limit=2`, { member })).json());
    expect(first.data.map((order) => order.id)).toEqual([made[2], made[1]]);
    expect(first.data[0]).toMatchObject({ itemCount: 1, firstItem: { name: 'Kopi Susu voucher' }, statusColour: 'payment-complete' });
    const second = orderListSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders?limit=2&cursor=${first.nextCursor}`, { member })).json());
    expect(second).toEqual({ data: [expect.objectContaining({ id: made[0] })], nextCursor: null });
    const stranger = await shopper(0);
    expect((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders`, { member: stranger })).statusCode).toBe(404);
    expect((await send(testApp, 'GET', `/api/v2/cards/${stranger.card.id}/orders/${made[0]}`, { member: stranger })).statusCode).toBe(404);
    expect((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders/not-an-id`, { member })).statusCode).toBe(404);
    expect((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders?cursor=bogus`, { member })).statusCode).toBe(400);
  });

  it('lists the pickup points of the card', async () => {
    const member = await shopper(0);
    const listed = (await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/distributors`, { member })).json();
    expect(listed).toEqual({ data: [expect.objectContaining({ id: distributorId, name: 'Kopi Senja Senayan' })] });
    expect((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/distributors/${distributorId}`, { member })).statusCode).toBe(200);
    expect((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/distributors/${randomUUID()}`, { member })).statusCode).toBe(404);
  });
});

describe('orders through the integration API', () => {
  const status = (orderId: string, body: OrderStatusBody, client = till, idempotencyKey = newWriteKey()) =>
    client.POST('/integration/v1/programs/{programId}/orders/{orderId}/status', { params: { path: { programId: catalog.programId, orderId }, header: { 'idempotency-key': idempotencyKey } }, body });

  it('lists new orders and moves one to the courier with its tracking number, which the member then sees', async () => {
    const member = await shopper(5_000);
    const home = await addAddress(testApp, member, homeInJakarta());
    const order = await placed(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'courier', addressId: home.id } });
    const { data: listed } = await till.GET('/integration/v1/programs/{programId}/orders', { params: { path: { programId: catalog.programId }, query: { status: 'new' } } });
    expect(listed?.data.map((row) => row.id)).toContain(order.id);
    expect(listed?.data.find((row) => row.id === order.id)).toMatchObject({ member: { cardNumber: member.card.number }, paymentStatus: null });

    const untracked = await status(order.id, { status: 'on_courier', courier: 'JNE' });
    expect(untracked.response.status).toBe(400);
    const shipped = await status(order.id, { status: 'on_courier', courier: 'JNE', trackingNumber: 'JNE0012345678' });
    expect(shipped.response.status, JSON.stringify(shipped.error)).toBe(200);
    expect(shipped.data?.data).toMatchObject({ status: 'on_courier', delivery: { courier: 'JNE', trackingNumber: 'JNE0012345678' } });
    const seen = orderAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders/${order.id}`, { member })).json()).data;
    expect(seen).toMatchObject({ status: 'on_courier', statusColour: 'on-delivery', delivery: { trackingNumber: 'JNE0012345678' } });
    const back = await status(order.id, { status: 'on_process' });
    expect(back.response.status).toBe(409);
    expect(back.error?.code).toBe('ORDER_STATUS_INVALID');
    expect((await status(order.id, { status: 'completed' })).response.status).toBe(200);
  });

  it("answers a retried move with its first answer, moving the order once, and refuses the key with another move", async () => {
    const member = await shopper(5_000);
    const order = await placed(member, { items: [{ productId: catalog.products.voucher.id, quantity: 1 }], delivery: { method: 'none' } });
    const move = (body: OrderStatusBody) => status(order.id, body, till, `move-${order.id}`);
    const first = await move({ status: 'on_process', note: 'Packing' });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    testApp.clock.advance(60_000);
    const again = await move({ status: 'on_process', note: 'Packing' });
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    const seen = orderAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders/${order.id}`, { member })).json()).data;
    expect(seen.history.map((event) => event.status)).toEqual(['new', 'on_process']);
    const reused = await callIntegration(testApp, 'POST', `/programs/${catalog.programId}/orders/${order.id}/status`, { key: apiKey, body: { status: 'cancelled' }, idempotencyKey: `move-${order.id}` });
    expect(reused.statusCode).toBe(422);
    expect(codeOf(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders/${order.id}`, { member })).json()).toMatchObject({ data: { status: 'on_process' } });
  });

  it('gives the points and stock back when the merchant cancels, and keeps other merchants out', async () => {
    const member = await shopper(2_000);
    const stockBefore = await stockOf(catalog.products.beans.id);
    const home = await addAddress(testApp, member, homeInJakarta());
    const order = await placed(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'courier', addressId: home.id } });
    const lumina = await integrationClient(testApp, { key: (await createApiKey({ db: testApp.db, merchantId: await merchantIdOf(testApp.db, 'LUMINABEAUTY'), name: 'Other till' })).key });
    expect((await status(order.id, { status: 'cancelled' }, lumina)).response.status).toBe(404);
    expect((await lumina.GET('/integration/v1/programs/{programId}/orders/{orderId}', { params: { path: { programId: catalog.programId, orderId: order.id } } })).response.status).toBe(404);
    expect((await status(order.id, { status: 'cancelled', note: 'Out of beans' })).response.status).toBe(200);
    expect(await balanceOf(member)).toBe(2_000n);
    expect(await stockOf(catalog.products.beans.id)).toBe(stockBefore);
    expect((await status(order.id, { status: 'cancelled' })).response.status).toBe(409);
  });
});

describe('promo codes', () => {
  beforeAll(async () => {
    const promo = { merchantId, programId: catalog.programId };
    await upsertPromotion(testApp.db, { ...promo, code: 'SENJA10', kind: 'percent', value: 1_000n, minimumPoints: 1_500n });
    await upsertPromotion(testApp.db, { ...promo, code: 'CASH5K', kind: 'money', value: 5_000n });
    await upsertPromotion(testApp.db, { ...promo, code: 'OVER', kind: 'points', value: 100n, endsAt: new Date('2025-01-01T00:00:00Z') });
  });

  const cartOf = (quantity: number) => [{ productId: catalog.products.beans.id, quantity }, { productId: catalog.products.ebook.id, quantity: 1 }];

  it('takes a share off the physical items once they reach the minimum, and the order keeps it', async () => {
    const member = await shopper(5_000);
    const home = await addAddress(testApp, member, homeInJakarta());
    const quote = checkoutQuoteSchema.parse((await quoteOf(member, { items: cartOf(2), delivery: { method: 'courier', addressId: home.id }, promoCode: ' senja10 ' })).json());
    // 10% of the beans' 1,800 points; the e-book's 300 are not physical.
    expect(quote.promo).toEqual({ code: 'SENJA10', minimum: { points: 1_500, money: null }, discount: { code: 'SENJA10', points: 180, money: 0 }, problem: null });
    expect(quote.subtotal.points).toBe(2_100);
    expect(quote.total.points).toBe(1_920);
    expect(quote.payment.points).toBe(1_920);
    const order = await placed(member, { items: cartOf(2), delivery: { method: 'courier', addressId: home.id }, promoCode: 'SENJA10' });
    expect(order).toMatchObject({ discount: { code: 'SENJA10', points: 180, money: 0 }, total: { points: 1_920 }, paid: { points: 1_920 } });
    expect(await balanceOf(member)).toBe(3_080n);
  });

  it('says why a code does not apply, and refuses the order with it', async () => {
    const member = await shopper(5_000);
    const home = await addAddress(testApp, member, homeInJakarta());
    const problemOf = async (promoCode: string, items = cartOf(1)) =>
      checkoutQuoteSchema.parse((await quoteOf(member, { items, delivery: { method: 'courier', addressId: home.id }, promoCode })).json()).promo?.problem;
    expect(await problemOf('SENJA10')).toBe('minimum_not_met');
    expect(await problemOf('NOPE')).toBe('not_found');
    expect(await problemOf('OVER')).toBe('ended');
    const digitalOnly = checkoutQuoteSchema.parse((await quoteOf(member, { items: [{ productId: catalog.products.ebook.id, quantity: 1 }], promoCode: 'SENJA10' })).json());
    expect(digitalOnly).toMatchObject({ promo: { problem: 'physical_only' }, isValid: false });
    const refused = await place(member, { items: cartOf(1), delivery: { method: 'courier', addressId: home.id }, promoCode: 'SENJA10' });
    expect(refused.statusCode).toBe(422);
    expect(errorBodySchema.parse(refused.json())).toMatchObject({ code: 'PROMO_NOT_APPLICABLE', message: 'Your order does not reach the minimum transaction for this promo' });
    expect(await balanceOf(member)).toBe(5_000n);
  });

  it('takes money off the money the order pays, before its fees', async () => {
    const member = await shopper(0);
    const home = await addAddress(testApp, member, homeInJakarta());
    const quote = checkoutQuoteSchema.parse((await quoteOf(member, { items: [{ productId: catalog.products.moneyOnly.id, quantity: 1 }], delivery: { method: 'courier', addressId: home.id }, paymentMethod: 'qris', promoCode: 'CASH5K' })).json());
    expect(quote).toMatchObject({ subtotal: { money: 85_000 }, promo: { discount: { money: 5_000 } }, total: { money: 80_000 + 1_000 }, payment: { money: 81_000 } });
  });
});

describe('cash on delivery', () => {
  const status = (orderId: string, body: OrderStatusBody) =>
    till.POST('/integration/v1/programs/{programId}/orders/{orderId}/status', { params: { path: { programId: catalog.programId, orderId }, header: { 'idempotency-key': newWriteKey() } }, body });
  const paymentOf = async (member: CardMember, orderId: string) => orderAnswerSchema.parse((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/orders/${orderId}`, { member })).json()).data;

  it('is fulfilled at once and paid when the merchant completes the order; a cancelled one is never collected', async () => {
    const member = await shopper(500);
    const home = await addAddress(testApp, member, homeInJakarta());
    const order = await placed(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'courier', addressId: home.id }, paymentMethod: 'cash_on_delivery' });
    // 500 points from the card, the 400 it lacks and the fee in cash.
    expect(order).toMatchObject({ status: 'new', paid: { points: 500, money: 41_000 }, payment: { method: 'cash_on_delivery', provider: 'cash', status: 'waiting_payment', instructions: { kind: 'cash_on_delivery' } } });
    expect((await status(order.id, { status: 'on_courier', courier: 'Kopi Senja', trackingNumber: 'KS-1' })).response.status).toBe(200);
    expect((await status(order.id, { status: 'completed' })).response.status).toBe(200);
    expect(await paymentOf(member, order.id)).toMatchObject({ status: 'completed', payment: { status: 'paid' } });

    const second = await placed(await shopper(0), { items: [{ productId: catalog.products.tumbler.id, quantity: 1 }], delivery: { method: 'pickup', distributorId }, paymentMethod: 'cash_on_delivery' });
    expect((await status(second.id, { status: 'cancelled' })).response.status).toBe(200);
    const cancelled = await till.GET('/integration/v1/programs/{programId}/orders/{orderId}', { params: { path: { programId: catalog.programId, orderId: second.id } } });
    expect(cancelled.data?.data).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
  });

  it('is never collected for an order the courier brings back: returned, its payment is cancelled', async () => {
    const member = await shopper(500);
    const home = await addAddress(testApp, member, homeInJakarta());
    const order = await placed(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'courier', addressId: home.id }, paymentMethod: 'cash_on_delivery' });
    expect((await status(order.id, { status: 'on_courier', courier: 'Kopi Senja', trackingNumber: 'KS-2' })).response.status).toBe(200);
    expect((await status(order.id, { status: 'returned' })).response.status).toBe(200);
    expect(await paymentOf(member, order.id)).toMatchObject({ status: 'returned', payment: { method: 'cash_on_delivery', status: 'cancelled' } });
    const returned = await till.GET('/integration/v1/programs/{programId}/orders/{orderId}', { params: { path: { programId: catalog.programId, orderId: order.id } } });
    expect(returned.data?.data).toMatchObject({ status: 'returned', paymentStatus: 'cancelled' });
  });

  it('names the field of each problem of a cart it refuses: a product, or the items as a whole', async () => {
    const member = await shopper(0);
    const home = await addAddress(testApp, member, homeInJakarta());
    const response = await place(member, { items: [{ productId: catalog.products.gold.id, quantity: 4 }], delivery: { method: 'courier', addressId: home.id } });
    expect(codeOf(response)).toBe('CART_NOT_VALID');
    expect(errorBodySchema.parse(response.json()).details).toEqual([
      { field: 'body.items', rule: 'precious_metal_limit', message: 'precious_metal_limit' },
      { field: `body.items.${catalog.products.gold.id}`, rule: 'quantity_above_max', message: 'quantity_above_max' },
    ]);
  });

  it('is refused for what is not delivered or picked up, by the quote as by the order', async () => {
    const member = await shopper(0);
    const body = { items: [{ productId: catalog.products.ebook.id, quantity: 1 }], delivery: { method: 'none' as const }, paymentMethod: 'cash_on_delivery' as const };
    const quoted = await quoteOf(member, body);
    expect(quoted.statusCode).toBe(422);
    expect(codeOf(quoted)).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const response = await place(member, body);
    expect(response.statusCode).toBe(422);
    expect(codeOf(response)).toBe('PAYMENT_METHOD_UNAVAILABLE');
  });
});

describe('fee lines', () => {
  const drips = (member: CardMember, home: string, paymentMethod: PaymentMethod): CheckoutBody => ({
    items: [{ productId: feeShop.products.moneyOnly.id, quantity: 1 }],
    delivery: { method: 'courier', addressId: home },
    paymentMethod,
  });

  it('prices insurance, packaging, convenience, additional and tax lines, and rounds the total to Rp 100 either way', async () => {
    const member = await memberWithPoints(testApp, { merchantId, programId: feeShop.programId, points: 0 });
    const home = (await addAddress(testApp, member, homeInJakarta())).id;
    const byQris = checkoutQuoteSchema.parse((await quoteOf(member, drips(member, home, 'qris'))).json());
    // Rp 85,000 of drip bags and Rp 9,000 of shipping: shares are of the 85,000, and 108,050 rounds down to 108,000.
    expect(byQris.fees).toEqual([
      { type: 'shipping', amount: 9_000 },
      { type: 'insurance', amount: 425 },
      { type: 'packaging', amount: 2_000 },
      { type: 'convenience', amount: 1_275 },
      { type: 'additional', amount: 1_000 },
      { type: 'tax', amount: 9_350 },
      { type: 'rounding', amount: -50 },
    ]);
    expect(byQris).toMatchObject({ subtotal: { money: 85_000 }, total: { money: 108_000 }, payment: { money: 108_000 } });
    // No convenience fee by virtual account: 106,775 rounds up to 106,800.
    const byTransfer = checkoutQuoteSchema.parse((await quoteOf(member, drips(member, home, 'virtual_account'))).json());
    expect(byTransfer.fees.map((fee) => fee.type)).not.toContain('convenience');
    expect(byTransfer.fees.at(-1)).toEqual({ type: 'rounding', amount: 25 });
    expect(byTransfer.payment.money).toBe(106_800);
  });

  it('keeps every line on the placed order, which charges and shows the rounded total', async () => {
    const member = await memberWithPoints(testApp, { merchantId, programId: feeShop.programId, points: 0 });
    const home = (await addAddress(testApp, member, homeInJakarta())).id;
    const quote = checkoutQuoteSchema.parse((await quoteOf(member, drips(member, home, 'qris'))).json());
    const order = await placed(member, drips(member, home, 'qris'));
    expect(order.fees).toEqual(quote.fees);
    expect(order).toMatchObject({ subtotal: { money: 85_000 }, total: { money: 108_000 }, paid: { money: 108_000 }, payment: { amount: 108_000 } });
    expect(order.total.money).toBe(order.subtotal.money + sum(order.fees.map((fee) => fee.amount)));
    const { data: seen } = await till.GET('/integration/v1/programs/{programId}/orders/{orderId}', { params: { path: { programId: feeShop.programId, orderId: order.id } } });
    expect(seen?.data.fees).toEqual(quote.fees);
  });

  it('rounds the money that pays for missing points, and never rounds it away', async () => {
    const member = await memberWithPoints(testApp, { merchantId, programId: feeShop.programId, points: 0 });
    const home = (await addAddress(testApp, member, homeInJakarta())).id;
    // 900 missing points at Rp 45 are Rp 40,500; with the fees, 57,766 rounds up to 57,800.
    const quote = checkoutQuoteSchema.parse((await quoteOf(member, { items: [{ productId: feeShop.products.beans.id, quantity: 1 }], delivery: { method: 'courier', addressId: home }, paymentMethod: 'qris' })).json());
    expect(quote.payment).toMatchObject({ points: 0, pointsShortfall: 900, money: 57_800 });
    expect(quote.fees.at(-1)).toEqual({ type: 'rounding', amount: 34 });
    expect(quote.total.money).toBe(sum(quote.fees.map((fee) => fee.amount)));
  });
});

describe('a program that delivers to one fixed address', () => {
  it('sends every order there, offering no address choice and no pickup', async () => {
    const fixedAddress = await fixedAddressDetailOf({ recipientName: 'PT Senja Sejahtera', recipientPhone: '021 555 0100', villageCode: '31.74.07.1006', fullAddress: 'Menara Senja lt. 3', zip: '12190', note: 'Reception' });
    await setProgramFixedAddress({ db: testApp.db, merchantId, programId: catalog.programId, fixedAddress });
    try {
      const member = await shopper(5_000);
      const quote = checkoutQuoteSchema.parse((await quoteOf(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }] })).json());
      expect(quote.deliveryOptions.map((option) => option.method)).toEqual(['courier', 'instant']);
      const order = await placed(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'courier' } });
      expect(order.delivery.destination).toEqual({ recipientName: 'PT Senja Sejahtera', recipientPhone: '+62215550100', fullAddress: expect.stringContaining('Menara Senja lt. 3, Senayan'), note: 'Reception' });
      expect((await place(member, { items: [{ productId: catalog.products.beans.id, quantity: 1 }], delivery: { method: 'pickup', distributorId } })).statusCode).toBe(404);
    } finally {
      await setProgramFixedAddress({ db: testApp.db, merchantId, programId: catalog.programId, fixedAddress: null });
    }
  });
});
