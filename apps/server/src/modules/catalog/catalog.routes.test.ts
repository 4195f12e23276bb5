import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartQuoteSchema, catalogPageSchema, errorBodySchema, productAnswerSchema, type CartItem } from '@kartu/contracts';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-app.ts';
import { memberWithCard, newProgram, send, type CardMember } from '../cards/cards.test-support.ts';
import { storeImage } from '../media/images.service.ts';
import { testPicture } from '../media/media.test-support.ts';
import { eq } from 'drizzle-orm';
import { analyticsEvents } from '../analytics/analytics.table.ts';
import { upsertProductBySku } from './catalog.repository.ts';
import { products } from './catalog.table.ts';
import { newCatalog, newCustomValueProduct, type TestCatalog } from './catalog.test-support.ts';

let testApp: TestApp;
let merchantId: number;
let catalog: TestCatalog;
let member: CardMember;
let stranger: CardMember;
let otherProgramMember: CardMember;

useTestApp((made) => ({ testApp, merchantId } = made));
beforeAll(async () => {
  catalog = await newCatalog(testApp, merchantId);
  member = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
  stranger = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
  otherProgramMember = await memberWithCard(testApp, { merchantId, programId: (await newProgram(testApp, merchantId, { name: 'Other', visualAttributes: { showBtnShop: true } })).id });
});

async function browse(query = '', as: CardMember = member) {
  const response = await send(testApp, 'GET', `/api/v2/cards/${as.card.id}/catalogs${query}`, { member: as });
  expect(response.statusCode, response.body).toBe(200);
  return catalogPageSchema.parse(response.json());
}

async function quote(items: CartItem[], as: CardMember = member) {
  const response = await send(testApp, 'POST', `/api/v2/cards/${as.card.id}/carts/quote`, { member: as, body: { items } });
  expect(response.statusCode, response.body).toBe(200);
  return cartQuoteSchema.parse(response.json());
}

const names = (page: { data: Array<{ name: string }> }) => page.data.map((product) => product.name);

