import type { Area } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import { districtsOf, provinces, regenciesOf, villagesOf } from './areas.ts';

/** The lists an address form's dependent pickers show (spec: business-rules §5), each sorted by name. */
export const areaLists = {
  provinces: { parent: null, list: () => provinces() },
  regencies: { parent: 'province', list: regenciesOf },
  districts: { parent: 'regency', list: districtsOf },
  villages: { parent: 'district', list: villagesOf },
} as const;

export type AreaListName = keyof typeof areaLists;

const notFound = { province: 'This province was not found', regency: 'This city or regency was not found', district: 'This district was not found' } as const;

/** The areas of one list; the areas under an area that does not exist are not found. */
export async function listAreas(name: AreaListName, parentCode = ''): Promise<Area[]> {
  const { parent, list } = areaLists[name];
  const areas = await list(parentCode);
  if (!areas) throw new AppError('NOT_FOUND', { message: parent ? notFound[parent] : 'Not found' });
  return areas.map(({ code, name: areaName }) => ({ code, name: areaName }));
}
