import { addCashier, createOutlet } from '../modules/outlets/outlets.service.ts';
import { CommandError, merchantByMid, readOptions, required, type CliContext } from './cli.context.ts';

function codeKeyOf({ outletCodeKey }: CliContext): string {
  if (!outletCodeKey) throw new CommandError('This command needs the server configuration (CODE_SECRET) to keep the code');
  return outletCodeKey;
}

/** `kartu outlets add`: an outlet whose code staff type on a member's phone to redeem a voucher. */
export async function addOutletCommand(args: string[], context: CliContext): Promise<void> {
  const { db, out } = context;
  const values = readOptions(args, { merchant: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' }, 'cashier-codes': { type: 'boolean' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const outlet = await createOutlet({ db, merchantId: merchant.id, name: required(values, 'name'), code: required(values, 'code'), requiresCashierCode: values['cashier-codes'] === true, codeKey: codeKeyOf(context) });
  out(`Outlet "${outlet.name}" of ${merchant.mid}: id ${outlet.id}${outlet.requiresCashierCode ? '; its cashiers give their own code too (kartu cashiers add)' : ''}. The code is kept hashed: note it now.`);
}

/** `kartu cashiers add`: a cashier of an outlet, with their own code. */
export async function addCashierCommand(args: string[], context: CliContext): Promise<void> {
  const { db, out } = context;
  const values = readOptions(args, { merchant: { type: 'string' }, outlet: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const cashier = await addCashier({ db, merchantId: merchant.id, outletId: required(values, 'outlet'), name: required(values, 'name'), code: required(values, 'code'), codeKey: codeKeyOf(context) });
  out(`Cashier "${cashier.name}" added: id ${cashier.id}.`);
}