describe('GET /api/v2/cards/{cardId}/catalogs', () => {
  it("lists the card program's products on sale in the merchant's order, with the categories and their counts", async () => {
    const page = await browse();
    expect(names(page)).toEqual(['Kopi Susu voucher', 'Gayo beans 250 g', 'Toraja beans 100% arabica', 'Drip bags', 'Enamel mug', 'Tumbler', 'Brewing e-book', 'Gold bar 1 g']);
    expect(page.total).toBe(8);
    expect(page.nextCursor).toBeNull();
    expect(page.categories).toEqual([
      { id: catalog.categories.drinks, name: 'Drinks', isExclusive: false, productCount: 4 },
      { id: catalog.categories.merch, name: 'Merchandise', isExclusive: false, productCount: 3 },
      { id: catalog.categories.collector, name: "Collector's corner", isExclusive: true, productCount: 1 },
    ]);
  });

  it('shows stock as members may see it and caps what one order takes', async () => {
    const byName = new Map((await browse()).data.map((product) => [product.name, product]));
    expect(byName.get('Enamel mug')).toMatchObject({ stock: { status: 'out_of_stock' }, maxPerOrder: 0 });
    expect(byName.get('Gayo beans 250 g')).toMatchObject({ stock: { status: 'more_than_100' }, maxPerOrder: 10, weightGrams: 250 });
    expect(byName.get('Toraja beans 100% arabica')).toMatchObject({ stock: { status: 'in_stock', count: 7 }, maxPerOrder: 5, price: { points: 1_000, money: 25_000, currency: 'IDR' } });
    expect(byName.get('Kopi Susu voucher')).toMatchObject({ stock: { status: 'unlimited' }, price: { points: 250, money: null } });
    expect(byName.get('Gold bar 1 g')).toMatchObject({ isPreciousMetal: true, maxPerOrder: 3, category: { isExclusive: true } });
  });

  it('pages by cursor without repeating or skipping a product', async () => {
    const first = await browse('?limit=3');
    expect(first.data).toHaveLength(3);
    expect(first.total).toBe(8);
    const second = await browse(`?limit=3&cursor=${first.nextCursor}`);
    const third = await browse(`?limit=3&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    expect([...names(first), ...names(second), ...names(third)]).toEqual(names(await browse()));
  });

  it('searches names, taking % and _ as themselves, and filters by category and type', async () => {
    expect(names(await browse('?q=BEANS'))).toEqual(['Gayo beans 250 g', 'Toraja beans 100% arabica']);
    expect(names(await browse('?q=100%25'))).toEqual(['Toraja beans 100% arabica']);
    expect(names(await browse('?q=_'))).toEqual([]);
    expect(names(await browse(`?categoryId=${catalog.categories.merch}`))).toEqual(['Enamel mug', 'Tumbler', 'Brewing e-book']);
    expect(names(await browse('?type=digital'))).toEqual(['Brewing e-book']);
    expect((await browse('?categoryId=not-a-uuid')).data).toEqual([]);
  });

  it('sorts by points price either way, money-only products last', async () => {
    expect(names(await browse('?sort=price_asc'))).toEqual([
      'Kopi Susu voucher',
      'Brewing e-book',
      'Gayo beans 250 g',
      'Toraja beans 100% arabica',
      'Enamel mug',
      'Tumbler',
      'Gold bar 1 g',
      'Drip bags',
    ]);
    expect(names(await browse('?sort=price_desc')).slice(0, 2)).toEqual(['Gold bar 1 g', 'Tumbler']);
    expect(names(await browse('?sort=name_asc'))[0]).toBe('Brewing e-book');
  });

  it('filters by a points price range and refuses a minimum above the maximum', async () => {
    expect(names(await browse('?minPrice=900&maxPrice=1200'))).toEqual(['Gayo beans 250 g', 'Toraja beans 100% arabica', 'Enamel mug']);
    expect(names(await browse('?minPrice=1000&maxPrice=1000'))).toEqual(['Toraja beans 100% arabica']);
    const refused = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/catalogs?minPrice=2000&maxPrice=100`, { member });
    expect(refused.statusCode).toBe(400);
    expect(errorBodySchema.parse(refused.json())).toMatchObject({ code: 'CATALOG_PRICE_RANGE', message: 'Minimum price must not be greater than the maximum price' });
  });

  it('answers 400 to a cursor it did not write and to a negative price', async () => {
    for (const query of ['?cursor=bm90LWEtbnVtYmVy', '?cursor=%00', '?minPrice=-1', '?limit=500', '?sort=cheapest']) {
      const response = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/catalogs${query}`, { member });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("answers 404 for another member's card and 401 without a session", async () => {
    const theirs = await send(testApp, 'GET', `/api/v2/cards/${stranger.card.id}/catalogs`, { member });
    expect(theirs.statusCode).toBe(404);
    expect(errorBodySchema.parse(theirs.json()).code).toBe('CARD_NOT_FOUND');
    expect((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/catalogs`)).statusCode).toBe(401);
  });

  it('shows a change to the catalog at once, though pages are kept for every member of the program', async () => {
    const before = await browse('?q=tumbler');
    expect(await browse('?q=tumbler', stranger)).toEqual(before);
    await testApp.db.transaction((tx) => upsertProductBySku(tx, { ...catalog.products.tumbler, name: 'Tumbler, stainless', stock: 0 }));
    const after = await browse('?q=tumbler');
    expect(after.data.map((product) => [product.name, product.stock])).toEqual([['Tumbler, stainless', { status: 'out_of_stock' }]]);
    await testApp.db.transaction((tx) => upsertProductBySku(tx, catalog.products.tumbler));
  });

  it("shows a card of another program that program's catalog, here an empty one", async () => {
    expect(await browse('', otherProgramMember)).toEqual({ categories: [], data: [], total: 0, nextCursor: null });
  });

  it('answers 403 SHOP_NOT_AVAILABLE for a card whose program shows no shop: its catalog, a product, a cart and a checkout', async () => {
    const noShop = await memberWithCard(testApp, { merchantId, programId: (await newProgram(testApp, merchantId, { name: 'No shop' })).id });
    const { voucher } = catalog.products;
    const attempts = [
      await send(testApp, 'GET', `/api/v2/cards/${noShop.card.id}/catalogs`, { member: noShop }),
      await send(testApp, 'GET', `/api/v2/cards/${noShop.card.id}/catalogs/evoucher/${voucher.id}`, { member: noShop }),
      await send(testApp, 'POST', `/api/v2/cards/${noShop.card.id}/carts/quote`, { member: noShop, body: { items: [{ productId: voucher.id, quantity: 1 }] } }),
      await send(testApp, 'POST', `/api/v2/cards/${noShop.card.id}/checkout/quote`, { member: noShop, body: { items: [{ productId: voucher.id, quantity: 1 }], delivery: { method: 'none' } } }),
    ];
    for (const refused of attempts) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(errorBodySchema.parse(refused.json()).code).toBe('SHOP_NOT_AVAILABLE');
    }
  });
});

