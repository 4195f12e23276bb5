import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorBodySchema, termsAnswerSchema } from '@kartu/contracts';
import { kartuOn } from '../../cli/cli.test-support.ts';
import { useTestApp, type TestApp } from '../../test/test-app.ts';
import { send } from '../cards/cards.test-support.ts';

let testApp: TestApp;
useTestApp((made) => ({ testApp } = made));
const kartu = kartuOn(() => testApp);

async function termsOf(body: object | undefined, host = 'localhost') {
  const response = await send(testApp, 'POST', '/api/settings/terms', { ...(body ? { body } : {}), host });
  return response;
}

describe('the terms and privacy policy', () => {
  it("answers the seeded texts in the language asked for, else the site's, to visitors too", async () => {
    const indonesian = termsAnswerSchema.parse((await termsOf({ language: 'id' })).json()).data;
    expect(indonesian.language).toBe('id');
    expect(indonesian.termsCondition).toMatch(/^Kopi Senja Rewards adalah program loyalitas/);
    expect(indonesian.privacyPolicy).toContain('halo@kopisenja.example');
    // Japanese is not written: the site's language (English) answers.
    expect(termsAnswerSchema.parse((await termsOf({ language: 'ja' })).json()).data.language).toBe('en');
    const empty = await termsOf(undefined);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(termsAnswerSchema.parse(empty.json()).data.language).toBe('en');
  });

  it('answers 404 TERMS_NOT_FOUND for a merchant that has written none, and 400 for an unknown language', async () => {
    const none = await termsOf({ language: 'en' }, 'age.localhost');
    expect(none.statusCode).toBe(404);
    expect(errorBodySchema.parse(none.json()).code).toBe('TERMS_NOT_FOUND');
    expect((await termsOf({ language: 'fr' })).statusCode).toBe(400);
  });

  it('takes new texts from the operator, answered in the one language the merchant has', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kartu-terms-'));
    await writeFile(join(dir, 'terms.txt'), 'Haze Manila rewards terms.\n\nMust be 21 or over.\n');
    await writeFile(join(dir, 'privacy.txt'), 'We keep your phone number.');
    const saved = await kartu('merchants', 'terms', '--mid', 'hazemnl', '--language', 'en', '--terms', join(dir, 'terms.txt'), '--privacy', join(dir, 'privacy.txt'));
    expect(saved.code, saved.error).toBe(0);
    const answer = termsAnswerSchema.parse((await termsOf({ language: 'id' }, 'age.localhost')).json()).data;
    expect(answer).toMatchObject({ language: 'en', termsCondition: 'Haze Manila rewards terms.\n\nMust be 21 or over.', privacyPolicy: 'We keep your phone number.' });
    expect((await kartu('merchants', 'terms', '--mid', 'HAZEMNL', '--terms', join(dir, 'missing.txt'), '--privacy', join(dir, 'privacy.txt'))).code).toBe(1);
    await writeFile(join(dir, 'blank.txt'), '   \n');
    expect((await kartu('merchants', 'terms', '--mid', 'HAZEMNL', '--terms', join(dir, 'blank.txt'), '--privacy', join(dir, 'privacy.txt'))).code).toBe(1);
  });
});
