import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { transferAnswerSchema, type transferBodySchema } from '@kartu/contracts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';

export type TransferBody = z.input<typeof transferBodySchema>;
export type TransferAnswer = z.infer<typeof transferAnswerSchema>;

export type TransferPointsOptions = {
  cardId: string;
  body: TransferBody;
  /** One key per confirmed PIN: resending the same submission reuses it, so the server moves the points once. */
  idempotencyKey: string;
};

/** POST /api/v2/cards/{id}/transfer → the card's new balance; PIN_INVALID, PIN_LOCKED or INSUFFICIENT_BALANCE otherwise. */
export function transferPoints({ cardId, body, idempotencyKey }: TransferPointsOptions): Promise<TransferAnswer> {
  return api.post(`/api/v2/cards/${encodeURIComponent(cardId)}/transfer`, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: transferAnswerSchema,
  });
}

export function useTransferPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferPoints,
    // spec: app-core §4 Cache invalidation: the card (its history sits under it) and the wallet's balances.
    onSuccess: (_answer, { cardId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId) }),
        queryClient.invalidateQueries({ queryKey: cardKeys.lists() }),
      ]),
    // A refused amount means the balance on screen is out of date.
    onError: (error, { cardId }) => {
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE') {
        void queryClient.invalidateQueries({ queryKey: cardKeys.detail(cardId), exact: true });
      }
    },
  });
}
