import { queryOptions, useQuery } from '@tanstack/react-query';
import { scanResponseSchema, type ScanQris } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { qrisKeys } from './qris-keys.ts';

/**
 * POST /api/qr/scan with a QRIS the page was given only by its address (a reload): the merchant,
 * city and amount read again. A QRIS is only read there, nothing is counted; null when the code
 * turns out to be something else. 400 QRIS_UNRECOGNISED, 422 QRIS_AMOUNT_TOO_HIGH.
 */
export async function readQris(options: { payload: string; cardId: string; signal?: AbortSignal }): Promise<ScanQris | null> {
  const answer = await api.post('/api/qr/scan', { body: { code: options.payload, cardId: options.cardId }, schema: scanResponseSchema, signal: options.signal });
  return answer.data.kind === 'qris' ? answer.data.qris : null;
}

export function readQrisQueryOptions(payload: string, cardId: string) {
  return queryOptions({
    queryKey: qrisKeys.read(payload, cardId),
    queryFn: ({ signal }) => readQris({ payload, cardId, signal }),
    // The same payload always reads the same: once is enough while the page is open.
    staleTime: Infinity,
    retry: false,
  });
}

export function useReadQris(payload: string, cardId: string, options: { enabled: boolean }) {
  return useQuery({ ...readQrisQueryOptions(payload, cardId), enabled: options.enabled });
}
