import type { BlobStore } from '../modules/storage/blob-store.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { GiftKeys } from '../modules/gifts/gift-secrets.ts';
import type { VoucherCodeKeys } from '../modules/vouchers/voucher-codes.ts';
import type { OutboxDrivers } from '../modules/outbox/outbox.drivers.ts';
import type { PaymentsContext } from '../modules/payments/payments.context.ts';

/** What createApp hands every route plugin: one shape for all of them. */
export interface AppContext {
  db: Database;
  /** The time every service reads; tests pass a clock they can move. */
  clock: Clock;
  /** Keys one-time codes. */
  codeSecret: string;
  /** Seals merchants' webhook secrets (webhooks.service webhookSealKeyFor). */
  webhookSealKey: Buffer;
  /** Hashes outlet and cashier codes (outlets/outlet-code-key.ts). */
  outletCodeKey: string;
  /** Where uploaded files are kept; null keeps them in the database (FILE_STORAGE). */
  blobs: BlobStore | null;
  /** Keys card activation codes (cards/activation-code-key.ts). */
  activationCodeKey: string;
  /** Hash and seal the links and PINs of voucher gifts (gifts/gift-secrets.ts). */
  giftKeys: GiftKeys;
  /** Hash and seal the codes of vouchers whose template keeps no code (vouchers/voucher-codes.ts). */
  voucherCodeKeys: VoucherCodeKeys;
  drivers: OutboxDrivers;
  /** Payment providers wired in, and what each kind of subject does when its payment settles. */
  payments: PaymentsContext;
  /** Requests a minute: on each sign-in route per address and per identifier, and per API key on the integration API. */
  rateLimits: { signIn: { perAddress: number; perIdentifier: number }; integration: number };
  /** Set once the process is shutting down: the readiness check answers 503 from then on. */
  lifecycle: { draining: boolean };
}