describe('GET /api/v2/cards/{cardId}/catalogs/{productType}/{productId}', () => {
  it('answers the product with its description, and its photo in the large sizes', async () => {
    const image = await storeImage({ db: testApp.db, merchantId, purpose: 'product', bytes: await testPicture({ width: 1000, height: 1000 }) });
    await testApp.db.update(products).set({ imageId: image.id, description: 'Washed Gayo, notes of cocoa' }).where(eq(products.id, catalog.products.beans.id));
    const response = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/catalogs/physical/${catalog.products.beans.id}`, { member });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = productAnswerSchema.parse(response.json());
    expect(data).toMatchObject({ name: 'Gayo beans 250 g', description: 'Washed Gayo, notes of cocoa', terms: null });
    expect(data.image).toMatchObject({ src: `/media/${image.id}/240.webp`, width: 240, height: 240 });
    expect(data.photo).toMatchObject({ src: `/media/${image.id}/480.webp`, srcSet: `/media/${image.id}/480.webp 480w, /media/${image.id}/960.webp 960w` });
  });

  it('answers 404 under another type, for a retired product, a malformed id, or a card of another program', async () => {
    const cases = [
      [member, `evoucher/${catalog.products.beans.id}`],
      [member, `physical/${catalog.products.retired.id}`],
      [member, 'physical/not-a-uuid'],
      [otherProgramMember, `physical/${catalog.products.beans.id}`],
    ] as const;
    for (const [as, path] of cases) {
      const response = await send(testApp, 'GET', `/api/v2/cards/${as.card.id}/catalogs/${path}`, { member: as });
      expect(response.statusCode, path).toBe(404);
      expect(errorBodySchema.parse(response.json()).code).toBe('PRODUCT_NOT_FOUND');
    }
    expect((await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/catalogs/furniture/${catalog.products.beans.id}`, { member })).statusCode).toBe(400);
  });
});

