import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from './app-context.ts';
import { secretsFor } from './app-secrets.ts';
import { routePluginOf, withSecrets } from './area.ts';

describe('withSecrets', () => {
  it('hands a route plugin the secrets it names and no other, under the prefix it is registered with', async () => {
    const seen: string[][] = [];
    const routes = withSecrets(['giftKeys', 'outboxSealKey'], async (app, options) => {
      seen.push(Object.keys(options).sort());
      app.get('/probe', async () => ({ ok: true }));
    });
    const app = Fastify();
    const context = { db: {}, clock: {} } as unknown as AppContext;
    await app.register(routePluginOf(routes, secretsFor('a secret of at least thirty-two characters')), { ...context, prefix: '/integration/v1' });
    await app.ready();
    expect(seen).toEqual([['clock', 'db', 'giftKeys', 'outboxSealKey']]);
    expect((await app.inject({ url: '/integration/v1/probe' })).statusCode).toBe(200);
    await app.close();
  });

  it('registers a plugin that names no secret as it is', () => {
    const plugin = async () => {};
    expect(routePluginOf(plugin, secretsFor(undefined))).toBe(plugin);
  });
});
