import { useQuery } from '@tanstack/react-query';
import { myVouchersCountSchema } from '@kartu/contracts';
import { api } from './api-client.ts';
import { voucherKeys } from './voucher-keys.ts';

/** GET /api/v2/cards/my-vouchers-count; a failure counts 0 (spec: app-core §7), never an error on the page. */
export async function getVoucherCount(signal?: AbortSignal): Promise<number> {
  try {
    const answer = await api.get('/api/v2/cards/my-vouchers-count', { schema: myVouchersCountSchema, signal });
    return answer.data.count;
  } catch {
    return 0;
  }
}

export function useVoucherCount() {
  return useQuery({ queryKey: voucherKeys.count(), queryFn: ({ signal }) => getVoucherCount(signal) });
}
