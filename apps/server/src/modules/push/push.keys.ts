import { createECDH } from 'node:crypto';
import webPush from 'web-push';
import type { Env } from '../../env.ts';

/** The server's VAPID identity (RFC 8292): push services accept our pushes only when signed with it. */
export interface VapidKeys {
  /** The uncompressed P-256 point, base64url: the browsers' `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact: a mailto: or https: address. */
  subject: string;
}

/**
 * What the member API needs of Web Push: the key browsers subscribe with, and whether any https push
 * service is taken (outside production: a test's own push service) or only the browsers' known ones.
 */
export interface WebPushSetup {
  publicKey: string;
  anyPushService: boolean;
}

export function webPushSetupOf(vapid: VapidKeys | null, env: Pick<Env, 'NODE_ENV'>): WebPushSetup | null {
  return vapid ? { publicKey: vapid.publicKey, anyPushService: env.NODE_ENV !== 'production' } : null;
}

/** A new key pair, base64url, as VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY take it. */
export function newVapidKeyPair(): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  return webPush.generateVAPIDKeys();
}

/** Whether the private key is the one of the public key: a pasted pair that does not match signs pushes no browser accepts. */
function isKeyPair({ publicKey, privateKey }: Pick<VapidKeys, 'publicKey' | 'privateKey'>): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey;
  } catch {
    return false;
  }
}

// The contact a made-up identity names: no push service writes to it, as nothing it signed outlives the process.
const developmentSubject = 'mailto:push@localhost';

/**
 * The VAPID identity from the configuration. Outside production, without one, a pair is made up for
 * the process (as secretsFor makes up a code secret), so push works in the demo until a restart;
 * in production, without one, push is off (null). A configured pair that does not match stops the start.
 */
export function vapidKeysFor(env: Pick<Env, 'NODE_ENV' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>): VapidKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  if (publicKey && privateKey && subject) {
    if (!isKeyPair({ publicKey, privateKey })) throw new Error('VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY: make a pair with `kartu push vapid-keys`');
    return { publicKey, privateKey, subject };
  }
  if (env.NODE_ENV === 'production') return null;
  return { ...newVapidKeyPair(), subject: developmentSubject };
}
