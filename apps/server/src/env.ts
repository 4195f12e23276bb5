import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Fastify's trustProxy: a boolean, a hop count, or a list of trusted addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    const lower = value.toLowerCase();
    if (['', 'false', 'no', 'off', '0'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) return true;
    if (/^\d+$/.test(lower)) return Number(lower);
    const addresses = value.split(',').map((address) => address.trim()).filter(Boolean);
    if (addresses.some((address) => !/^[0-9a-fA-F:./]+$/.test(address))) {
      context.addIssue({ code: 'custom', message: 'expected true/false, a hop count, or a comma-separated list of addresses' });
      return z.NEVER;
    }
    return addresses;
  });

// The built web app sits beside this package in the repository: apps/web/dist.
const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL').optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'expected a redis:// URL').optional(),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxySchema.default(false),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDistDir),
  /** API calls without a session, per client address. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** API calls of one signed-in session: far above what a person can do in the app. */
  SESSION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Each sign-in route, per client address: a network of many members shares one address. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(200),
  /** Each sign-in route, per phone number or e-mail address. */
  AUTH_IDENTIFIER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Per API key on /integration/v1: a merchant's tills share one key, so it is higher than per address. */
  INTEGRATION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Key of the HMAC that one-time codes are stored under; required in production. */
  CODE_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /**
   * Key of the sandbox payment provider's webhook signatures (development only: the sandbox does
   * not exist in production). Unset, each process makes one up.
   */
  PAYMENTS_SANDBOX_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /** Xendit: the secret API key and the webhook's callback token, both or neither (docs/operations.md Payments). */
  XENDIT_SECRET_KEY: z.string().min(1).optional(),
  XENDIT_CALLBACK_TOKEN: z.string().min(16, 'use the token from the Xendit dashboard').optional(),
  /** Xendit's API; its default is Xendit's own. */
  XENDIT_BASE_URL: z.url().optional(),
  /** The key members' browsers tokenise cards with at Xendit. */
  XENDIT_PUBLIC_KEY: z.string().min(1).optional(),
  /** Digiflazz, the biller of bills and prepaid products: all three or none (docs/operations.md Bills). */
  DIGIFLAZZ_USERNAME: z.string().min(1).optional(),
  DIGIFLAZZ_API_KEY: z.string().min(1).optional(),
  DIGIFLAZZ_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Digiflazz's API; its default is Digiflazz's own. */
  DIGIFLAZZ_BASE_URL: z.url().optional(),
  /** Midtrans: the server key signs its notifications and authenticates our calls. */
  MIDTRANS_SERVER_KEY: z.string().min(1).optional(),
  MIDTRANS_CLIENT_KEY: z.string().min(1).optional(),
  /** Midtrans's Core API and Snap; their defaults are Midtrans's sandbox. */
  MIDTRANS_CORE_API_URL: z.url().optional(),
  MIDTRANS_SNAP_URL: z.url().optional(),
  /** How long one call to a payment provider may take before the payment fails with 503. */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).default(10_000),
  /**
   * Where uploaded files (pictures) are kept: `files` under DATA_DIR/files, `s3` in the S3_* bucket,
   * or `database`, in PostgreSQL itself (one store every instance shares with nothing else to run).
   */
  FILE_STORAGE: z.enum(['files', 's3', 'database']).default('files'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** smtp:// or smtps:// URL: e-mail is sent through it instead of the development outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL').optional(),
  /** An SMS/WhatsApp provider endpoint and its token: both, or neither. */
  SMS_PROVIDER_URL: z.url().optional(),
  SMS_PROVIDER_TOKEN: z.string().min(1).optional(),
  /**
   * Web Push (VAPID, RFC 8292): the key pair from `kartu push vapid-keys` and a mailto: or https:
   * contact for the push services; all three or none. Unset outside production, each process makes
   * a pair up; unset in production, push is off (docs/decisions/037-web-push.md).
   */
  VAPID_PUBLIC_KEY: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, 'expected the 65-byte public key, base64url (kartu push vapid-keys)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'expected the 32-byte private key, base64url (kartu push vapid-keys)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'expected a mailto: or https: address').optional(),
  /**
   * Apply pending migrations at start (the default). Set false where a release runs them once
   * (`kartu migrate`) before its instances start: an instance then refuses to start on an older schema.
   */
  MIGRATE_ON_START: z.stringbool().default(true),
  /** On SIGTERM: how long requests in flight and running jobs get to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Validates configuration from `source` (the process environment by default). Empty values count
 * as unset so a blank line in a deployment file falls back to the default. Throws one readable
 * error listing every invalid variable.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const values = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]),
  );
  const result = envSchema
    .superRefine((config, context) => {
      if (config.NODE_ENV === 'production' && !config.CODE_SECRET) {
        context.addIssue({ code: 'custom', path: ['CODE_SECRET'], message: 'required in production' });
      }
      if ((config.XENDIT_SECRET_KEY === undefined) !== (config.XENDIT_CALLBACK_TOKEN === undefined)) {
        context.addIssue({ code: 'custom', path: ['XENDIT_CALLBACK_TOKEN'], message: 'set XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN together' });
      }
      if (config.FILE_STORAGE === 's3') {
        for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
          if (config[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: 'required with FILE_STORAGE=s3' });
        }
      }
      if ((config.SMS_PROVIDER_URL === undefined) !== (config.SMS_PROVIDER_TOKEN === undefined)) {
        context.addIssue({ code: 'custom', path: ['SMS_PROVIDER_TOKEN'], message: 'set SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN together' });
      }
      const vapid = [config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY, config.VAPID_SUBJECT];
      if (vapid.some((value) => value === undefined) && vapid.some((value) => value !== undefined)) {
        context.addIssue({ code: 'custom', path: ['VAPID_SUBJECT'], message: 'set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together' });
      }
    })
    .safeParse(values);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return result.data;
}

let cachedEnv: Env | undefined;

/** The process configuration, validated once on first use. */
export function env(): Env {
  cachedEnv ??= loadEnv();
  return cachedEnv;
}
