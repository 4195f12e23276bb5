import type { IntegrationRedemption } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import { findCashierOf, getOutlet } from '../../modules/outlets/outlets.service.ts';
import type { VoucherCodeKeys } from '../../modules/vouchers/voucher-codes.ts';
import { redeemScannedCode, redemptionFacts, voidRedemption } from '../../modules/vouchers/redemption.service.ts';
import type { VoucherRedemptionRow } from '../../modules/vouchers/vouchers.table.ts';

/*
 * The till's side of vouchers (docs/integration.md): the outlets module knows the outlet and its
 * cashiers, the vouchers module redeems the voucher and voids the redemption.
 */

/** A redemption as the till reads it: the voucher, where and by whom, when, and whether it was voided. */
async function toIntegrationRedemption(db: Database, redemption: VoucherRedemptionRow): Promise<IntegrationRedemption> {
  const { voucher, template } = await redemptionFacts(db, redemption);
  const outlet = redemption.outletId ? await getOutlet(db, { merchantId: redemption.merchantId, outletId: redemption.outletId }).catch(() => null) : null;
  const cashier = redemption.cashierId ? await findCashierOf(db, { merchantId: redemption.merchantId, cashierId: redemption.cashierId }) : undefined;
  return {
    id: redemption.id,
    voucher: { id: voucher.id, code: voucher.code, name: template.name, valueText: template.valueText },
    outlet: outlet ? { id: outlet.id, name: outlet.name } : null,
    cashier: cashier ? { id: cashier.id, name: cashier.name } : null,
    channel: redemption.channel,
    redeemedAt: redemption.redeemedAt.toISOString(),
    voidedAt: redemption.voidedAt?.toISOString() ?? null,
  };
}

/** POST /integration/v1/vouchers/redeem: the till scanned a voucher's code at one of the merchant's outlets. */
export async function redeemAtTill({ tx, merchantId, code, outletId, keys, now }: { tx: Database; merchantId: number; code: string; outletId: string; keys: VoucherCodeKeys; now: Date }): Promise<{ data: IntegrationRedemption }> {
  const outlet = await getOutlet(tx, { merchantId, outletId });
  return { data: await toIntegrationRedemption(tx, await redeemScannedCode({ tx, merchantId, code, outlet, keys, now })) };
}

/** POST /integration/v1/vouchers/redemptions/{redemptionId}/void: the same day only; the voucher is usable again. */
export async function voidTillRedemption({ tx, merchantId, redemptionId, now }: { tx: Database; merchantId: number; redemptionId: string; now: Date }): Promise<{ data: IntegrationRedemption }> {
  return { data: await toIntegrationRedemption(tx, await voidRedemption({ tx, merchantId, redemptionId, now })) };
}
