import { describe, expect, it } from 'vitest';
import { raniHome } from '../../seed/seed-addresses.ts';
import { areaPath, displayAreaName, districtsOf, provinces, regenciesOf, villagesOf } from './areas.ts';

describe('displayAreaName', () => {
  it('writes capitals in title case, keeping DKI and a joining "dan"', () => {
    expect(displayAreaName('KOTA BANDUNG')).toBe('Kota Bandung');
    expect(displayAreaName('DKI JAKARTA')).toBe('DKI Jakarta');
    expect(displayAreaName('KABUPATEN PANGKAJENE DAN KEPULAUAN')).toBe('Kabupaten Pangkajene dan Kepulauan');
    expect(displayAreaName('KOTA BAU-BAU')).toBe('Kota Bau-Bau');
    expect(displayAreaName("KI'E")).toBe("Ki'e");
    expect(displayAreaName(' KOTA  MEDAN ')).toBe('Kota Medan');
  });
});

describe('the area data', () => {
  it('holds every level of Indonesia, each area under one parent', async () => {
    const all = await provinces();
    expect(all).toHaveLength(38);
    const regencies = (await Promise.all(all.map((province) => regenciesOf(province.code)))).flatMap((list) => list ?? []);
    expect(regencies).toHaveLength(514);
    const districts = (await Promise.all(regencies.map((regency) => districtsOf(regency.code)))).flatMap((list) => list ?? []);
    expect(districts).toHaveLength(7_277);
    const villages = (await Promise.all(districts.map((district) => villagesOf(district.code)))).flatMap((list) => list ?? []);
    expect(villages).toHaveLength(83_763);
  });

  it('answers nothing under an unknown area or a code of another level', async () => {
    expect(await regenciesOf('99')).toBeUndefined();
    expect(await districtsOf('31')).toBeUndefined();
    expect(await villagesOf('')).toBeUndefined();
  });

  it('follows a chain of codes down, or names the first level that leaves it', async () => {
    const codes = { provinceCode: '32', regencyCode: '32.73', districtCode: '32.73.02', villageCode: '32.73.02.1001' };
    expect(await areaPath(codes)).toEqual({
      path: {
        province: { code: '32', name: 'Jawa Barat' },
        regency: { code: '32.73', name: 'Kota Bandung' },
        district: { code: '32.73.02', name: 'Coblong' },
        village: { code: '32.73.02.1001', name: 'Cipaganti' },
      },
    });
    expect(await areaPath({ ...codes, provinceCode: '' })).toEqual({ wrongLevel: 'province' });
    expect(await areaPath({ ...codes, provinceCode: '31' })).toEqual({ wrongLevel: 'regency' });
    expect(await areaPath({ ...codes, regencyCode: '32.73.02' })).toEqual({ wrongLevel: 'regency' });
    expect(await areaPath({ ...codes, districtCode: '31.74.07' })).toEqual({ wrongLevel: 'district' });
    expect(await areaPath({ ...codes, villageCode: '31.74.07.1001' })).toEqual({ wrongLevel: 'village' });
  });

  it("names the demo member's seeded address as the data does", async () => {
    const found = await areaPath(raniHome);
    expect(found).toEqual({
      path: {
        province: { code: raniHome.provinceCode, name: raniHome.provinceName },
        regency: { code: raniHome.regencyCode, name: raniHome.regencyName },
        district: { code: raniHome.districtCode, name: raniHome.districtName },
        village: { code: raniHome.villageCode, name: raniHome.villageName },
      },
    });
  });
});
