import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app.ts';
import { createTestApp, testEnv, type TestApp } from '../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { findApiKey } from './api-keys.repository.ts';
import { integrationApiKeys } from './api-keys.table.ts';
import { apiKeyCacheTtlMs, createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';
import { callIntegration, merchantSetup } from './integration.test-support.ts';
import { integrationClient, newWriteKey, type IntegrationClient } from '../test/integration-client.ts';

let testApp: TestApp;
let kopi: Awaited<ReturnType<typeof merchantSetup>>;
let lumina: Awaited<ReturnType<typeof merchantSetup>>;
let luminaClient: IntegrationClient;

beforeAll(async () => {
  testApp = await createTestApp();
  kopi = await merchantSetup(testApp);
  lumina = await merchantSetup(testApp, { mid: 'LUMINABEAUTY' });
  luminaClient = await integrationClient(testApp, { key: lumina.key });
});
afterAll(async () => {
  await testApp.close();
});

const invalidKeyBody = { statusCode: 401, code: 'API_KEY_INVALID', message: 'The API key is missing or not valid' };
const issueBody = () => ({ programId: kopi.program.id });
const write = () => ({ header: { 'idempotency-key': newWriteKey() } });
const issue = (client: IntegrationClient) => client.POST('/integration/v1/cards', { params: write(), body: issueBody() });

describe('API keys', () => {
  it('shows the key once as kartu_<id>_<secret> and keeps only a hash of the secret', async () => {
    const created = await createApiKey({ db: testApp.db, merchantId: kopi.merchantId, name: '  Till 7 ' });
    const [, id, secret] = /^kartu_([0-9a-f-]{36})_([A-Za-z0-9_-]{43})$/.exec(created.key) ?? [];
    expect(id).toBe(created.id);
    expect(created).toMatchObject({ name: 'Till 7', prefix: secret?.slice(0, 8), revokedAt: null });
    const row = await findApiKey(testApp.db, created.id);
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = await listApiKeys({ db: testApp.db, merchantId: kopi.merchantId });
    expect(listed.find((key) => key.id === created.id)).not.toHaveProperty('secretHash');
  });

  it('refuses a key without a name', async () => {
    await expect(createApiKey({ db: testApp.db, merchantId: kopi.merchantId, name: '  ' })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
  });
});

describe('API key authentication', () => {
  it('accepts a valid key on any host, for its own merchant', async () => {
    const { response } = await issue(await integrationClient(testApp, { key: kopi.key, host: 'anything.example' }));
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['no header', undefined],
    ['a malformed key', 'not-a-key'],
    ['a wrong secret', () => kopi.key.slice(0, -4) + 'AAAA'],
    ['an unknown key id', () => kopi.key.replace(/_[0-9a-f]{8}-/, '_00000000-')],
  ])('answers 401 API_KEY_INVALID for %s, before reading the body', async (_case, key) => {
    const presented = typeof key === 'function' ? key() : key;
    const response = await callIntegration(testApp, 'POST', '/cards', { key: presented, body: { programId: 'not even valid' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidKeyBody);
  });

  it('stops accepting a key once it is revoked', async () => {
    const { id, key } = await createApiKey({ db: testApp.db, merchantId: kopi.merchantId, name: 'Old till' });
    const client = await integrationClient(testApp, { key });
    expect((await issue(client)).response.status).toBe(201);
    await revokeApiKey({ db: testApp.db, id, now: new Date() });
    const refused = await issue(client);
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual(invalidKeyBody);
    await expect(revokeApiKey({ db: testApp.db, id, now: new Date() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('stops accepting a key revoked by another process within the time keys are cached', async () => {
    const { id, key } = await createApiKey({ db: testApp.db, merchantId: kopi.merchantId, name: 'Till revoked from the CLI' });
    const client = await integrationClient(testApp, { key });
    expect((await issue(client)).response.status).toBe(201);
    // Revoked where no change reaches this process (another deployment's relay down, a hand-made update).
    await testApp.db.update(integrationApiKeys).set({ revokedAt: testApp.clock.now() }).where(eq(integrationApiKeys.id, id));
    expect((await issue(client)).response.status).toBe(201);
    testApp.clock.advance(apiKeyCacheTtlMs);
    expect((await issue(client)).response.status).toBe(401);
  });

  it("never reaches another merchant's programs or cards", async () => {
    const program = await issue(luminaClient);
    expect(program.response.status).toBe(404);
    const cardNumber = kopi.cards[0]?.number;
    if (!cardNumber) throw new Error('No card 0');
    const purchase = await luminaClient.POST('/integration/v1/purchases', { params: write(), body: { cardNumber, amount: 5000, billNumber: 'B-1' } });
    expect(purchase.response.status).toBe(404);
    expect(purchase.error).toMatchObject({ code: 'CARD_NOT_FOUND' });
    const adjustment = await luminaClient.POST('/integration/v1/adjustments', { params: write(), body: { cardNumber, amount: 5, reason: 'test' } });
    expect(adjustment.response.status).toBe(404);
  });
});

describe('rate limit', () => {
  let limitedApp: FastifyInstance;
  let limitedKopi: IntegrationClient;
  let limitedLumina: IntegrationClient;
  beforeAll(async () => {
    limitedApp = await createApp({ env: testEnv({ INTEGRATION_RATE_LIMIT_PER_MINUTE: '2' }), database: testApp.db });
    limitedKopi = await integrationClient({ ...testApp, app: limitedApp }, { key: kopi.key });
    limitedLumina = await integrationClient({ ...testApp, app: limitedApp }, { key: lumina.key });
  });
  afterAll(async () => {
    await limitedApp.close();
  });

  const list = (client: IntegrationClient) => client.GET('/integration/v1/members/{phone}/cards', { params: { path: { phone: '+6281299990000' } } });

  it('counts requests per key, so one busy key does not stop another', async () => {
    const statuses = [];
    for (let request = 0; request < 3; request += 1) statuses.push((await list(limitedKopi)).response.status);
    expect(statuses).toEqual([404, 404, 429]);
    const limited = await list(limitedKopi);
    expect(limited.error?.code).toBe('RATE_LIMITED');
    expect((await list(limitedLumina)).response.status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('publishes every integration route with the bearer scheme and its error answers', async () => {
    const response = await testApp.app.inject({ url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
      components: { securitySchemes?: Record<string, unknown> };
    }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/integration/v1/cards',
        '/integration/v1/cards/batch',
        '/integration/v1/purchases',
        '/integration/v1/purchases/{billNumber}/void',
        '/integration/v1/adjustments',
        '/integration/v1/members/{phone}/cards',
      ]),
    );
    expect(document.components.securitySchemes?.integrationApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const purchase = document.paths['/integration/v1/purchases']?.post;
    expect(purchase?.security).toEqual([{ integrationApiKey: [] }]);
    expect(Object.keys(purchase?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '404', '409', '422', '429']));
  });
});

describe('unknown integration paths', () => {
  it('answers a JSON 404 to a caller with a valid key, and 401 to anyone else', async () => {
    const known = await callIntegration(testApp, 'GET', '/loyalty', { key: kopi.key });
    expect(known.statusCode).toBe(404);
    expect(known.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    expect((await callIntegration(testApp, 'GET', '/loyalty')).statusCode).toBe(401);
  });
});
