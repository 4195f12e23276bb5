import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addressAnswerSchema, addressBodySchema, addressListSchema, areaListSchema, errorBodySchema, MAX_ADDRESSES_PER_MEMBER, type AddressBody } from '@kartu/contracts';
import { demoAddressId, raniHome, seedKopiSenjaAddresses } from '../../seed/seed-addresses.ts';
import { newMember, type TestMember } from '../../test/members.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../auth/users.table.ts';
import { listAddresses } from './addresses.repository.ts';
import { createMemberAddress } from './addresses.service.ts';
import { addAddress, homeInJakarta, officeInBandung, sendAddressCall } from './addresses.test-support.ts';

let testApp: TestApp;
let merchantId: number;
let member: TestMember;

useTestApp((made) => ({ testApp, merchantId } = made));
beforeAll(async () => {
  member = await newMember(testApp);
});

async function areas(url: string) {
  const response = await sendAddressCall(testApp, 'GET', url, { member });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, max-age=86400');
  return areaListSchema.parse(response.json()).data;
}

async function addressesOf(as: TestMember) {
  const response = await sendAddressCall(testApp, 'GET', '/api/v2/addresses', { member: as });
  expect(response.statusCode, response.body).toBe(200);
  return addressListSchema.parse(response.json()).data;
}

const primaryOf = async (as: TestMember) => (await addressesOf(as)).filter((address) => address.isPrimary).map((address) => address.id);

describe('GET /api/v2/areas/…', () => {
  it('lists the 38 provinces by name, in title case', async () => {
    const provinces = await areas('/api/v2/areas/provinces');
    expect(provinces).toHaveLength(38);
    expect(provinces.slice(0, 6).map((area) => area.name)).toEqual(['Aceh', 'Bali', 'Banten', 'Bengkulu', 'Daerah Istimewa Yogyakarta', 'DKI Jakarta']);
    expect(provinces).toContainEqual({ code: '32', name: 'Jawa Barat' });
  });

  it('walks down from a province to its cities, their districts and their subdistricts', async () => {
    expect(await areas('/api/v2/areas/provinces/31/regencies')).toEqual([
      { code: '31.01', name: 'Kabupaten Administrasi Kepulauan Seribu' },
      { code: '31.73', name: 'Kota Administrasi Jakarta Barat' },
      { code: '31.71', name: 'Kota Administrasi Jakarta Pusat' },
      { code: '31.74', name: 'Kota Administrasi Jakarta Selatan' },
      { code: '31.75', name: 'Kota Administrasi Jakarta Timur' },
      { code: '31.72', name: 'Kota Administrasi Jakarta Utara' },
    ]);
    expect(await areas('/api/v2/areas/provinces/32/regencies')).toContainEqual({ code: '32.73', name: 'Kota Bandung' });
    expect(await areas('/api/v2/areas/provinces/73/regencies')).toContainEqual({ code: '73.10', name: 'Kabupaten Pangkajene dan Kepulauan' });
    const districts = await areas('/api/v2/areas/regencies/31.74/districts');
    expect(districts).toHaveLength(10);
    expect(districts[0]).toEqual({ code: '31.74.06', name: 'Cilandak' });
    const villages = await areas('/api/v2/areas/districts/31.74.07/villages');
    expect(villages.map((area) => area.name)).toEqual(['Cipete Utara', 'Gandaria Utara', 'Gunung', 'Kramat Pela', 'Melawai', 'Petogogan', 'Pulo', 'Rawa Barat', 'Selong', 'Senayan']);
  });

  it('answers 404 under an area that does not exist, and under a code of the wrong level', async () => {
    const cases = [
      ['/api/v2/areas/provinces/99/regencies', 'This province was not found'],
      ['/api/v2/areas/provinces/31.74/regencies', 'This province was not found'],
      ['/api/v2/areas/regencies/31/districts', 'This city or regency was not found'],
      ['/api/v2/areas/regencies/31.99/districts', 'This city or regency was not found'],
      ['/api/v2/areas/districts/31.74.99/villages', 'This district was not found'],
    ] as const;
    for (const [url, message] of cases) {
      const response = await sendAddressCall(testApp, 'GET', url, { member });
      expect(response.statusCode, url).toBe(404);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ code: 'NOT_FOUND', message });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/v2/areas/provinces', '/api/v2/areas/provinces/31/regencies', '/api/v2/areas/regencies/31.74/districts', '/api/v2/areas/districts/31.74.07/villages']) {
      expect((await sendAddressCall(testApp, 'GET', url)).statusCode, url).toBe(401);
    }
  });
});

