import { beforeAll, describe, expect, it } from 'vitest';
import { catalogPageSchema, errorBodySchema, integrationProductAnswerSchema, integrationProductListSchema } from '@kartu/contracts';
import type { TestApp } from '../test/test-app.ts';
import { useTestApp } from '../test/test-app.ts';
import { memberWithCard, send, type CardMember } from '../modules/cards/cards.test-support.ts';
import { callIntegration, merchantSetup } from './integration.test-support.ts';

let testApp: TestApp;
let kopi: Awaited<ReturnType<typeof merchantSetup>>;
let lumina: Awaited<ReturnType<typeof merchantSetup>>;
let member: CardMember;

useTestApp((made) => ({ testApp } = made));
beforeAll(async () => {
  kopi = await merchantSetup(testApp, { cards: 0 });
  lumina = await merchantSetup(testApp, { mid: 'LUMINABEAUTY', cards: 0 });
  member = await memberWithCard(testApp, { merchantId: kopi.merchantId, programId: kopi.program.id });
});

const cupping = { sku: 'CUP-1', name: 'Cupping set', category: 'Collector', categoryExclusive: true, type: 'physical', pricePoints: 6_000, stock: 3, maxPerOrder: 1, weightGrams: 1_500 };

function saveProduct(body: object, { key = kopi.key, programId = kopi.program.id, idempotencyKey }: { key?: string; programId?: string; idempotencyKey?: string } = {}) {
  return callIntegration(testApp, 'POST', `/programs/${programId}/products`, { key, body, ...(idempotencyKey && { idempotencyKey }) });
}

async function shopOfMember() {
  const response = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/catalogs`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return catalogPageSchema.parse(response.json());
}

describe('the integration API for catalogs', () => {
  it("makes a product by SKU, which members of the program see at once, and updates it under the same SKU", async () => {
    expect((await shopOfMember()).data).toEqual([]);
    const made = await saveProduct(cupping);
    expect(made.statusCode, made.body).toBe(200);
    expect(integrationProductAnswerSchema.parse(made.json())).toMatchObject({
      created: true,
      data: { sku: 'CUP-1', category: { name: 'Collector', isExclusive: true }, pricePoints: 6_000, priceMoney: null, currency: 'IDR', stock: 3, active: true, hasImage: false },
    });
    const shown = await shopOfMember();
    expect(shown.data.map((product) => [product.name, product.stock])).toEqual([['Cupping set', { status: 'in_stock', count: 3 }]]);

    const updated = integrationProductAnswerSchema.parse((await saveProduct({ ...cupping, name: 'Anniversary cupping set', priceMoney: 150_000 })).json());
    expect(updated).toMatchObject({ created: false, data: { id: updated.data.id, name: 'Anniversary cupping set', priceMoney: 150_000, category: { isExclusive: true } } });
    expect((await shopOfMember()).data.map((product) => product.name)).toEqual(['Anniversary cupping set']);
  });

  it('answers a retried write with its first answer, and refuses the key with another body', async () => {
    const first = await saveProduct({ ...cupping, sku: 'RETRY-1' }, { idempotencyKey: 'product-retry' });
    const again = await saveProduct({ ...cupping, sku: 'RETRY-1' }, { idempotencyKey: 'product-retry' });
    expect(again.json()).toEqual(first.json());
    expect(integrationProductAnswerSchema.parse(again.json()).created).toBe(true);
    expect((await saveProduct({ ...cupping, sku: 'RETRY-2' }, { idempotencyKey: 'product-retry' })).statusCode).toBe(422);
  });

  it('sets the exact stock, shows members only what they may see, and retires a product', async () => {
    await saveProduct({ ...cupping, sku: 'BEANS-1', name: 'Beans', category: 'Coffee', categoryExclusive: false, stock: 10 });
    const stock = await callIntegration(testApp, 'POST', `/programs/${kopi.program.id}/products/BEANS-1/stock`, { key: kopi.key, body: { stock: 250 } });
    expect(stock.statusCode, stock.body).toBe(200);
    expect(stock.json()).toMatchObject({ data: { sku: 'BEANS-1', stock: 250 } });
    expect((await shopOfMember()).data.find((product) => product.name === 'Beans')?.stock).toEqual({ status: 'more_than_100' });

    await saveProduct({ ...cupping, sku: 'BEANS-1', name: 'Beans', category: 'Coffee', stock: 250, active: false });
    expect((await shopOfMember()).data.map((product) => product.name)).not.toContain('Beans');
    const listed = integrationProductListSchema.parse((await callIntegration(testApp, 'GET', `/programs/${kopi.program.id}/products`, { key: kopi.key })).json());
    expect(listed.data.find((product) => product.sku === 'BEANS-1')).toMatchObject({ active: false, stock: 250 });

    const unknown = await callIntegration(testApp, 'POST', `/programs/${kopi.program.id}/products/NOPE/stock`, { key: kopi.key, body: { stock: 1 } });
    expect(unknown.statusCode).toBe(404);
    expect(errorBodySchema.parse(unknown.json()).code).toBe('PRODUCT_NOT_FOUND');
  });

  it("refuses another merchant's program, a product with no price, and bad numbers, changing nothing", async () => {
    const before = (await callIntegration(testApp, 'GET', `/programs/${kopi.program.id}/products`, { key: kopi.key })).json();
    expect((await saveProduct(cupping, { key: lumina.key })).statusCode).toBe(404);
    expect((await callIntegration(testApp, 'GET', `/programs/${kopi.program.id}/products`, { key: lumina.key })).statusCode).toBe(404);
    expect((await saveProduct(cupping, { programId: 'not-a-uuid' })).statusCode).toBe(404);
    for (const bad of [
      { ...cupping, pricePoints: null },
      { ...cupping, pricePoints: -1 },
      { ...cupping, stock: 1.5 },
      { ...cupping, type: 'furniture' },
      { ...cupping, name: '' },
      { ...cupping, maxPerOrder: 0 },
    ]) {
      expect((await saveProduct(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await callIntegration(testApp, 'GET', `/programs/${kopi.program.id}/products`, { key: kopi.key })).json()).toEqual(before);
    expect((await callIntegration(testApp, 'GET', `/programs/${kopi.program.id}/products`)).statusCode).toBe(401);
  });
});
