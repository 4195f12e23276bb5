import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogPageSchema, errorBodySchema } from '@kartu/contracts';
import { images } from '../modules/media/images.table.ts';
import { testPicture } from '../modules/media/media.test-support.ts';
import type { TestApp } from '../test/test-app.ts';
import { useTestApp } from '../test/test-app.ts';
import { memberWithCard, send, type CardMember } from '../modules/cards/cards.test-support.ts';
import { answerOf, callIntegration, merchantSetup } from './integration.test-support.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../test/integration-client.ts';
import type { components } from '../test/api/integration-api.ts';

let testApp: TestApp;
let kopi: Awaited<ReturnType<typeof merchantSetup>>;
let lumina: Awaited<ReturnType<typeof merchantSetup>>;
let kopiClient: IntegrationClient;
let luminaClient: IntegrationClient;
let member: CardMember;

useTestApp((made) => ({ testApp } = made));
beforeAll(async () => {
  kopi = await merchantSetup(testApp, { cards: 0, program: { visualAttributes: { showBtnShop: true } } });
  lumina = await merchantSetup(testApp, { mid: 'LUMINABEAUTY', cards: 0 });
  kopiClient = await integrationClient(testApp, { key: kopi.key });
  luminaClient = await integrationClient(testApp, { key: lumina.key });
  member = await memberWithCard(testApp, { merchantId: kopi.merchantId, programId: kopi.program.id });
});

const cupping: components['schemas']['IntegrationProductBody'] = { sku: 'CUP-1', name: 'Cupping set', category: 'Collector', categoryExclusive: true, type: 'physical', pricePoints: 6_000, stock: 3, maxPerOrder: 1, weightGrams: 1_500 };

function saveProduct(
  body: components['schemas']['IntegrationProductBody'],
  { client = kopiClient, programId = kopi.program.id, idempotencyKey = newWriteKey() }: { client?: IntegrationClient; programId?: string; idempotencyKey?: string } = {},
) {
  return client.POST('/integration/v1/programs/{programId}/products', { params: { path: { programId }, header: { 'idempotency-key': idempotencyKey } }, body });
}
const postProduct = (body: object, { idempotencyKey }: { idempotencyKey?: string } = {}) =>
  callIntegration(testApp, 'POST', `/programs/${kopi.program.id}/products`, { key: kopi.key, body, ...(idempotencyKey && { idempotencyKey }) });

const setStock = (sku: string, stock: number) =>
  kopiClient.POST('/integration/v1/programs/{programId}/products/{sku}/stock', {
    params: { path: { programId: kopi.program.id, sku }, header: { 'idempotency-key': newWriteKey() } },
    body: { stock },
  });
const productsOf = (client: IntegrationClient) => client.GET('/integration/v1/programs/{programId}/products', { params: { path: { programId: kopi.program.id } } });

async function shopOfMember() {
  const response = await send(testApp, 'GET', `/api/v2/cards/${member.card.id}/catalogs`, { member });
  expect(response.statusCode, response.body).toBe(200);
  return catalogPageSchema.parse(response.json());
}

