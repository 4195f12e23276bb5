import { queryOptions, useQuery } from '@tanstack/react-query';
import { bannerListSchema, type Banner, type BannerPlacement } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

const pathOf = (cardId: string, placement: BannerPlacement) => `/api/v2/cards/${encodeURIComponent(cardId)}/${placement === 'card' ? 'banners' : 'in-app-banners'}`;

/** GET /api/v2/cards/{id}/banners or /in-app-banners. Banners decorate the page: a failure shows none. */
export async function getCardBanners(cardId: string, placement: BannerPlacement, signal?: AbortSignal): Promise<Banner[]> {
  try {
    const answer = await api.get(pathOf(cardId, placement), { schema: bannerListSchema, signal });
    return answer.data;
  } catch {
    return [];
  }
}

export function cardBannersQueryOptions(cardId: string, placement: BannerPlacement) {
  return queryOptions({
    queryKey: cardKeys.banners(cardId, placement),
    queryFn: ({ signal }) => getCardBanners(cardId, placement, signal),
    // spec: app-core §4 In-app banners: fetched once per card; the row is read again after a while.
    staleTime: placement === 'in_app' ? Infinity : 5 * 60_000,
  });
}

export function useCardBanners(cardId: string, placement: BannerPlacement) {
  return useQuery(cardBannersQueryOptions(cardId, placement)).data ?? [];
}