describe('POST /api/v2/cards/{cardId}/carts/quote', () => {
  it("prices the lines from the server's prices, merging a product sent twice", async () => {
    const { mixed, beans } = catalog.products;
    const answer = await quote([
      { productId: mixed.id, quantity: 2 },
      { productId: beans.id, quantity: 1 },
      { productId: mixed.id, quantity: 1 },
    ]);
    expect(answer.lines.map((line) => [line.product.name, line.quantity, line.points, line.money])).toEqual([
      ['Toraja beans 100% arabica', 3, 3_000, 75_000],
      ['Gayo beans 250 g', 1, 900, 0],
    ]);
    expect(answer.subtotal).toEqual({ points: 3_900, money: 75_000, currency: 'IDR' });
    expect(answer).toMatchObject({ problems: [], isValid: true });
  });

  it('reports products no longer on sale, or of another program, and leaves them out', async () => {
    const answer = await quote([
      { productId: catalog.products.retired.id, quantity: 1 },
      { productId: 'not-a-uuid', quantity: 1 },
      { productId: catalog.products.tumbler.id, quantity: 1 },
    ]);
    expect(answer.lines.map((line) => line.product.name)).toEqual(['Tumbler']);
    expect(answer.problems).toEqual([
      { code: 'unavailable', productId: catalog.products.retired.id },
      { code: 'unavailable', productId: 'not-a-uuid' },
    ]);
    expect(answer.isValid).toBe(false);
    const elsewhere = await quote([{ productId: catalog.products.tumbler.id, quantity: 1 }], otherProgramMember);
    expect(elsewhere.problems).toEqual([{ code: 'unavailable', productId: catalog.products.tumbler.id }]);
  });

  it('refuses a physical item with an e-voucher, an exclusive category with others, and more than 3 of gold', async () => {
    const { voucher, beans, gold } = catalog.products;
    expect((await quote([{ productId: voucher.id, quantity: 1 }, { productId: beans.id, quantity: 1 }])).problems).toEqual([{ code: 'mixed_physical_and_evoucher' }]);
    expect((await quote([{ productId: gold.id, quantity: 1 }, { productId: beans.id, quantity: 1 }])).problems).toEqual([{ code: 'exclusive_category' }]);
    expect((await quote([{ productId: gold.id, quantity: 4 }])).problems).toEqual([
      { code: 'precious_metal_limit', limit: 3 },
      { code: 'quantity_above_max', productId: gold.id, limit: 3 },
    ]);
    expect((await quote([{ productId: gold.id, quantity: 3 }])).isValid).toBe(true);
  });

  it('refuses what is out of stock and more than one order takes', async () => {
    const { mug, mixed } = catalog.products;
    const answer = await quote([{ productId: mug.id, quantity: 1 }, { productId: mixed.id, quantity: 6 }]);
    expect(answer.problems).toEqual([
      { code: 'out_of_stock', productId: mug.id },
      { code: 'quantity_above_max', productId: mixed.id, limit: 5 },
    ]);
  });

  it('an empty cart is priced at nothing and cannot go to checkout', async () => {
    expect(await quote([])).toEqual({ lines: [], subtotal: { points: 0, money: 0, currency: 'IDR' }, problems: [], isValid: false });
  });

  it('answers 400 to quantities below 1 or fractional, and 404 for a card that is not yours', async () => {
    for (const quantity of [0, -1, 1.5, '2']) {
      const response = await send(testApp, 'POST', `/api/v2/cards/${member.card.id}/carts/quote`, { member, body: { items: [{ productId: catalog.products.beans.id, quantity }] } });
      expect(response.statusCode, String(quantity)).toBe(400);
    }
    const theirs = await send(testApp, 'POST', `/api/v2/cards/${stranger.card.id}/carts/quote`, { member, body: { items: [] } });
    expect(theirs.statusCode).toBe(404);
  });

  it('always totals exactly the sum of its lines (random carts)', async () => {
    const onSale = Object.values(catalog.products).map((product) => product.id);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ productId: fc.constantFrom(...onSale), quantity: fc.integer({ min: 1, max: 20 }) }), { maxLength: 8 }), async (items) => {
        const answer = await quote(items);
        expect(answer.subtotal.points).toBe(answer.lines.reduce((sum, line) => sum + line.points, 0));
        expect(answer.subtotal.money).toBe(answer.lines.reduce((sum, line) => sum + line.money, 0));
        for (const line of answer.lines) {
          expect(line.points).toBe((line.product.price.points ?? 0) * line.quantity);
          expect(line.money).toBe((line.product.price.money ?? 0) * line.quantity);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('POST /api/v2/events (add_to_cart)', () => {
  const eventsOf = (cardId: string) => testApp.db.select().from(analyticsEvents).where(eq(analyticsEvents.cardId, cardId));
  const added = (as: CardMember, body: object) => send(testApp, 'POST', '/api/v2/events', { member: as, body: { name: 'add_to_cart', ...body } });

  it("records a product of the card's catalog put in the cart, with what the server knows of it", async () => {
    const response = await added(member, { cardId: member.card.id, productId: catalog.products.beans.id, quantity: 2 });
    expect(response.statusCode, response.body).toBe(202);
    expect((await eventsOf(member.card.id)).map((event) => [event.name, event.userId, event.properties])).toEqual([
      ['add_to_cart', member.userId, { productId: catalog.products.beans.id, sku: catalog.products.beans.sku, type: 'physical', quantity: 2 }],
    ]);
  });

  it("records nothing for another member's card, a product not on sale, or a malformed event", async () => {
    const before = (await eventsOf(stranger.card.id)).length + (await eventsOf(member.card.id)).length;
    expect((await added(member, { cardId: stranger.card.id, productId: catalog.products.beans.id, quantity: 1 })).statusCode).toBe(404);
    expect((await added(member, { cardId: member.card.id, productId: catalog.products.retired.id, quantity: 1 })).statusCode).toBe(404);
    expect((await added(otherProgramMember, { cardId: otherProgramMember.card.id, productId: catalog.products.beans.id, quantity: 1 })).statusCode).toBe(404);
    expect((await added(member, { cardId: member.card.id, productId: catalog.products.beans.id, quantity: 0 })).statusCode).toBe(400);
    expect((await send(testApp, 'POST', '/api/v2/events', { member, body: { name: 'purchase_started', cardId: member.card.id } })).statusCode).toBe(400);
    expect((await send(testApp, 'POST', '/api/v2/events', { body: { name: 'add_to_cart', cardId: member.card.id, productId: catalog.products.beans.id, quantity: 1 } })).statusCode).toBe(401);
    expect((await eventsOf(stranger.card.id)).length + (await eventsOf(member.card.id)).length).toBe(before);
  });
});

describe('POST /api/v2/events (search_item)', () => {
  const searchesOf = (cardId: string) => testApp.db.select().from(analyticsEvents).where(eq(analyticsEvents.cardId, cardId));
  const searched = (as: CardMember, body: object) => send(testApp, 'POST', '/api/v2/events', { member: as, body: { name: 'search_item', ...body } });

  it("records a search of the card's catalog as the catalog reads it, with how many products it finds", async () => {
    const searcher = await memberWithCard(testApp, { merchantId, programId: catalog.programId });
    expect((await searched(searcher, { cardId: searcher.card.id, query: '  beans ' })).statusCode).toBe(202);
    expect((await searched(searcher, { cardId: searcher.card.id, query: 'durian' })).statusCode).toBe(202);
    const events = (await searchesOf(searcher.card.id)).map((event) => [event.name, event.userId, event.properties]);
    expect(events).toEqual([
      ['search_item', searcher.userId, { query: 'beans', resultCount: 2 }],
      ['search_item', searcher.userId, { query: 'durian', resultCount: 0 }],
    ]);
  });

  it("records nothing for another member's card, a card with no shop, or an empty or overlong search", async () => {
    const noShop = await memberWithCard(testApp, { merchantId, programId: (await newProgram(testApp, merchantId, { name: 'No shop either' })).id });
    expect((await searched(member, { cardId: stranger.card.id, query: 'beans' })).statusCode).toBe(404);
    expect((await searched(noShop, { cardId: noShop.card.id, query: 'beans' })).statusCode).toBe(403);
    expect((await searched(member, { cardId: member.card.id, query: '   ' })).statusCode).toBe(400);
    expect((await searched(member, { cardId: member.card.id, query: 'x'.repeat(101) })).statusCode).toBe(400);
    const recorded = [...(await searchesOf(stranger.card.id)), ...(await searchesOf(noShop.card.id)), ...(await searchesOf(member.card.id))];
    expect(recorded.filter((event) => event.name === 'search_item')).toEqual([]);
  });
});

describe('custom-value products', () => {
  it('shows the range a value is chosen in, the minimum donation for a donation, capped at Rp 100,000,000', async () => {
    const donation = await newCustomValueProduct(testApp, merchantId, catalog, { name: 'Farmers fund', min: 10_000n, isDonation: true });
    const response = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/catalogs/custom_value/${donation.id}`, { member });
    expect(response.statusCode, response.body).toBe(200);
    expect(productAnswerSchema.parse(response.json()).data).toMatchObject({ type: 'custom_value', price: { points: null, money: 10_000 }, customValue: { min: 10_000, max: 100_000_000, isDonation: true } });
    expect((await browse('?type=physical')).data.every((product) => product.customValue === null)).toBe(true);
  });

  it('prices a line at the value chosen, and reports a value missing, below the minimum or above the maximum', async () => {
    const topUp = await newCustomValueProduct(testApp, merchantId, catalog, { name: 'Gift top-up', min: 50_000n, max: 2_000_000n });
    const chosen = await quote([{ productId: topUp.id, quantity: 1, value: 125_000 }, { productId: catalog.products.beans.id, quantity: 1 }]);
    expect(chosen.lines[0]).toMatchObject({ value: 125_000, money: 125_000, points: 0 });
    expect(chosen.lines[1]).toMatchObject({ value: null, points: 900 });
    expect(chosen).toMatchObject({ subtotal: { points: 900, money: 125_000 }, problems: [], isValid: true });

    const cases: Array<[number | undefined, object]> = [
      [undefined, { code: 'custom_value_required', productId: topUp.id }],
      [49_999, { code: 'custom_value_below_minimum', productId: topUp.id, limit: 50_000 }],
      [2_000_001, { code: 'custom_value_above_maximum', productId: topUp.id, limit: 2_000_000 }],
    ];
    for (const [value, problem] of cases) {
      const refused = await quote([{ productId: topUp.id, quantity: 1, ...(value !== undefined && { value }) }]);
      expect(refused.problems).toEqual([problem]);
      expect(refused.isValid).toBe(false);
      // Priced at its minimum until the value is put right.
      expect(refused.lines[0]).toMatchObject({ value: null, money: 50_000 });
    }
    // A value sent again for the same product replaces the one before.
    const twice = await quote([{ productId: topUp.id, quantity: 1, value: 60_000 }, { productId: topUp.id, quantity: 1, value: 70_000 }]);
    expect(twice.lines[0]).toMatchObject({ quantity: 2, value: 70_000, money: 140_000 });
  });
});
