import { billStatuses } from '@kartu/contracts';
import { merchantBillPayments } from '../use-cases/pay-bill/pay-bill.ts';
import { merchantByMid, readOptions, required, UsageError, type CliContext } from './cli.context.ts';

/** `kartu bills list`: members' bills and prepaid purchases, newest first, by status if given. */
export async function listBillsCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, status: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const status = values.status === undefined ? undefined : billStatuses.find((candidate) => candidate === values.status);
  if (values.status !== undefined && !status) throw new UsageError(`--status must be one of ${billStatuses.join(', ')}`);
  const bills = await merchantBillPayments({ db, merchantId: merchant.id, status });
  if (bills.length === 0) return out(`${merchant.mid} has no bill payment${status ? ` ${status}` : ''}.`);
  for (const bill of bills) {
    out(`${bill.id}  ${bill.createdAt}  card ${bill.cardNumber}  ${bill.productName}  ${bill.customerNo}  Rp ${bill.amount}  ${bill.status}${bill.serialNumber ? `  SN ${bill.serialNumber}` : ''}  (${bill.provider}${bill.providerCode ? ` ${bill.providerCode}` : ''})`);
  }
}
