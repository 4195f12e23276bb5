import { describe, expect, it } from 'vitest';
import { errorBodySchema, microAppTokenAnswerSchema } from '@kartu/contracts';
import { kartuOn } from '../../cli/cli.test-support.ts';
import { openText } from '../../lib/sealed-text.ts';
import { newMember } from '../../test/members.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { send } from '../cards/cards.test-support.ts';
import { microAppSealKeyFor, microAppTokenSeconds, type MicroAppClaims } from './micro-apps.service.ts';

let testApp: TestApp;
useTestApp((made) => ({ testApp } = made));
// The operator's command seals keys as the test app's server opens them.
const kartu = (...args: string[]) => kartuOn(() => testApp, { microAppSealKey: microAppSealKeyFor(testApp.env.CODE_SECRET) })(...args);

async function addApp(merchant: string, app: string): Promise<Buffer> {
  const made = await kartu('micro-apps', 'add', '--merchant', merchant, '--app', app, '--name', 'Senja Games');
  expect(made.code, made.error).toBe(0);
  return Buffer.from(made.out.split('\n')[1] ?? '', 'base64url');
}

describe('micro app tokens', () => {
  it("tells the micro app who the member is, readable with the app's key only, for five minutes", async () => {
    const key = await addApp('KOPISENJA', 'senja-games');
    expect(key).toHaveLength(32);
    const member = await newMember(testApp, { name: 'Rani Saputra' });
    const response = await send(testApp, 'POST', '/api/integrations/micro-app', { member, body: { app: 'senja-games' } });
    expect(response.statusCode, response.body).toBe(200);
    const { token, expiresAt } = microAppTokenAnswerSchema.parse(response.json()).data;
    const claims = JSON.parse(openText(token, key) ?? 'null') as MicroAppClaims;
    const now = Math.floor(testApp.clock.now().getTime() / 1000);
    expect(claims).toEqual({ sub: member.userId, merchant: 'KOPISENJA', name: 'Rani Saputra', iat: now, exp: now + microAppTokenSeconds });
    expect(expiresAt).toBe(new Date((now + microAppTokenSeconds) * 1000).toISOString());
    // Another key opens nothing, and an altered token does not open.
    expect(openText(token, Buffer.alloc(32, 7))).toBeNull();
    const [iv, tag, body = ''] = token.split('.');
    expect(openText([iv, tag, `${body.slice(0, -2)}AA`].join('.'), key)).toBeNull();
  });

  it('answers 404 MICRO_APP_NOT_FOUND for an app of another merchant or none, and 401 without a session', async () => {
    await addApp('LUMINABEAUTY', 'glow-quiz');
    const member = await newMember(testApp);
    for (const app of ['glow-quiz', 'nothing-here', 'Not An App!']) {
      const response = await send(testApp, 'POST', '/api/integrations/micro-app', { member, body: { app } });
      expect(response.statusCode).toBe(404);
      expect(errorBodySchema.parse(response.json()).code).toBe('MICRO_APP_NOT_FOUND');
    }
    expect((await send(testApp, 'POST', '/api/integrations/micro-app', { body: { app: 'glow-quiz' } })).statusCode).toBe(401);
  });

  it('gives an app a new key when it is added again: tokens follow the new key', async () => {
    const first = await addApp('KOPISENJA', 'senja-quiz');
    const second = await addApp('KOPISENJA', 'senja-quiz');
    const member = await newMember(testApp);
    const { token } = microAppTokenAnswerSchema.parse((await send(testApp, 'POST', '/api/integrations/micro-app', { member, body: { app: 'senja-quiz' } })).json()).data;
    expect(openText(token, first)).toBeNull();
    expect(openText(token, second)).not.toBeNull();
    expect((await kartu('micro-apps', 'add', '--merchant', 'KOPISENJA', '--app', 'not an app')).code).toBe(1);
  });
});
