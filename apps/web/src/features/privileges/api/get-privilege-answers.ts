import { queryOptions, useQuery } from '@tanstack/react-query';
import { privilegeAnswerListSchema, type PrivilegeAnswer } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardPrivilegeApiPath, privilegeKeys } from '../../../lib/privileges.ts';

/** GET /api/v2/cards/{cardId}/privileges/{privilegeId}/answers: the member's answers to a survey perk, newest first. */
export async function getPrivilegeAnswers(options: { cardId: string; privilegeId: string; signal?: AbortSignal }): Promise<PrivilegeAnswer[]> {
  const { cardId, privilegeId, signal } = options;
  return (await api.get(`${cardPrivilegeApiPath(cardId, privilegeId)}/answers`, { schema: privilegeAnswerListSchema, signal })).data;
}

export function privilegeAnswersQueryOptions(cardId: string, privilegeId: string) {
  return queryOptions({ queryKey: privilegeKeys.answers(cardId, privilegeId), queryFn: ({ signal }) => getPrivilegeAnswers({ cardId, privilegeId, signal }) });
}

export function usePrivilegeAnswers(cardId: string, privilegeId: string) {
  return useQuery(privilegeAnswersQueryOptions(cardId, privilegeId));
}
