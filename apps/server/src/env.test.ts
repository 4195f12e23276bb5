import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('fills in the defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './.data',
      NODE_ENV: 'development',
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: 300,
      INTEGRATION_RATE_LIMIT_PER_MINUTE: 1200,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.WEB_DIST_DIR).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it.each(['abc', '0', '70000', '3.5'])('rejects PORT=%s with a message naming it', (port) => {
    expect(() => loadEnv({ PORT: port })).toThrow(/PORT/);
  });

  it('migrates at start unless told not to, and gives a shutdown 15 seconds', () => {
    expect(loadEnv({})).toMatchObject({ MIGRATE_ON_START: true, SHUTDOWN_TIMEOUT_MS: 15_000 });
    expect(loadEnv({ MIGRATE_ON_START: 'false' }).MIGRATE_ON_START).toBe(false);
    expect(loadEnv({ MIGRATE_ON_START: '0' }).MIGRATE_ON_START).toBe(false);
    expect(() => loadEnv({ MIGRATE_ON_START: 'maybe' })).toThrow(/MIGRATE_ON_START/);
  });

  it('treats an empty value as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('reads the per-key limit of the integration API apart from the per-address one', () => {
    expect(loadEnv({ RATE_LIMIT_PER_MINUTE: '50', INTEGRATION_RATE_LIMIT_PER_MINUTE: '5000' })).toMatchObject({
      RATE_LIMIT_PER_MINUTE: 50,
      INTEGRATION_RATE_LIMIT_PER_MINUTE: 5000,
    });
    expect(() => loadEnv({ INTEGRATION_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/INTEGRATION_RATE_LIMIT_PER_MINUTE/);
  });

  it('rejects invalid values at boot', () => {
    expect(() => loadEnv({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://db' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ TRUST_PROXY: 'everyone!' })).toThrow(/TRUST_PROXY/);
  });
});

describe('sign-in and delivery settings', () => {
  it('defaults the rate limits to what many members behind one address need, and leaves delivery to the development outbox', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ RATE_LIMIT_PER_MINUTE: 300, SESSION_RATE_LIMIT_PER_MINUTE: 600, AUTH_RATE_LIMIT_PER_MINUTE: 200, AUTH_IDENTIFIER_RATE_LIMIT_PER_MINUTE: 10 });
    expect([env.CODE_SECRET, env.SMTP_URL, env.SMS_PROVIDER_URL, env.SMS_PROVIDER_TOKEN]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('requires CODE_SECRET in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/CODE_SECRET/);
    expect(loadEnv({ NODE_ENV: 'production', CODE_SECRET: 'k'.repeat(32) }).CODE_SECRET).toBe('k'.repeat(32));
  });

  it('wants the SMS provider URL and token together', () => {
    expect(() => loadEnv({ SMS_PROVIDER_URL: 'https://sms.example.com' })).toThrow(/SMS_PROVIDER_TOKEN/);
    expect(() => loadEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });
});
