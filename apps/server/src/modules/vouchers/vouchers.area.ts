import { withSecrets, type Area } from '../../http/area.ts';
import { MINUTE_MS } from '@kartu/core/calendar';
import { failLatePartnerVouchers, failLatePartnerVouchersJobName, issueVoucherCodesJob, issueVoucherCodesJobName } from './voucher-issuing.service.ts';
import { vouchersRoutes } from './vouchers.routes.ts';
import { integrationVouchersRoutes } from './vouchers.integration.routes.ts';

export const vouchersArea: Area = {
  name: 'vouchers',
  integrationRoutes: [withSecrets(['voucherCodeKeys'], integrationVouchersRoutes)],
  routes: [vouchersRoutes],
  jobs: ({ voucherCodeKeys }) => [issueVoucherCodesJob({ keys: voucherCodeKeys }), { name: failLatePartnerVouchersJobName, run: failLatePartnerVouchers }],
  recurringJobs: [
    // Queued with each voucher that waits for a hashed code; this catches any whose job was lost.
    { name: issueVoucherCodesJobName, everyMs: 5 * MINUTE_MS },
    // A partner's voucher that has no code 30 minutes after its issue is suspended within 5 more.
    { name: failLatePartnerVouchersJobName, everyMs: 5 * MINUTE_MS },
  ],
};
