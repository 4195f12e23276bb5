import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { scanResponseSchema, type ScanAnswer, type ScanBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/card-keys.ts';
import { voucherKeys } from '../../../lib/voucher-keys.ts';

/**
 * POST /api/qr/scan: whatever the scanner read (or a code typed), and what it turned out to be: a
 * card to add, a QRIS to pay, a till's earn code or a printed code already claimed, a receipt
 * campaign. 400 QR_INVALID with the attempts left, then 429 QR_LOCKED.
 */
export async function scanCode(body: ScanBody): Promise<ScanAnswer> {
  return (await api.post('/api/qr/scan', { body, schema: scanResponseSchema })).data;
}

/** spec: app-core §4 Cache invalidation: a QR scan clears the loyalties and available-vouchers caches (read again, not dropped). */
export function invalidateAfterScan(queryClient: QueryClient): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: cardKeys.all }), queryClient.invalidateQueries({ queryKey: voucherKeys.all })]).then(() => undefined);
}

export function useScanCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scanCode,
    onSuccess: () => void invalidateAfterScan(queryClient),
  });
}
