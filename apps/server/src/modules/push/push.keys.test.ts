import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { newVapidKeyPair, vapidKeysFor } from './push.keys.ts';

const pair = newVapidKeyPair();
const configured = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:ops@kopisenja.example' };

describe('the VAPID keys', () => {
  it('are read from the configuration, all three together', () => {
    const env = loadEnv(configured);
    expect(vapidKeysFor(env)).toEqual({ publicKey: pair.publicKey, privateKey: pair.privateKey, subject: 'mailto:ops@kopisenja.example' });
    expect(loadEnv({ ...configured, VAPID_SUBJECT: 'https://kopisenja.example/contact' }).VAPID_SUBJECT).toBe('https://kopisenja.example/contact');
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_SUBJECT: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together/);
    expect(() => loadEnv({ ...configured, VAPID_SUBJECT: undefined })).toThrow(/together/);
  });

  it('refuses keys of the wrong form and a subject that is not mailto: or https:', () => {
    expect(() => loadEnv({ ...configured, VAPID_PUBLIC_KEY: pair.publicKey.slice(2) })).toThrow(/VAPID_PUBLIC_KEY: expected the 65-byte public key/);
    expect(() => loadEnv({ ...configured, VAPID_PRIVATE_KEY: `${pair.privateKey}==` })).toThrow(/VAPID_PRIVATE_KEY: expected the 32-byte private key/);
    expect(() => loadEnv({ ...configured, VAPID_SUBJECT: 'http://kopisenja.example' })).toThrow(/VAPID_SUBJECT: expected a mailto: or https: address/);
  });

  it('refuses a private key that is not the public key’s: every push would be refused', () => {
    const other = newVapidKeyPair();
    expect(() => vapidKeysFor(loadEnv({ ...configured, VAPID_PRIVATE_KEY: other.privateKey }))).toThrow(/VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY/);
  });

  it('are made up for the process outside production, and push is off in production without them', () => {
    const first = vapidKeysFor(loadEnv({ NODE_ENV: 'development' }));
    const second = vapidKeysFor(loadEnv({ NODE_ENV: 'development' }));
    expect(first?.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(first?.privateKey).toMatch(/^[\w-]{43}$/);
    expect(first?.publicKey).not.toBe(second?.publicKey);
    // A made-up pair is a pair the configuration would take.
    expect(vapidKeysFor(loadEnv({ ...configured, VAPID_PUBLIC_KEY: first?.publicKey, VAPID_PRIVATE_KEY: first?.privateKey }))?.publicKey).toBe(first?.publicKey);
    expect(vapidKeysFor({ NODE_ENV: 'production' })).toBeNull();
  });
});
