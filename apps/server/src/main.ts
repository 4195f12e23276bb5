import { uniqueCodeKeyFor } from './modules/unique-codes/unique-codes.service.ts';
import { outletCodeKeyFor } from './modules/outlets/outlet-code-key.ts';
import { blobStoreFor } from './modules/storage/storage.config.ts';
import { buildAppContext, createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase, pendingMigrations } from './db/migrate.ts';
import { isEmptyDatabase, seedDemo } from './seed/seed.ts';
import { env as loadConfiguredEnv, type Env } from './env.ts';
import { serverJobHandlers, serverRecurringJobs } from './jobs/jobs.ts';
import { startChangeRelay } from './lib/change-relay.ts';
import { systemClock } from './lib/clock.ts';
import { startJobWorker, type JobWorker } from './modules/jobs/job-worker.ts';
import { activationCodeKeyFor } from './modules/cards/activation-code-key.ts';

let config: Env;
try {
  config = loadConfiguredEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const connection = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
if (config.MIGRATE_ON_START) {
  await migrateDatabase(connection);
} else {
  const pending = await pendingMigrations(connection.db);
  if (pending.length > 0) {
    console.error(`The database lacks ${pending.length} migration(s) of this release (${pending.join(', ')}): run "kartu migrate" once, then start the instances.`);
    await connection.close();
    process.exit(1);
  }
}
// A fresh database gets the demo merchants so the app opens on localhost straight away. Never in
// production: the demo members' PIN is public.
if (config.NODE_ENV !== 'production' && (await isEmptyDatabase(connection.db))) {
  await seedDemo(connection.db, { activationCodeKey: activationCodeKeyFor(config.CODE_SECRET), blobs: blobStoreFor(config), outletCodeKey: outletCodeKeyFor(config.CODE_SECRET), uniqueCodeKey: uniqueCodeKeyFor(config.CODE_SECRET) });
}

const context = buildAppContext({ env: config, database: connection.db });
const app = await createApp({ env: config, database: connection.db, context });
app.log.info(`database: ${connection.kind === 'postgres' ? 'PostgreSQL server' : `embedded PGlite in ${config.DATA_DIR}`}`);

const relay = startChangeRelay({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL, log: app.log });
let jobs: JobWorker | undefined;
let closing = false;
/**
 * Stops the instance without dropping anyone: readiness turns 503 at once (a load balancer stops
 * sending), the server stops accepting connections and finishes the requests it has, the job
 * worker takes no new job and finishes the running ones, then the database closes. Whatever is
 * not done within SHUTDOWN_TIMEOUT_MS is cut off, and the exit code says so.
 */
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  context.lifecycle.draining = true;
  app.log.info(`${signal} received, finishing requests in flight and running jobs`);
  const deadline = setTimeout(() => {
    app.log.error(`not closed within ${config.SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`);
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  deadline.unref();
  try {
    await Promise.all([app.close(), jobs?.stop()]);
    await relay?.close();
    await connection.close();
    app.log.info('closed');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'could not close cleanly');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.PORT, host: config.HOST });
  const localHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  app.log.info(`Kartu is ready at ${config.PUBLIC_URL ?? `http://${localHost}:${config.PORT}`}`);
  // Only the listening process runs background jobs; tests and the CLI build the app without them.
  jobs = startJobWorker({ db: connection.db, clock: systemClock, log: app.log, handlers: serverJobHandlers({ ...context, ...context.secrets }), recurring: serverRecurringJobs });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await connection.close();
  process.exit(1);
}