describe('/api/v2/addresses', () => {
  // Each test starts from a member with no addresses.
  beforeEach(async () => {
    member = await newMember(testApp);
  });

  it('adds an address with its area names and the phone in E.164, and reads it back', async () => {
    const address = await addAddress(testApp, member);
    expect(address).toMatchObject({
      type: 'home',
      recipientName: 'Sari Wulandari',
      recipientPhone: '+6281234567890',
      countryCode: 'ID',
      province: { code: '31', name: 'DKI Jakarta' },
      regency: { code: '31.74', name: 'Kota Administrasi Jakarta Selatan' },
      district: { code: '31.74.07', name: 'Kebayoran Baru' },
      village: { code: '31.74.07.1006', name: 'Senayan' },
      fullAddress: 'Jl. Senayan No. 7',
      zip: '12190',
      note: 'Ring the bell twice',
      latitude: null,
      longitude: null,
      isPrimary: true,
    });
    const read = await sendAddressCall(testApp, 'GET', `/api/v2/addresses/${address.id}`, { member });
    expect(read.statusCode).toBe(200);
    expect(addressAnswerSchema.parse(read.json()).data).toEqual(address);
    expect(await addressesOf(member)).toEqual([address]);
  });

  it('replaces an address, with its position, and deletes it', async () => {
    const address = await addAddress(testApp, member);
    testApp.clock.advance(60_000);
    const changed = officeInBandung({ recipientName: '  Budi  ', recipientPhone: '+62 811-2222-3333', note: '', latitude: -6.893, longitude: 107.6027 });
    const response = await sendAddressCall(testApp, 'PUT', `/api/v2/addresses/${address.id}`, { member, body: changed });
    expect(response.statusCode, response.body).toBe(200);
    const updated = addressAnswerSchema.parse(response.json()).data;
    expect(updated).toMatchObject({
      id: address.id,
      type: 'office',
      recipientName: 'Budi',
      recipientPhone: '+6281122223333',
      regency: { code: '32.73', name: 'Kota Bandung' },
      village: { code: '32.73.02.1001', name: 'Cipaganti' },
      note: null,
      latitude: -6.893,
      longitude: 107.6027,
      isPrimary: true,
      createdAt: address.createdAt,
    });
    expect(updated.updatedAt > address.updatedAt).toBe(true);
    expect((await sendAddressCall(testApp, 'DELETE', `/api/v2/addresses/${address.id}`, { member })).statusCode).toBe(204);
    expect((await sendAddressCall(testApp, 'GET', `/api/v2/addresses/${address.id}`, { member })).statusCode).toBe(404);
    expect(await addressesOf(member)).toEqual([]);
  });

  it('keeps the position when an edit leaves it out, and removes it only when told with null', async () => {
    const pinned = await addAddress(testApp, member, homeInJakarta({ latitude: -6.2251, longitude: 106.7995 }));
    const edit = (body: AddressBody) => sendAddressCall(testApp, 'PUT', `/api/v2/addresses/${pinned.id}`, { member, body });
    const { latitude: _latitude, longitude: _longitude, ...withoutPosition } = homeInJakarta({ note: 'Blue gate' });
    const kept = addressAnswerSchema.parse((await edit(withoutPosition)).json()).data;
    expect(kept).toMatchObject({ note: 'Blue gate', latitude: -6.2251, longitude: 106.7995 });

    const moved = addressAnswerSchema.parse((await edit(homeInJakarta({ latitude: -6.2443, longitude: 106.7997 }))).json()).data;
    expect(moved).toMatchObject({ latitude: -6.2443, longitude: 106.7997 });
    const cleared = addressAnswerSchema.parse((await edit(homeInJakarta({ latitude: null, longitude: null }))).json()).data;
    expect(cleared).toMatchObject({ latitude: null, longitude: null });
    expect(addressAnswerSchema.parse((await edit(withoutPosition)).json()).data).toMatchObject({ latitude: null, longitude: null });
    // Half a position is neither kept nor cleared: it is refused.
    const half = await edit(homeInJakarta({ latitude: null }));
    expect(half.statusCode).toBe(400);
    expect(errorBodySchema.parse(half.json()).details?.map((issue) => issue.field)).toContain('body.longitude');
  });

  it('makes the first address primary, moves the flag when asked, and lists the primary first, then the newest', async () => {
    const first = await addAddress(testApp, member);
    const second = await addAddress(testApp, member, officeInBandung());
    const third = await addAddress(testApp, member, homeInJakarta({ type: 'other' }));
    expect([first.isPrimary, second.isPrimary, third.isPrimary]).toEqual([true, false, false]);
    expect((await addressesOf(member)).map((address) => address.id)).toEqual([first.id, third.id, second.id]);

    const chosen = await sendAddressCall(testApp, 'POST', `/api/v2/addresses/${second.id}/primary`, { member });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(addressAnswerSchema.parse(chosen.json()).data).toMatchObject({ id: second.id, isPrimary: true });
    expect((await addressesOf(member)).map((address) => [address.id, address.isPrimary])).toEqual([
      [second.id, true],
      [third.id, false],
      [first.id, false],
    ]);

    const fourth = await addAddress(testApp, member, homeInJakarta({ isPrimary: true }));
    expect(await primaryOf(member)).toEqual([fourth.id]);
    const unchecked = await sendAddressCall(testApp, 'PUT', `/api/v2/addresses/${fourth.id}`, { member, body: homeInJakarta({ isPrimary: false }) });
    expect(addressAnswerSchema.parse(unchecked.json()).data.isPrimary).toBe(true);
  });

  it('passes the primary flag to the newest address left when the primary one is deleted', async () => {
    const first = await addAddress(testApp, member);
    const second = await addAddress(testApp, member, officeInBandung());
    const third = await addAddress(testApp, member);
    await sendAddressCall(testApp, 'DELETE', `/api/v2/addresses/${second.id}`, { member });
    expect(await primaryOf(member)).toEqual([first.id]);
    await sendAddressCall(testApp, 'DELETE', `/api/v2/addresses/${first.id}`, { member });
    expect(await primaryOf(member)).toEqual([third.id]);
    await sendAddressCall(testApp, 'DELETE', `/api/v2/addresses/${third.id}`, { member });
    expect(await addressesOf(member)).toEqual([]);
    expect((await addAddress(testApp, member)).isPrimary).toBe(true);
  });

  it('refuses areas that do not nest, naming the first wrong level', async () => {
    const cases: [Partial<AddressBody>, string, string][] = [
      [{ provinceCode: '99' }, 'body.provinceCode', 'Choose a province from the list'],
      [{ provinceCode: '32' }, 'body.regencyCode', 'Choose a city or regency of the chosen province'],
      [{ regencyCode: '31.71' }, 'body.districtCode', 'Choose a district of the chosen city or regency'],
      [{ districtCode: '31.74.06' }, 'body.villageCode', 'Choose a subdistrict of the chosen district'],
      [{ villageCode: '32.73.02.1001' }, 'body.villageCode', 'Choose a subdistrict of the chosen district'],
    ];
    const saved = await addAddress(testApp, member);
    for (const [fields, field, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/v2/addresses'],
        ['PUT', `/api/v2/addresses/${saved.id}`],
      ] as const) {
        const response = await sendAddressCall(testApp, method, url, { member, body: homeInJakarta(fields) });
        expect(response.statusCode, `${method} ${field}`).toBe(422);
        expect(errorBodySchema.parse(response.json())).toEqual({ statusCode: 422, code: 'ADDRESS_AREA_INVALID', message, details: [{ field, rule: 'not_in_area', message }] });
      }
    }
    expect(await addressesOf(member)).toEqual([saved]);
  });

  it(`keeps ${MAX_ADDRESSES_PER_MEMBER} addresses at most`, async () => {
    for (let index = 0; index < MAX_ADDRESSES_PER_MEMBER; index += 1) await addAddress(testApp, member, homeInJakarta({ fullAddress: `Jl. Senayan No. ${index + 1}` }));
    const refused = await sendAddressCall(testApp, 'POST', '/api/v2/addresses', { member, body: homeInJakarta() });
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).code).toBe('ADDRESS_LIMIT_REACHED');
    expect(await addressesOf(member)).toHaveLength(MAX_ADDRESSES_PER_MEMBER);
    // Another member is not held to this member's count.
    await addAddress(testApp, await newMember(testApp));
  });

  it("answers 404 for another member's address on every route, and leaves it as it was", async () => {
    const stranger = await newMember(testApp);
    const theirs = await addAddress(testApp, stranger);
    await addAddress(testApp, member);
    const url = `/api/v2/addresses/${theirs.id}`;
    const calls = [
      ['GET', url, undefined],
      ['PUT', url, officeInBandung()],
      ['DELETE', url, undefined],
      ['POST', `${url}/primary`, undefined],
      ['GET', '/api/v2/addresses/not-a-uuid', undefined],
      ['DELETE', '/api/v2/addresses/5eed0000-0000-4000-8000-000000000999', undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const response = await sendAddressCall(testApp, method, path, { member, ...(body && { body }) });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(errorBodySchema.parse(response.json()).code).toBe('ADDRESS_NOT_FOUND');
    }
    expect(await addressesOf(stranger)).toEqual([theirs]);
    expect((await addressesOf(member)).map((address) => address.id)).not.toContain(theirs.id);
  });

  it('answers 401 without a session on every route', async () => {
    const id = '5eed0000-0000-4000-8000-000000000301';
    const calls = [
      ['GET', '/api/v2/addresses'],
      ['POST', '/api/v2/addresses'],
      ['GET', `/api/v2/addresses/${id}`],
      ['PUT', `/api/v2/addresses/${id}`],
      ['DELETE', `/api/v2/addresses/${id}`],
      ['POST', `/api/v2/addresses/${id}/primary`],
    ] as const;
    for (const [method, url] of calls) {
      const response = await sendAddressCall(testApp, method, url, method === 'POST' || method === 'PUT' ? { body: homeInJakarta() } : {});
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 400 to fields that are missing, too long, malformed or unstorable', async () => {
    const { note: _note, ...withoutNote } = homeInJakarta();
    expect((await addAddress(testApp, member, withoutNote)).note).toBeNull();
    const cases: [string, Partial<AddressBody> | Record<string, unknown>][] = [
      ['recipientName', { recipientName: 'R'.repeat(101) }],
      ['recipientName', { recipientName: '   ' }],
      ['recipientName', { recipientName: 'Dewi 2' }],
      ['recipientName', { recipientName: '12345' }],
      ['fullAddress', { fullAddress: 'J'.repeat(301) }],
      ['fullAddress', { fullAddress: 'Jl. Senayan\u0000 No. 7' }],
      ['note', { note: 'n'.repeat(201) }],
      ['zip', { zip: '12l90' }],
      ['zip', { zip: '1219' }],
      ['zip', { zip: '121900' }],
      ['recipientPhone', { recipientPhone: '12345' }],
      ['recipientPhone', { recipientPhone: '+1 202 555 0143' }],
      ['type', { type: 'warehouse' }],
      ['countryCode', { countryCode: 'MY' }],
      ['villageCode', { villageCode: '31.74.07.1006; drop table' }],
      ['longitude', { latitude: -6.2 }],
      ['latitude', { latitude: 91, longitude: 106.8 }],
    ];
    for (const [field, fields] of cases) {
      const response = await sendAddressCall(testApp, 'POST', '/api/v2/addresses', { member, body: { ...homeInJakarta(), ...fields } });
      expect(response.statusCode, field).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.code, field).toBe('VALIDATION_FAILED');
      expect(body.details?.map((issue) => issue.field), field).toContain(`body.${field}`);
    }
    const missing = await sendAddressCall(testApp, 'POST', '/api/v2/addresses', { member, body: { type: 'home' } });
    expect(missing.statusCode).toBe(400);
    expect(await addressesOf(member)).toHaveLength(1);
  });
});

describe('the demo address', () => {
  it("is Rani's primary home, and seeding again keeps another primary address she chose", async () => {
    const [rani] = await testApp.db.select({ id: users.id }).from(users).where(eq(users.phone, raniHome.recipientPhone));
    const owner = { merchantId, userId: rani?.id ?? '' };
    expect(await listAddresses(testApp.db, owner)).toMatchObject([{ id: demoAddressId, isPrimary: true, ...raniHome }]);
    const now = testApp.clock.now();
    const office = await createMemberAddress({ db: testApp.db, ...owner, input: addressBodySchema.parse(officeInBandung({ isPrimary: true })), now });
    await testApp.db.transaction((tx) => seedKopiSenjaAddresses(tx, merchantId, { now }));
    expect((await listAddresses(testApp.db, owner)).map((address) => [address.id, address.isPrimary])).toEqual([
      [office.id, true],
      [demoAddressId, false],
    ]);
  });
});
