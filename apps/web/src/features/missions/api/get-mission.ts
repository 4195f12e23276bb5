import { queryOptions, useQuery } from '@tanstack/react-query';
import { missionAnswerSchema, type Mission } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardMissionsApiPath, missionKeys } from '../../../lib/missions.ts';

/** GET /api/v2/cards/{cardId}/missions/{missionId}: one mission of the card, running or in its history; 404 MISSION_NOT_FOUND. */
export async function getMission(options: { cardId: string; missionId: string; signal?: AbortSignal }): Promise<Mission> {
  const { cardId, missionId, signal } = options;
  return (await api.get(`${cardMissionsApiPath(cardId)}/${encodeURIComponent(missionId)}`, { schema: missionAnswerSchema, signal })).data;
}

export function missionQueryOptions(cardId: string, missionId: string) {
  return queryOptions({ queryKey: missionKeys.detail(cardId, missionId), queryFn: ({ signal }) => getMission({ cardId, missionId, signal }) });
}

export function useMission(cardId: string, missionId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...missionQueryOptions(cardId, missionId), enabled });
}
