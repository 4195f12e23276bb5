import { env } from '../env.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDemo } from './seed.ts';

// `npm run seed`: brings the configured database up to date and (re)writes the demo merchants.
const config = env();
const connection = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(connection);
  await seedDemo(connection.db);
  console.log(`Demo merchants seeded (${connection.kind}).`);
} finally {
  await connection.close();
}
