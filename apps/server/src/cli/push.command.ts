import { newVapidKeyPair } from '../modules/push/push.keys.ts';
import { readOptions, type CliContext } from './cli.context.ts';

/** `kartu push vapid-keys`: a new VAPID key pair for VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, printed once and stored nowhere. */
export async function vapidKeysCommand(args: string[], { out }: CliContext): Promise<void> {
  readOptions(args, {});
  const { publicKey, privateKey } = newVapidKeyPair();
  out('A new VAPID key pair for Web Push (docs/decisions/037-web-push.md):');
  out('');
  out(`  VAPID_PUBLIC_KEY=${publicKey}`);
  out(`  VAPID_PRIVATE_KEY=${privateKey}`);
  out('  VAPID_SUBJECT=mailto:<an address the push services may write to>');
  out('');
  out('Store the private key now, with the server\'s other secrets: it is shown only once. Every instance');
  out('takes the same pair; a new pair stops the pushes to browsers subscribed with the old one until the');
  out('app subscribes them again.');
}
