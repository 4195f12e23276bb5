import { addressSchema, type Address, type Area } from '@kartu/contracts';
import { okAnswer, stubApi, type Answer } from '../../test/api-stub.test-support.ts';

export const jakarta: Area = { code: '31', name: 'DKI Jakarta' };
export const westJava: Area = { code: '32', name: 'Jawa Barat' };
export const southJakarta: Area = { code: '31.74', name: 'Kota Administrasi Jakarta Selatan' };
export const centralJakarta: Area = { code: '31.71', name: 'Kota Administrasi Jakarta Pusat' };
export const bandung: Area = { code: '32.73', name: 'Kota Bandung' };
export const kebayoranBaru: Area = { code: '31.74.07', name: 'Kebayoran Baru' };
export const tebet: Area = { code: '31.74.01', name: 'Tebet' };
export const senayan: Area = { code: '31.74.07.1006', name: 'Senayan' };
export const gunung: Area = { code: '31.74.07.1004', name: 'Gunung' };

const list = (...areas: Area[]) => () => okAnswer({ data: areas });

/** The area lists a test walks through: Jakarta down to Kebayoran Baru's subdistricts, and West Java's Bandung. */
export const areaRoutes: Record<string, Answer> = {
  'GET /api/v2/areas/provinces': list(jakarta, westJava),
  'GET /api/v2/areas/provinces/31/regencies': list(centralJakarta, southJakarta),
  'GET /api/v2/areas/provinces/32/regencies': list(bandung),
  'GET /api/v2/areas/regencies/31.74/districts': list(kebayoranBaru, tebet),
  'GET /api/v2/areas/regencies/31.71/districts': list(),
  'GET /api/v2/areas/districts/31.74.07/villages': list(gunung, senayan),
};

export function address(overrides: Partial<Address> & Pick<Address, 'id'>): Address {
  return addressSchema.parse({
    type: 'home',
    recipientName: 'Sari Wulandari',
    recipientPhone: '+6281234567890',
    countryCode: 'ID',
    province: jakarta,
    regency: southJakarta,
    district: kebayoranBaru,
    village: senayan,
    fullAddress: 'Jl. Senopati No. 10',
    zip: '12190',
    note: null,
    latitude: null,
    longitude: null,
    isPrimary: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

export const home = address({ id: 'a-home', isPrimary: true, note: 'Blue gate' });
export const office = address({
  id: 'a-office',
  type: 'office',
  recipientName: 'Budi Santoso',
  recipientPhone: '+6281398765432',
  district: tebet,
  village: { code: '31.74.01.1001', name: 'Tebet Barat' },
  fullAddress: 'Menara Kopi, lantai 12',
  zip: '12810',
});

/** The areas, and whatever else the test answers. */
export function stubAddresses(routes: Record<string, Answer | Answer[]> = {}) {
  return stubApi({ ...areaRoutes, ...routes });
}
