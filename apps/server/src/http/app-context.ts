import type { BlobStore } from '../modules/storage/blob-store.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { OutboxDrivers } from '../modules/outbox/outbox.drivers.ts';
import type { WebPushSetup } from '../modules/push/push.keys.ts';
import type { PaymentsContext } from '../modules/payments/payments.context.ts';
import type { AppSecrets } from './app-secrets.ts';
import type { BillerAdapter } from '../modules/bills/billers/biller.ts';

/** What createApp hands every route plugin; secrets aside (app-secrets.ts). */
export interface AppContext {
  db: Database;
  /** The time every service reads; tests pass a clock they can move. */
  clock: Clock;
  /** Where uploaded files are kept; null keeps them in the database (FILE_STORAGE). */
  blobs: BlobStore | null;
  drivers: OutboxDrivers;
  /** Web Push for the member API; null when push is off (production without VAPID keys). */
  webPush: WebPushSetup | null;
  /** Payment providers wired in, and what each kind of subject does when its payment settles. */
  payments: PaymentsContext;
  /** Where bills and prepaid products are bought: Digiflazz when configured, else the sandbox outside production. */
  biller: BillerAdapter;
  /** Requests a minute: on each sign-in route per address and per identifier, and per API key on the integration API. */
  rateLimits: { signIn: { perAddress: number; perIdentifier: number }; integration: number };
  /** Set once the process is shutting down: the readiness check answers 503 from then on. */
  lifecycle: { draining: boolean };
}

/** What one process shares between its routes and its job worker: the context and every secret. */
export interface ServerContext extends AppContext {
  secrets: AppSecrets;
}
