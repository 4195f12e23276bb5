import { outletCodeKeyFor } from '../modules/outlets/outlet-code-key.ts';
import { earnCodeKeyFor } from '../modules/scan/earn-codes.service.ts';
import { uniqueCodeKeyFor } from '../modules/unique-codes/unique-codes.service.ts';
import { blobStoreFor } from '../modules/storage/storage.config.ts';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../db/client.ts';
import { paymentsContextFor } from '../modules/payments/payments.context.ts';
import { configuredProviders } from '../modules/payments/providers/configured-providers.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { loadEnv } from '../env.ts';
import { webhookSealKeyFor } from '../modules/webhooks/webhooks.service.ts';
import { microAppSealKeyFor } from '../modules/micro-apps/micro-apps.service.ts';
import { startChangeRelay } from '../lib/change-relay.ts';
import { runKartu } from './commands.ts';

// `npm run kartu -- <command>`: the operator's tool for merchants, sites, programs and keys.
let exitCode = 1;
try {
  const config = loadEnv();
  const connection = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    // Same as the server at boot: a command never meets a schema older than its code.
    await migrateDatabase(connection);
    // A key revoked here must stop working on every running server at once, not when its cache times out.
    const relay = startChangeRelay({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL, log: { info: () => {}, warn: () => {} }, listen: false });
    const payments = paymentsContextFor({
      production: config.NODE_ENV === 'production',
      // The command line signs no sandbox messages.
      sandboxSecret: randomBytes(32).toString('base64url'),
      providers: configuredProviders(config),
      effects: {},
    });
    exitCode = await runKartu(process.argv.slice(2), {
      db: connection.db,
      payments,
      webhookSealKey: webhookSealKeyFor(config.CODE_SECRET),
      microAppSealKey: microAppSealKeyFor(config.CODE_SECRET),
      outletCodeKey: outletCodeKeyFor(config.CODE_SECRET),
      uniqueCodeKey: uniqueCodeKeyFor(config.CODE_SECRET),
      earnCodeKey: earnCodeKeyFor(config.CODE_SECRET),
      blobs: blobStoreFor(config),
      production: config.NODE_ENV === 'production',
      out: (line) => console.log(line), error: (line) => console.error(line), now: () => new Date() });
    await relay?.close();
  } finally {
    await connection.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
}
process.exit(exitCode);
