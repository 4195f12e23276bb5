import { queryOptions, useQuery } from '@tanstack/react-query';
import { privilegeAnswerDetailSchema, type PrivilegeAnswer } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardPrivilegeApiPath, privilegeKeys } from '../../../lib/privileges.ts';

/** GET /api/v2/cards/{cardId}/privileges/{privilegeId}/answers/{answerId}: one of the member's answers; 404 PERK_ANSWER_NOT_FOUND. */
export async function getPrivilegeAnswer(options: { cardId: string; privilegeId: string; answerId: string; signal?: AbortSignal }): Promise<PrivilegeAnswer> {
  const { cardId, privilegeId, answerId, signal } = options;
  const path = `${cardPrivilegeApiPath(cardId, privilegeId)}/answers/${encodeURIComponent(answerId)}`;
  return (await api.get(path, { schema: privilegeAnswerDetailSchema, signal })).data;
}

export function privilegeAnswerQueryOptions(cardId: string, privilegeId: string, answerId: string) {
  return queryOptions({
    queryKey: privilegeKeys.answer(cardId, privilegeId, answerId),
    queryFn: ({ signal }) => getPrivilegeAnswer({ cardId, privilegeId, answerId, signal }),
  });
}

export function usePrivilegeAnswer(cardId: string, privilegeId: string, answerId: string) {
  return useQuery(privilegeAnswerQueryOptions(cardId, privilegeId, answerId));
}
