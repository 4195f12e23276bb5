import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { activationCodeKeyFor } from '../modules/cards/activation-code-key.ts';
import { hashActivationCode } from '../modules/cards/activation-code.ts';
import { giftKeysFor } from '../modules/gifts/gift-secrets.ts';
import { sealKeyFor } from '../modules/outbox/outbox.service.ts';
import { hashOutletCode, outletCodeKeyFor } from '../modules/outlets/outlet-code-key.ts';
import { voucherCodeKeysFor } from '../modules/vouchers/voucher-codes.ts';
import { webhookSealKeyFor } from '../modules/webhooks/webhooks.service.ts';
import { derivedKey, hashTypedCode } from './secret-keys.ts';

const secret = 'a production secret of at least thirty-two characters';
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

describe('keys derived from CODE_SECRET', () => {
  it('are the HMAC of the secret over each purpose, so every hash and sealed text stored before reads the same', () => {
    expect(activationCodeKeyFor(secret)).toBe(hmac(secret, 'card activation codes').toString('base64url'));
    expect(outletCodeKeyFor(secret)).toBe(hmac(secret, 'outlet and cashier codes').toString('base64url'));
    expect(sealKeyFor(secret)).toEqual(hmac(secret, 'outbox sealed texts'));
    expect(webhookSealKeyFor(secret)).toEqual(hmac(secret, 'merchant webhook secrets'));
    const voucherRoot = hmac(secret, 'voucher codes');
    expect(voucherCodeKeysFor(secret)).toEqual({ hashKey: hmac(voucherRoot, 'hashes'), sealKey: hmac(voucherRoot, 'sealed codes') });
    const giftRoot = hmac(secret, 'voucher gifts');
    expect(giftKeysFor(secret)).toEqual({ hashKey: hmac(giftRoot, 'hashes'), sealKey: hmac(giftRoot, 'sealed links') });
  });

  it('differ by purpose, and by secret', () => {
    const keys = [derivedKey(secret, 'card activation codes'), derivedKey(secret, 'outlet and cashier codes'), derivedKey(secret, 'voucher codes'), derivedKey(`${secret}!`, 'voucher codes')];
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(keys.length);
    // Without a secret (development only), each purpose still has a key of its own that does not change.
    expect(derivedKey(undefined, 'voucher gifts')).toEqual(derivedKey(undefined, 'voucher gifts'));
    expect(derivedKey(undefined, 'voucher gifts')).not.toEqual(derivedKey(undefined, 'voucher codes'));
  });

  it('hash a typed code one way for activation and outlet codes: case and surrounding spaces aside', () => {
    const key = activationCodeKeyFor(secret);
    expect(hashActivationCode(' ab12 ', key)).toBe(hmac(key, 'AB12').toString('hex'));
    expect(hashOutletCode('senayan1', key)).toBe(hashTypedCode('SENAYAN1', key));
  });
});
