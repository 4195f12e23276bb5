import { useMutation, useQueryClient } from '@tanstack/react-query';
import { privilegeAnswerDetailSchema, type PrivilegeAnswer, type PrivilegeAnswerBody } from '@kartu/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cardPrivilegeApiPath, privilegeKeys } from '../../../lib/privileges.ts';

/**
 * POST /api/v2/cards/{cardId}/privileges/{privilegeId}/answers {answers} → 201, the answer waiting
 * for review. 400 VALIDATION_FAILED with one detail per question (`body.answers.<name>`); 409
 * PERK_ALREADY_TAKEN while an answer waits or was approved, PERK_NOT_ACTIVE, PROMOTION_ENDED; 403 PERK_NOT_QUALIFIED.
 */
export async function sendPrivilegeAnswer(options: { cardId: string; privilegeId: string; answers: PrivilegeAnswerBody['answers'] }): Promise<PrivilegeAnswer> {
  const body: PrivilegeAnswerBody = { answers: options.answers };
  return (await api.post(`${cardPrivilegeApiPath(options.cardId, options.privilegeId)}/answers`, { body, schema: privilegeAnswerDetailSchema })).data;
}

export function useSendPrivilegeAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPrivilegeAnswer,
    // The perk is answered now: the list, the perk and its answers are read again, without holding
    // back the answer's page, which opens at once from what the server answered.
    onSuccess: (answer, { cardId, privilegeId }) => {
      void queryClient.invalidateQueries({ queryKey: privilegeKeys.list(cardId) });
      queryClient.setQueryData(privilegeKeys.answer(cardId, privilegeId, answer.id), answer);
    },
    // A refusal other than the answers' own means the perk changed meanwhile (taken, ended, paused): read it again.
    onError: (error, { cardId }) => {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') return;
      return queryClient.invalidateQueries({ queryKey: privilegeKeys.list(cardId) });
    },
  });
}
