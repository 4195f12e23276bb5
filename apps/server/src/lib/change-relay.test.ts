import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openSession } from '../modules/auth/session.service.ts';
import { users } from '../modules/auth/users.table.ts';
import { freePort, waitUntilReady } from '../test/server-process.ts';
import { useTestApp, type TestApp } from '../test/test-app.ts';
import { decodeRelayMessage, encodeRelayMessages } from './change-relay.ts';

const onPostgresServer = process.env.KARTU_TEST_DB === 'postgres';
const redisUrl = process.env.REDIS_URL;

describe('relay messages', () => {
  it('carry their origin and tags, split below the size a NOTIFY takes', () => {
    const tags = Array.from({ length: 600 }, (_, index) => `card:${String(index).padStart(24, '0')}`);
    const messages = encodeRelayMessages('instance-a', tags);
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.every((message) => Buffer.byteLength(message) <= 7000)).toBe(true);
    expect(messages.flatMap((message) => decodeRelayMessage(message)?.tags ?? [])).toEqual(tags);
    expect(decodeRelayMessage(messages[0] ?? '')?.origin).toBe('instance-a');
  });

  it('ignore what is not a relay message', () => {
    expect(decodeRelayMessage('not json')).toBeUndefined();
    expect(decodeRelayMessage(JSON.stringify({ origin: 'x', tags: [1] }))).toBeUndefined();
    expect(decodeRelayMessage(JSON.stringify({ tags: ['a'] }))).toBeUndefined();
  });
});

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** A server process of its own, as in production: the relay is set up by main.ts. */
async function startInstance(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', WEB_DIST_DIR: '/nonexistent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, child, { timeoutMs: 30_000 });
  } catch (error) {
    child.kill();
    throw error;
  }
  return { url, child };
}

let testApp: TestApp;
useTestApp((made) => ({ testApp } = made));

describe.skipIf(!onPostgresServer)('two instances', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
  });

  /** Milliseconds from a sign-out on one instance until the other refuses the session. */
  async function propagationMs(env: Record<string, string>): Promise<number> {
    const [first, second] = await Promise.all([startInstance(env), startInstance(env)]);
    children.push(first.child, second.child);
    const [rani] = await testApp.db.select().from(users).where(eq(users.phone, '+6281211112222'));
    if (!rani) throw new Error('The demo member is not seeded');
    const { token } = await openSession({ db: testApp.db, user: rani, loginType: 'pin', pendingReason: null, deviceHash: null, now: new Date() });
    const headers = { host: 'localhost', authorization: `Bearer ${token}` };
    const sessionOn = (instance: { url: string }) => fetch(`${instance.url}/api/auth/session`, { headers }).then((response) => response.status);
    // The second instance now keeps the session in its cache for 10 s.
    expect(await sessionOn(second)).toBe(200);
    expect(await sessionOn(second)).toBe(200);

    const signedOutAt = performance.now();
    expect((await fetch(`${first.url}/api/auth/logout`, { method: 'POST', headers })).status).toBe(204);
    let status = await sessionOn(second);
    // Without the relay the session stays cached for 10 s; polling every 25 ms keeps within the rate limit.
    while (status === 200 && performance.now() - signedOutAt < 12_000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = await sessionOn(second);
    }
    expect(status).toBe(401);
    return performance.now() - signedOutAt;
  }

  it('refuses a session on one instance within a second of its sign-out on the other, over PostgreSQL', async () => {
    const elapsed = await propagationMs({ DATABASE_URL: testApp.databaseUrl ?? '', CODE_SECRET: 'relay-test-code-secret-relay-test-0123' });
    console.log(`sign-out reached the other instance over PostgreSQL LISTEN/NOTIFY in ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(1000);
  }, 60_000);

  it.skipIf(!redisUrl)('does the same over Redis', async () => {
    const elapsed = await propagationMs({ DATABASE_URL: testApp.databaseUrl ?? '', REDIS_URL: redisUrl ?? '', CODE_SECRET: 'relay-test-code-secret-relay-test-0123' });
    console.log(`sign-out reached the other instance over Redis pub/sub in ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(1000);
  }, 60_000);
});
