import { queryOptions, useQuery } from '@tanstack/react-query';
import { privilegeDetailAnswerSchema, type Privilege } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardPrivilegeApiPath, privilegeKeys } from '../../../lib/privileges.ts';

/** GET /api/v2/cards/{cardId}/privileges/{privilegeId}: one perk of the card, in the state it is for the member; 404 PERK_NOT_FOUND. */
export async function getPrivilege(options: { cardId: string; privilegeId: string; signal?: AbortSignal }): Promise<Privilege> {
  const { cardId, privilegeId, signal } = options;
  return (await api.get(cardPrivilegeApiPath(cardId, privilegeId), { schema: privilegeDetailAnswerSchema, signal })).data;
}

export function privilegeQueryOptions(cardId: string, privilegeId: string) {
  return queryOptions({ queryKey: privilegeKeys.detail(cardId, privilegeId), queryFn: ({ signal }) => getPrivilege({ cardId, privilegeId, signal }) });
}

export function usePrivilege(cardId: string, privilegeId: string) {
  return useQuery(privilegeQueryOptions(cardId, privilegeId));
}