describe('the integration API for catalogs', () => {
  it("makes a product by SKU, which members of the program see at once, and updates it under the same SKU", async () => {
    expect((await shopOfMember()).data).toEqual([]);
    const made = await saveProduct(cupping);
    expect(made.response.status, JSON.stringify(made.error)).toBe(200);
    expect(made.data).toMatchObject({
      created: true,
      data: { sku: 'CUP-1', category: { name: 'Collector', isExclusive: true }, pricePoints: 6_000, priceMoney: null, currency: 'IDR', stock: 3, active: true, hasImage: false },
    });
    const shown = await shopOfMember();
    expect(shown.data.map((product) => [product.name, product.stock])).toEqual([['Cupping set', { status: 'in_stock', count: 3 }]]);

    const updated = answerOf(await saveProduct({ ...cupping, name: 'Anniversary cupping set', priceMoney: 150_000 }));
    expect(updated).toMatchObject({ created: false, data: { id: updated.data.id, name: 'Anniversary cupping set', priceMoney: 150_000, category: { isExclusive: true } } });
    expect((await shopOfMember()).data.map((product) => product.name)).toEqual(['Anniversary cupping set']);
  });

  it('makes a custom-value product: a donation from its minimum, which members see with the range they choose in', async () => {
    const made = await saveProduct({ sku: 'FUND-1', name: 'Farmers fund', category: 'Give back', type: 'custom_value', pricePoints: null, priceMoney: 10_000, customValueMax: 5_000_000, isDonation: true });
    expect(made.response.status, JSON.stringify(made.error)).toBe(200);
    expect(made.data?.data).toMatchObject({ type: 'custom_value', priceMoney: 10_000, customValueMax: 5_000_000, isDonation: true });
    const shown = (await shopOfMember()).data.find((product) => product.name === 'Farmers fund');
    expect(shown).toMatchObject({ type: 'custom_value', price: { points: null, money: 10_000 }, customValue: { min: 10_000, max: 5_000_000, isDonation: true } });
    expect((await saveProduct({ sku: 'FUND-1', name: 'Farmers fund', category: 'Give back', type: 'custom_value', pricePoints: null, priceMoney: 10_000, active: false })).response.status).toBe(200);
  });

  it('answers a retried write with its first answer, and refuses the key with another body', async () => {
    const first = await saveProduct({ ...cupping, sku: 'RETRY-1' }, { idempotencyKey: 'product-retry' });
    const again = await saveProduct({ ...cupping, sku: 'RETRY-1' }, { idempotencyKey: 'product-retry' });
    expect(again.data).toEqual(first.data);
    expect(answerOf(again).created).toBe(true);
    expect((await postProduct({ ...cupping, sku: 'RETRY-2' }, { idempotencyKey: 'product-retry' })).statusCode).toBe(422);
  });

  it('sets the exact stock, shows members only what they may see, and retires a product', async () => {
    await saveProduct({ ...cupping, sku: 'BEANS-1', name: 'Beans', category: 'Coffee', categoryExclusive: false, stock: 10 });
    const stock = await setStock('BEANS-1', 250);
    expect(stock.response.status, JSON.stringify(stock.error)).toBe(200);
    expect(stock.data).toMatchObject({ data: { sku: 'BEANS-1', stock: 250 } });
    expect((await shopOfMember()).data.find((product) => product.name === 'Beans')?.stock).toEqual({ status: 'more_than_100' });

    await saveProduct({ ...cupping, sku: 'BEANS-1', name: 'Beans', category: 'Coffee', stock: 250, active: false });
    expect((await shopOfMember()).data.map((product) => product.name)).not.toContain('Beans');
    const listed = answerOf(await productsOf(kopiClient));
    expect(listed.data.find((product) => product.sku === 'BEANS-1')).toMatchObject({ active: false, stock: 250 });

    const unknown = await setStock('NOPE', 1);
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.code).toBe('PRODUCT_NOT_FOUND');
  });

  it("refuses another merchant's program, a product with no price, and bad numbers, changing nothing", async () => {
    const before = answerOf(await productsOf(kopiClient));
    expect((await saveProduct(cupping, { client: luminaClient })).response.status).toBe(404);
    expect((await productsOf(luminaClient)).response.status).toBe(404);
    expect((await saveProduct(cupping, { programId: 'not-a-uuid' })).response.status).toBe(404);
    for (const bad of [
      { ...cupping, pricePoints: null },
      { ...cupping, pricePoints: -1 },
      { ...cupping, stock: 1.5 },
      { ...cupping, type: 'furniture' },
      { ...cupping, name: '' },
      { ...cupping, maxPerOrder: 0 },
      // A custom value is chosen in money from priceMoney, never past the general cap; only such products take a maximum.
      { ...cupping, type: 'custom_value', pricePoints: 100, priceMoney: 10_000 },
      { ...cupping, type: 'custom_value', pricePoints: null, priceMoney: 10_000, customValueMax: 5_000 },
      { ...cupping, type: 'custom_value', pricePoints: null, priceMoney: 10_000, customValueMax: 100_000_001 },
      { ...cupping, customValueMax: 50_000 },
      { ...cupping, isDonation: true },
    ]) {
      expect((await postProduct(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await productsOf(kopiClient)).data).toEqual(before);
    expect((await callIntegration(testApp, 'GET', `/programs/${kopi.program.id}/products`)).statusCode).toBe(401);
  });
});

describe('the integration API for product pictures', () => {
  function uploadImage(
    sku: string,
    bytes: Buffer,
    { contentType = 'image/jpeg', client = kopiClient, idempotencyKey = newWriteKey() }: { contentType?: 'image/jpeg' | 'image/png' | 'image/webp'; client?: IntegrationClient; idempotencyKey?: string } = {},
  ) {
    return client.POST('/integration/v1/programs/{programId}/products/{sku}/image', {
      params: { path: { programId: kopi.program.id, sku }, header: { 'idempotency-key': idempotencyKey } },
      body: new Blob([bytes]),
      bodySerializer: (body) => body,
      headers: { 'content-type': contentType },
    });
  }
  function postImage(sku: string, bytes: Buffer | string, { contentType = 'image/jpeg', idempotencyKey = randomUUID() }: { contentType?: string; idempotencyKey?: string | null } = {}) {
    const headers: Record<string, string> = { host: 'pos.example', authorization: `Bearer ${kopi.key}`, 'content-type': contentType };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    return testApp.app.inject({ method: 'POST', url: `/integration/v1/programs/${kopi.program.id}/products/${encodeURIComponent(sku)}/image`, headers, payload: bytes });
  }

  const imagesOfMerchant = async () => (await testApp.db.select({ value: count() }).from(images).where(eq(images.merchantId, kopi.merchantId)))[0]?.value;

  /** A photo as a phone takes it: a JPEG carrying EXIF metadata. */
  const photo = async (background = '#6b3e26') =>
    sharp(await testPicture({ width: 1200, height: 1000, format: 'jpeg', background }))
      .withMetadata({ exif: { IFD0: { Copyright: 'Kopi Senja', Artist: 'Till 3' } } })
      .toBuffer();

  it("gives a product its picture, which members see in every size without the photo's metadata", async () => {
    await saveProduct({ ...cupping, sku: 'PIC-1', name: 'Pictured beans', category: 'Coffee', categoryExclusive: false });
    const response = await uploadImage('PIC-1', await photo());
    expect(response.response.status, JSON.stringify(response.error)).toBe(200);
    expect(response.data?.data).toMatchObject({ sku: 'PIC-1', hasImage: true });

    const shown = (await shopOfMember()).data.find((product) => product.name === 'Pictured beans');
    expect(shown?.image?.srcSet).toMatch(/\/240\.webp 240w, .*\/480\.webp 480w, .*\/960\.webp 960w$/);
    const folder = shown?.image?.src.replace(/\/240\.webp$/, '') ?? '';
    for (const width of [240, 480, 960]) {
      const variant = await testApp.app.inject({ method: 'GET', url: `${folder}/${width}.webp`, headers: { host: 'localhost' } });
      expect(variant.statusCode, String(width)).toBe(200);
      const decoded = await sharp(variant.rawPayload).metadata();
      expect(decoded).toMatchObject({ format: 'webp', width, height: width });
      expect(decoded.exif).toBeUndefined();
    }
  });

  it('answers a retried upload with its first answer and stores the picture once; another picture under the key is refused', async () => {
    await saveProduct({ ...cupping, sku: 'PIC-2', name: 'Retried picture', category: 'Coffee', categoryExclusive: false });
    const bytes = await photo('#2a6bc0');
    const first = await uploadImage('PIC-2', bytes, { idempotencyKey: 'picture-retry' });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    const stored = await imagesOfMerchant();
    const again = await uploadImage('PIC-2', bytes, { idempotencyKey: 'picture-retry' });
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    expect(await imagesOfMerchant()).toBe(stored);
    const reused = await postImage('PIC-2', await photo('#c02a6b'), { idempotencyKey: 'picture-retry' });
    expect(reused.statusCode).toBe(422);
    expect(errorBodySchema.parse(reused.json()).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses what is not a usable picture, an unknown product, another merchant and a missing key, storing nothing', async () => {
    await saveProduct({ ...cupping, sku: 'PIC-3', name: 'Unpictured', category: 'Coffee', categoryExclusive: false });
    const before = await imagesOfMerchant();
    const typed = async (call: ReturnType<typeof uploadImage>) => {
      const { response, error } = await call;
      return { status: response.status, code: error?.code };
    };
    const raw = async (call: ReturnType<typeof postImage>) => {
      const response = await call;
      return { status: response.statusCode, code: errorBodySchema.parse(response.json()).code };
    };
    const cases: Array<[string, Promise<{ status: number; code?: string }>, number, string]> = [
      ['text sent as a PNG', raw(postImage('PIC-3', 'not a picture at all', { contentType: 'image/png' })), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['JSON', raw(postImage('PIC-3', JSON.stringify({ url: 'https://example.com/a.jpg' }), { contentType: 'application/json' })), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['a GIF', raw(postImage('PIC-3', await testPicture({ width: 600, height: 600, format: 'gif' }), { contentType: 'image/gif' })), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['a picture smaller than a tile', typed(uploadImage('PIC-3', await testPicture({ width: 100, height: 100, format: 'png' }), { contentType: 'image/png' })), 422, 'UNPROCESSABLE'],
      ['an unknown SKU', typed(uploadImage('NOPE', await photo())), 404, 'PRODUCT_NOT_FOUND'],
      ["another merchant's key", typed(uploadImage('PIC-3', await photo(), { client: luminaClient })), 404, 'NOT_FOUND'],
      ['no Idempotency-Key', raw(postImage('PIC-3', await photo(), { idempotencyKey: null })), 400, 'IDEMPOTENCY_KEY_REQUIRED'],
    ];
    for (const [what, call, status, code] of cases) {
      const answer = await call;
      expect(answer.status, what).toBe(status);
      expect(answer.code, what).toBe(code);
    }
    expect(await imagesOfMerchant()).toBe(before);
    const listed = answerOf(await productsOf(kopiClient));
    expect(listed.data.find((product) => product.sku === 'PIC-3')?.hasImage).toBe(false);
  });
});
