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
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.WEB_DIST_DIR).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it.each(['abc', '0', '70000', '3.5'])('rejects PORT=%s with a message naming it', (port) => {
    expect(() => loadEnv({ PORT: port })).toThrow(/PORT/);
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

  it('rejects invalid values at boot', () => {
    expect(() => loadEnv({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://db' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ TRUST_PROXY: 'everyone!' })).toThrow(/TRUST_PROXY/);
  });
});
