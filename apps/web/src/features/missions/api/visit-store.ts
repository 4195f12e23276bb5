import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeVisitAnswerSchema, type storeVisitBodySchema } from '@kartu/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { missionKeys } from '../../../lib/missions.ts';

export type StoreVisit = z.infer<typeof storeVisitAnswerSchema>['data'];

/** POST /api/v2/cards/{cardId}/store-visits: the store's code typed at its counter on the member's phone. */
export async function visitStore(cardId: string, body: z.infer<typeof storeVisitBodySchema>): Promise<StoreVisit> {
  return (await api.post(`/api/v2/cards/${encodeURIComponent(cardId)}/store-visits`, { body, schema: storeVisitAnswerSchema })).data;
}

/** A visit recorded moves the card's missions: they are read again. */
export function useVisitStore(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.infer<typeof storeVisitBodySchema>) => visitStore(cardId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: missionKeys.list(cardId) }),
  });
}
