import { createApiKey, listApiKeys, revokeApiKey } from '../integration/api-keys.service.ts';
import { createSsoKey } from '../modules/sso/sso-keys.service.ts';
import { merchantByMid, readOptions, required, type CliContext } from './cli.context.ts';

export async function createApiKeyCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, name: { type: 'string' } });
  const name = required(values, 'name');
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const created = await createApiKey({ db, merchantId: merchant.id, name });
  out(`API key "${created.name}" for ${merchant.mid} (id ${created.id}):`);
  out('');
  out(`  ${created.key}`);
  out('');
  out('Store it now: it is shown only once. Send it as "Authorization: Bearer <key>" to /integration/v1.');
}

export async function listApiKeysCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const keys = await listApiKeys({ db, merchantId: merchant.id });
  if (keys.length === 0) out(`${merchant.mid} has no API keys.`);
  for (const key of keys) {
    const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : `last used ${key.lastUsedAt?.toISOString() ?? 'never'}`;
    out(`${key.id}  kartu_…_${key.prefix}…  ${key.name}  (created ${key.createdAt.toISOString()}, ${state})`);
  }
}

export async function revokeApiKeyCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { id: { type: 'string' } });
  const revoked = await revokeApiKey({ db, id: required(values, 'id'), now: now() });
  out(`API key "${revoked.name}" (${revoked.id}) is revoked: requests with it now answer 401.`);
}

export async function createSsoKeyCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const { kid, secret } = await createSsoKey({ db, merchantId: merchant.id });
  out(`Single sign-on key for ${merchant.mid} (see docs/sso.md):`);
  out(`  kid:    ${kid}`);
  out(`  secret: ${secret}`);
  out('Store the secret now: it is shown only once.');
}
