import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { databaseUrlOf, onPostgresServer } from './postgres-server.ts';
import { seedTestDatabase } from './seed-test-database.ts';
import { testCodeSecret } from './test-env.ts';

/*
 * Once per run of the API tests on the PostgreSQL server: one database migrated and seeded as every
 * test file's would be, which each file's database is created from (CREATE DATABASE … TEMPLATE, a
 * copy of its files). Migrating and seeding a new database took a file seconds; a copy takes a
 * fraction of one. Dropped when the run ends.
 */

declare module 'vitest' {
  interface ProvidedContext {
    /** The name of the migrated, seeded template database on the server at DATABASE_URL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('The server-postgres tests need DATABASE_URL');
  const name = `kartu_test_template_${randomBytes(6).toString('hex')}`;
  await onPostgresServer(serverUrl, `create database ${name}`);
  // A template may have no other session while it is copied: this connection ends before any file starts.
  const connection = await openDatabase({ url: databaseUrlOf(serverUrl, name) });
  try {
    await migrateDatabase(connection);
    await seedTestDatabase(connection.db, testCodeSecret);
  } finally {
    await connection.close();
  }
  project.provide('postgresTemplate', name);
  return () => onPostgresServer(serverUrl, `drop database if exists ${name} with (force)`);
}
