import { uniqueCodeKeyFor } from '../modules/unique-codes/unique-codes.service.ts';
import { outletCodeKeyFor } from '../modules/outlets/outlet-code-key.ts';
import { blobStoreFor } from '../modules/storage/storage.config.ts';
import { env } from '../env.ts';
import { startChangeRelay } from '../lib/change-relay.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { activationCodeKeyFor } from '../modules/cards/activation-code-key.ts';
import { seedDemo } from './seed.ts';

// `npm run seed`: brings the configured database up to date and (re)writes the demo merchants.
const config = env();
const connection = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(connection);
  const relay = startChangeRelay({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL, log: { info: () => {}, warn: () => {} }, listen: false });
  await seedDemo(connection.db, { activationCodeKey: activationCodeKeyFor(config.CODE_SECRET), blobs: blobStoreFor(config), outletCodeKey: outletCodeKeyFor(config.CODE_SECRET), uniqueCodeKey: uniqueCodeKeyFor(config.CODE_SECRET) });
  await relay?.close();
  console.log(`Demo merchants seeded (${connection.kind}).`);
} finally {
  await connection.close();
}
