import type { DefaultLogin } from '@kartu/contracts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OutboxDrivers } from '../outbox/outbox.drivers.ts';

/** What every sign-in use case needs from the app: the database, the time, the code key, delivery. */
export interface AuthContext {
  db: Database;
  clock: Clock;
  codeSecret: string;
  /** Seals a code while it waits in the outbox. */
  outboxSealKey: Buffer;
  drivers: OutboxDrivers;
}

export interface MerchantRef {
  id: number;
  brand: string;
  countryCode: string;
  /** The kind of identifier members sign in with, and whether the other kind is accepted too. */
  defaultLogin: DefaultLogin;
  acceptsBothLogins: boolean;
}
