import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp } from '../app.ts';
import { openDatabase, type DatabaseConnection } from '../db/client.ts';
import type { Database } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { databaseUrlOf, onPostgresServer } from './postgres-server.ts';
import { seedTestDatabase } from './seed-test-database.ts';
import { loadEnv, type Env } from '../env.ts';
import { merchants } from '../modules/tenancy/merchants.table.ts';
import { createTestClock, type TestClock } from '../lib/clock.ts';
import { testCodeSecret } from './test-env.ts';
import { watchAnswers } from './document-conformance.ts';
import { unlockFeature } from '../modules/features/features.service.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** The PostgreSQL server's URL of this app's database; undefined on the embedded one. */
  databaseUrl: string | undefined;
  env: Env;
  connection: DatabaseConnection;
  /** Stands still until the test moves it. */
  clock: TestClock;
  close(): Promise<void>;
}

/** Test configuration: quiet logs, plus whatever a test needs to change. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent/web/dist',
    // Each test file's database is thrown away: its pictures stay in it rather than on disk.
    FILE_STORAGE: 'database',
    CODE_SECRET: testCodeSecret,
    // Test files sign in many times from one address, some with one identifier; the rate-limit tests lower these again.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    AUTH_IDENTIFIER_RATE_LIMIT_PER_MINUTE: '10000',
    ...overrides,
  });
}

interface TestDatabase {
  connection: DatabaseConnection;
  url?: string;
  /** Migrated and seeded already: a copy of the template. */
  seeded?: boolean;
  drop(): Promise<void>;
}

/**
 * A fresh database on the PostgreSQL server, dropped afterwards; the server's default database is
 * untouched. It is a copy of the run's migrated, seeded template (postgres-template.setup.ts) when
 * the file's codes are hashed as the template's are, else empty.
 */
async function createPostgresDatabase(serverUrl: string, codeSecret: string | undefined): Promise<TestDatabase> {
  const name = `kartu_test_${randomBytes(6).toString('hex')}`;
  const template = codeSecret === testCodeSecret ? inject('postgresTemplate') : undefined;
  await onPostgresServer(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = databaseUrlOf(serverUrl, name);
  return {
    connection: await openDatabase({ url }),
    url,
    seeded: template !== undefined,
    drop: () => onPostgresServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A test file's database: a copy of the run's migrated, seeded template (pglite-template.setup.ts
 * embedded, postgres-template.setup.ts on the server) when the file's codes are hashed as the
 * template's are, else a new one.
 */
async function openTestDatabase(codeSecret: string | undefined): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (process.env.KARTU_TEST_DB === 'postgres') {
    if (!serverUrl) throw new Error('The server-postgres tests need DATABASE_URL');
    return createPostgresDatabase(serverUrl, codeSecret);
  }
  const template = codeSecret === testCodeSecret ? inject('pgliteTemplate') : undefined;
  const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
  return { connection: await openDatabase({ dataDir: 'memory://', ...(loadDataDir && { loadDataDir }) }), seeded: loadDataDir !== undefined, drop: async () => {} };
}

/** The real app over a real, migrated and seeded database: one per test file. */
export async function createTestApp({
  env: overrides,
  logStream,
}: { env?: Record<string, string>; logStream?: { write(line: string): void } } = {}): Promise<TestApp> {
  const env = testEnv(overrides);
  const { connection, url, seeded, drop } = await openTestDatabase(env.CODE_SECRET);
  await migrateDatabase(connection);
  if (!seeded) await seedTestDatabase(connection.db, env.CODE_SECRET);
  const clock = createTestClock();
  const app = await createApp({ env, database: connection.db, clock, ...(logStream && { logStream }) });
  const { violations } = watchAnswers(app);
  return {
    app,
    db: connection.db,
    databaseUrl: url,
    env,
    connection,
    clock,
    close: async () => {
      await app.close();
      await connection.close();
      await drop();
      if (violations.length > 0) throw new Error(`Answers that differ from the API document:\n${violations.join('\n')}`);
    },
  };
}

/** The id of a seeded demo merchant (see seed/seed.ts). */
export async function merchantIdOf(db: Database, mid = 'KOPISENJA'): Promise<number> {
  const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.mid, mid));
  if (!row) throw new Error(`The demo merchant ${mid} is not seeded`);
  return row.id;
}

/**
 * The PostgreSQL server run (the server-postgres project). PGlite is a single connection that runs
 * one transaction at a time, so only this run can race transactions against each other.
 */
export const isPostgresServerRun = process.env.KARTU_TEST_DB === 'postgres';

/**
 * A test file's app and a seeded merchant's id, made before the file's tests and closed after them:
 * `ready` hands them over once they exist, e.g. `useTestApp((made) => ({ testApp, merchantId } = made))`;
 * with `onlyOnPostgresServer`, only in the PostgreSQL server run (a file of races).
 */
export function useTestApp(ready: (made: { testApp: TestApp; merchantId: number }) => void, { mid = 'KOPISENJA', onlyOnPostgresServer = false }: { mid?: string; onlyOnPostgresServer?: boolean } = {}): void {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    if (onlyOnPostgresServer && !isPostgresServerRun) return;
    testApp = await createTestApp();
    ready({ testApp, merchantId: await merchantIdOf(testApp.db, mid) });
  });
  afterAll(async () => {
    await testApp?.close();
  });
}

/**
 * The demo keeps point transfers locked below Silver of its own program (decision 033). Tests that
 * transfer on programs of their own open the feature first, as a merchant without that lock would.
 */
export async function openDemoTransfers(testApp: TestApp, mid = 'KOPISENJA'): Promise<void> {
  await unlockFeature({ db: testApp.db, merchantId: await merchantIdOf(testApp.db, mid), feature: 'transfer-point' });
}
