import { registerMicroApp } from '../modules/micro-apps/micro-apps.service.ts';
import { CommandError, merchantByMid, readOptions, required, type CliContext } from './cli.context.ts';

/** `kartu micro-apps add`: a micro app of the merchant and its key, printed once (a new key for an app of that name). */
export async function addMicroAppCommand(args: string[], { db, out, now, microAppSealKey }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, app: { type: 'string' }, name: { type: 'string' } });
  if (!microAppSealKey) throw new CommandError('This command needs the server configuration (CODE_SECRET) to keep the key');
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const app = required(values, 'app').toLowerCase();
  const { key } = await registerMicroApp({ db, merchantId: merchant.id, app, name: values.name ?? app, sealKey: microAppSealKey, now: now() });
  out(`Micro app "${app}" of ${merchant.mid}. Its key, shown only now (AES-256-GCM, base64url):`);
  out(key);
}
