import type { BlobStore } from '../modules/storage/blob-store.ts';
import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import type { PaymentsContext } from '../modules/payments/payments.context.ts';
import type { Database } from '../db/database.ts';
import type { MerchantRow } from '../modules/tenancy/merchants.table.ts';
import { findMerchantByMid } from './operator.repository.ts';

/** What every command runs with: the tests pass their own database and collect the output. */
export interface CliContext {
  db: Database;
  /** The payment providers this deployment has keys for, as the server sees them. */
  payments?: PaymentsContext;
  /** Seals merchants' webhook secrets as the servers open them (webhooks.service webhookSealKeyFor). */
  webhookSealKey?: Buffer;
  /** Seals the micro apps' keys as the servers open them (micro-apps.service microAppSealKeyFor). */
  microAppSealKey?: Buffer;
  /** Hashes outlet and cashier codes as the servers check them. */
  outletCodeKey?: string;
  /** Hashes printed codes, and signs earn codes, as the servers check them. */
  uniqueCodeKey?: string;
  earnCodeKey?: string;
  /** Where uploaded files are kept, as the servers keep them; absent keeps them in the database. */
  blobs?: BlobStore | null;
  /** A production deployment: webhooks go to https addresses only. */
  production?: boolean;
  out(line: string): void;
  error(line: string): void;
  now(): Date;
}

/** A mistake in how the command was typed: exit code 2, with the usage shown. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A well-formed command that could not be done (unknown merchant, taken host…): exit code 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

type OptionKinds = Record<string, { type: 'string' } | { type: 'boolean' }>;
/** `--name value` options read as text, `--flag` options as true. */
type OptionValues<O extends OptionKinds> = { [K in keyof O]?: O[K] extends { type: 'boolean' } ? boolean : string };

/** Reads `--name value` options and `--flag`s; unknown options and stray words are usage errors. */
export function readOptions<const O extends OptionKinds>(args: string[], options: O): OptionValues<O> {
  const config: ParseArgsConfig = { args, options, strict: true, allowPositionals: false };
  try {
    return parseArgs(config).values as OptionValues<O>;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function required<K extends string>(values: Partial<Record<K, string>>, name: K): string {
  const value = values[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

/** One of a closed set of values, or the default when the option is absent. */
export function oneOf<const T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, name: string): T {
  if (value === undefined) return fallback;
  const match = allowed.find((candidate) => candidate === value);
  if (!match) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return match;
}

export async function merchantByMid(db: Database, mid: string): Promise<MerchantRow> {
  const merchant = await findMerchantByMid(db, mid);
  if (!merchant) throw new CommandError(`No merchant has the mid ${mid} (see: kartu merchants list)`);
  return merchant;
}

/** A `--starts`-like option: a date and time, or null when absent. */
export function instant(text: string | undefined, name: string): Date | null {
  if (text === undefined) return null;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw new UsageError(`--${name} takes a date and time, e.g. 2026-12-01T00:00:00+07:00`);
  return at;
}

/**
 * A request body kept in a JSON file, shaped as the integration API takes it, with `fixed` fields
 * set by the command's options; `what` names it in the message when it is not valid.
 */
export async function readBodyFile<T>(path: string, fixed: Record<string, unknown>, schema: z.ZodType<T>, what: string): Promise<T> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--file must name a readable JSON file: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = schema.safeParse({ ...(typeof json === 'object' && json !== null ? json : {}), ...fixed });
  if (!parsed.success) throw new UsageError(`The ${what} is not valid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

