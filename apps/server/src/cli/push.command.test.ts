import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { vapidKeysFor } from '../modules/push/push.keys.ts';
import { runKartu } from './commands.ts';

describe('kartu push vapid-keys', () => {
  it('prints a new key pair the configuration takes, a different one each time', async () => {
    const run = async (...args: string[]) => {
      const out: string[] = [];
      const error: string[] = [];
      // The command reads and writes no database.
      const code = await runKartu(['push', 'vapid-keys', ...args], { db: undefined as never, out: (line) => out.push(line), error: (line) => error.push(line), now: () => new Date() });
      return { code, out: out.join('\n'), error: error.join('\n') };
    };
    const first = await run();
    expect(first).toMatchObject({ code: 0, error: '' });
    const publicKey = /VAPID_PUBLIC_KEY=(\S+)/.exec(first.out)?.[1];
    const privateKey = /VAPID_PRIVATE_KEY=(\S+)/.exec(first.out)?.[1];
    const env = loadEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'mailto:ops@kopisenja.example' });
    expect(vapidKeysFor(env)).toMatchObject({ publicKey, privateKey });
    expect((await run()).out).not.toContain(publicKey);
    expect((await run('--merchant', 'KOPISENJA')).code).toBe(2);
  });
});
