import { randomBytes } from 'node:crypto';
import { activationCodeKeyFor } from '../modules/cards/activation-code-key.ts';
import { giftKeysFor, type GiftKeys } from '../modules/gifts/gift-secrets.ts';
import { sealKeyFor } from '../modules/outbox/outbox.service.ts';
import type { SealKey } from '../lib/sealed-text.ts';
import { outletCodeKeyFor } from '../modules/outlets/outlet-code-key.ts';
import { voucherCodeKeysFor, type VoucherCodeKeys } from '../modules/vouchers/voucher-codes.ts';
import { webhookSealKeyFor } from '../modules/webhooks/webhooks.service.ts';
import { microAppSealKeyFor } from '../modules/micro-apps/micro-apps.service.ts';
import { earnCodeKeyFor } from '../modules/scan/earn-codes.service.ts';
import { uniqueCodeKeyFor } from '../modules/unique-codes/unique-codes.service.ts';

/**
 * The keys the server holds, each derived from CODE_SECRET for one purpose (lib/secret-keys.ts).
 * A route is handed only those it names (http/area.ts withSecrets).
 */
export interface AppSecrets {
  /** Keys one-time codes. Outside production, without CODE_SECRET, one made up for this process. */
  codeSecret: string;
  /** Seals the one-time codes and links waiting in the outbox. */
  outboxSealKey: SealKey;
  webhookSealKey: SealKey;
  outletCodeKey: string;
  activationCodeKey: string;
  /** Hash and seal the links and PINs of voucher gifts. */
  giftKeys: GiftKeys;
  /** Hash and seal the codes of vouchers whose template keeps no code. */
  voucherCodeKeys: VoucherCodeKeys;
  /** Seals the keys of the merchants' micro apps. */
  microAppSealKey: SealKey;
  /** Signs the scan-to-earn codes a till shows. */
  earnCodeKey: string;
  /** Hashes the printed codes of unique-code batches. */
  uniqueCodeKey: string;
}

export function secretsFor(configured: string | undefined): AppSecrets {
  const codeSecret = configured ?? randomBytes(32).toString('base64url');
  return {
    codeSecret,
    outboxSealKey: sealKeyFor(codeSecret),
    webhookSealKey: webhookSealKeyFor(configured),
    outletCodeKey: outletCodeKeyFor(configured),
    activationCodeKey: activationCodeKeyFor(configured),
    giftKeys: giftKeysFor(configured),
    voucherCodeKeys: voucherCodeKeysFor(configured),
    microAppSealKey: microAppSealKeyFor(configured),
    earnCodeKey: earnCodeKeyFor(configured),
    uniqueCodeKey: uniqueCodeKeyFor(configured),
  };
}
