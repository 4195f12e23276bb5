import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { transferPreviewSchema, type transferRecipientBodySchema } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

export type TransferRecipient = z.input<typeof transferRecipientBodySchema>;
export type TransferPreview = z.infer<typeof transferPreviewSchema>;

/**
 * POST /api/v2/cards/{id}/transfer/preview: who would receive the points, masked;
 * 404 RECIPIENT_NOT_FOUND when nobody with this phone holds a card of the same program.
 */
export function previewTransfer(options: { cardId: string; recipient: TransferRecipient }): Promise<TransferPreview> {
  return api.post(`/api/v2/cards/${encodeURIComponent(options.cardId)}/transfer/preview`, {
    body: options.recipient,
    schema: transferPreviewSchema,
  });
}

export function useTransferPreview() {
  return useMutation({ mutationFn: previewTransfer });
}
