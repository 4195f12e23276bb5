import { queryOptions, useQuery } from '@tanstack/react-query';
import { areaListSchema, type Area } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { addressKeys, type AreaLevel } from './address-keys.ts';

const listPaths: Record<AreaLevel, (parentCode: string) => string> = {
  province: () => '/api/v2/areas/provinces',
  regency: (code) => `/api/v2/areas/provinces/${encodeURIComponent(code)}/regencies`,
  district: (code) => `/api/v2/areas/regencies/${encodeURIComponent(code)}/districts`,
  village: (code) => `/api/v2/areas/districts/${encodeURIComponent(code)}/villages`,
};

/** GET /api/v2/areas/…: the areas of one level under their parent (none for provinces), by name. */
export async function getAreas(options: { level: AreaLevel; parentCode: string | null; signal?: AbortSignal }): Promise<Area[]> {
  const { level, parentCode, signal } = options;
  const answer = await api.get(listPaths[level](parentCode ?? ''), { schema: areaListSchema, signal });
  return answer.data;
}

// The area data changes only with a release (the server lets the browser keep it a day).
const AREA_LIST_STALE_MS = 24 * 60 * 60 * 1000;

export function areasQueryOptions(level: AreaLevel, parentCode: string | null) {
  return queryOptions({
    queryKey: addressKeys.areas(level, parentCode),
    queryFn: ({ signal }) => getAreas({ level, parentCode, signal }),
    staleTime: AREA_LIST_STALE_MS,
    gcTime: AREA_LIST_STALE_MS,
  });
}

/** One picker's list: loaded once the level above is chosen (provinces at once), then kept. */
export function useAreas(level: AreaLevel, parentCode: string | null) {
  const enabled = level === 'province' || parentCode !== null;
  return useQuery({ ...areasQueryOptions(level, parentCode), enabled });
}
