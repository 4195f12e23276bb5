import { useQuery } from '@tanstack/react-query';
import { myVouchersCountSchema } from '@kartu/contracts';
import { countOrZero } from './count-or-zero.ts';
import { voucherKeys } from './voucher-keys.ts';

/** GET /api/v2/cards/my-vouchers-count; a failure counts 0. */
export function getVoucherCount(signal?: AbortSignal): Promise<number> {
  return countOrZero('/api/v2/cards/my-vouchers-count', myVouchersCountSchema, signal);
}

export function useVoucherCount() {
  return useQuery({ queryKey: voucherKeys.count(), queryFn: ({ signal }) => getVoucherCount(signal) });
}
