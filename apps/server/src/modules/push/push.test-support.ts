import { createDecipheriv, createECDH, createPublicKey, generateKeyPairSync, hkdfSync, randomBytes, sign, verify, type ECDH } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionBody } from '@kartu/contracts';

// Shared steps of the push tests: a browser's keys, a push service of our own, and what a browser does with a push.

/** A browser's push keys: the P-256 pair it decrypts with and the auth secret, as PushSubscription.toJSON() gives them. */
export interface BrowserKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** The subscription a browser with these keys sends for an endpoint. */
export function subscriptionOf(endpoint: string, keys: BrowserKeys = browserKeys()): PushSubscriptionBody {
  return { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** An endpoint of a push service nobody runs: for tests that never deliver. */
export function fakeEndpoint(): string {
  return `https://push.example.test/send/${randomBytes(12).toString('base64url')}`;
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * What the browser reads from a push body (RFC 8291 with RFC 8188's aes128gcm): the server's
 * one-time public key in the header, an ECDH secret with the browser's key, the auth secret mixed
 * in by HKDF, then AES-128-GCM over the one record, its padding delimiter 0x02 last.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const browserKey = keys.ecdh.getPublicKey();
  const secret = keys.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserKey, serverKey]);
  const ikm = hkdf(secret, Buffer.from(keys.auth, 'base64url'), keyInfo, 32);
  const contentKey = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('The last record lacks its padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * The claims of a VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`), after
 * checking its ES256 signature with the key it names; throws when the signature does not hold.
 */
export function vapidClaimsOf(authorization: string | undefined): { publicKey: string; header: Record<string, unknown>; claims: Record<string, unknown> } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`Not a VAPID authorization: ${authorization}`);
  const [token, publicKey] = [match[1], match[2]];
  const [header = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('The VAPID token is not signed by the key it names');
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { publicKey, header: json(header), claims: json(claims) };
}

// DER, as much of it as one self-signed certificate needs.
function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const der = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
};
const sequence = (...items: Buffer[]) => der(0x30, ...items);
function objectId(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift(0x80 | (value & 0x7f));
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}
const utcTime = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`));
const commonName = (name: string) => sequence(der(0x31, sequence(objectId('2.5.4.3'), der(0x0c, Buffer.from(name)))));

/** A certificate for localhost, signed by its own key (ECDSA P-256), valid for the next hour. */
export function selfSignedCertificate(): { cert: string; key: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = sequence(objectId('1.2.840.10045.4.3.2'));
  const serial = randomBytes(8);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const localhost = der(0x04, sequence(der(0x82, Buffer.from('localhost')), der(0x87, Buffer.from([127, 0, 0, 1]))));
  const now = Date.now();
  const certificate = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ecdsaWithSha256,
    commonName('localhost'),
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 3_600_000))),
    commonName('localhost'),
    publicKey.export({ format: 'der', type: 'spki' }),
    der(0xa3, sequence(sequence(objectId('2.5.29.17'), localhost))),
  );
  const signed = sequence(certificate, ecdsaWithSha256, der(0x03, Buffer.from([0]), sign('sha256', certificate, privateKey)));
  const base64 = signed.toString('base64').match(/.{1,64}/g)?.join('\n') ?? '';
  return { cert: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`, key: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface TestPushService {
  /** An endpoint of this service, as a browser's subscription names it. */
  endpoint(name: string): string;
  origin: string;
  received: ReceivedPush[];
  /** The status the next pushes are answered with (201, as push services accept, by default). */
  answerWith(status: number): void;
  /** Trusts this service's certificate, and no other unknown one: for the driver under test only. */
  agent: Agent;
  close(): Promise<void>;
}

/** A push service on localhost over HTTPS, with a certificate made for the test, that keeps what it receives. */
export async function startPushService(): Promise<TestPushService> {
  const { cert, key } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  let status = 201;
  const server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    endpoint: (name) => `${origin}/push/${name}`,
    origin,
    received,
    answerWith: (next) => {
      status = next;
    },
    agent,
    close: () =>
      new Promise<void>((resolve, reject) => {
        agent.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
