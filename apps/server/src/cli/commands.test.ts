import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { siteStateSchema } from '@kartu/contracts';
import { IMAGE_MAX_BYTES } from '@kartu/core/constants';
import { authenticateApiKey } from '../integration/api-keys.service.ts';
import { jobs } from '../modules/jobs/jobs.table.ts';
import { images, imageVariants } from '../modules/media/images.table.ts';
import { testPicture } from '../modules/media/media.test-support.ts';
import { programs } from '../modules/programs/programs.table.ts';
import { findActiveSsoKey } from '../modules/sso/sso.repository.ts';
import { getSiteOfHost } from '../modules/tenancy/tenancy.service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { kartuOn } from './cli.test-support.ts';
import { findMerchantByMid } from './operator.repository.ts';
import { parseEarnRate } from './programs.command.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const kartu = kartuOn(() => testApp);

describe('kartu merchants and sites', () => {
  it('creates a merchant with the currency format of its country, and a site that serves it', async () => {
    const created = await kartu('merchants', 'create', '--mid', 'kedaiph', '--brand', 'Kedai Manila', '--country', 'PH', '--currency', 'PHP', '--ui', 'v2', '--timezone', 'Asia/Manila');
    expect(created).toMatchObject({ code: 0, error: '' });
    const merchant = await findMerchantByMid(testApp.db, 'KEDAIPH');
    expect(merchant).toMatchObject({
      brand: 'Kedai Manila',
      currencySymbol: '₱',
      currencyDecimals: 2,
      thousandSeparator: ',',
      decimalSeparator: '.',
      defaultLogin: 'phone',
      uiVersion: 'v2',
      timezone: 'Asia/Manila',
    });
    expect(merchant?.maskedMerchantId).toMatch(/^m[A-Za-z0-9]{12}$/);

    expect((await kartu('sites', 'create', '--host', 'Loyalty.Kedai.PH', '--merchant', 'KEDAIPH', '--language', 'en')).code).toBe(0);
    const site = await getSiteOfHost({ db: testApp.db, host: 'loyalty.kedai.ph' });
    expect(site.merchant.brand).toBe('Kedai Manila');

    const listed = await kartu('merchants', 'list');
    expect(listed.out).toMatch(/KEDAIPH\s+Kedai Manila\s+PH\s+PHP\s+phone\s+v2\s+loyalty\.kedai\.ph/);
    expect(listed.out).toContain('KOPISENJA');
  });

  it("changes a merchant's sign-in kinds and support contacts, and every site shows them at once", async () => {
    const siteOf = async () =>
      siteStateSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/site', headers: { host: 'loyalty.kedai.ph' } })).json()).merchant;
    expect(await siteOf()).toMatchObject({ defaultLogin: 'phone', acceptsBothLogins: false, support: { phone: null, email: null } });

    const updated = await kartu(
      'merchants', 'update', '--mid', 'kedaiph', '--login', 'email', '--both-logins', 'yes',
      '--support-phone', '+63 917 555 0123', '--support-email', 'Help@Kedai.example',
    );
    expect(updated).toMatchObject({ code: 0, error: '' });
    expect(updated.out).toContain('email first, both accepted');
    // The site was cached by the call above; the change drops it without waiting for its TTL.
    expect(await siteOf()).toMatchObject({
      defaultLogin: 'email',
      acceptsBothLogins: true,
      support: { phone: '+639175550123', email: 'help@kedai.example' },
    });

    expect((await kartu('merchants', 'update', '--mid', 'KEDAIPH', '--support-phone', 'none', '--both-logins', 'no')).code).toBe(0);
    expect(await siteOf()).toMatchObject({ acceptsBothLogins: false, support: { phone: null, email: 'help@kedai.example' } });

    for (const args of [
      ['--mid', 'KEDAIPH'],
      ['--mid', 'KEDAIPH', '--support-phone', '0812345'],
      ['--mid', 'KEDAIPH', '--support-email', 'not-an-address'],
      ['--mid', 'KEDAIPH', '--both-logins', 'maybe'],
    ]) {
      expect((await kartu('merchants', 'update', ...args)).code, args.join(' ')).toBe(2);
    }
    expect((await kartu('merchants', 'update', '--mid', 'NOBODY', '--login', 'email')).code).toBe(1);
    expect(await siteOf()).toMatchObject({ defaultLogin: 'email', support: { phone: null, email: 'help@kedai.example' } });
  });

  it('uses the spec defaults: Indonesia, rupiah without decimals, phone login, v1', async () => {
    expect((await kartu('merchants', 'create', '--mid', 'WARUNG1', '--brand', 'Warung Satu')).code).toBe(0);
    expect(await findMerchantByMid(testApp.db, 'WARUNG1')).toMatchObject({
      countryCode: 'ID',
      currencyCode: 'IDR',
      currencySymbol: 'Rp',
      currencyDecimals: 0,
      thousandSeparator: '.',
      decimalSeparator: ',',
      timezone: 'Asia/Jakarta',
      uiVersion: 'v1',
    });
  });

  it('fails with exit code 1 on a taken mid or host, or an unknown merchant', async () => {
    expect(await kartu('merchants', 'create', '--mid', 'KOPISENJA', '--brand', 'Again')).toMatchObject({ code: 1, error: expect.stringContaining('already exists') });
    expect(await kartu('sites', 'create', '--host', 'localhost', '--merchant', 'WARUNG1')).toMatchObject({ code: 1, error: expect.stringContaining('already serves') });
    expect(await kartu('sites', 'create', '--host', 'nobody.example', '--merchant', 'NOBODY')).toMatchObject({ code: 1, error: expect.stringContaining('No merchant') });
  });

  it('fails with exit code 2 and the usage on a mistyped command', async () => {
    for (const args of [
      ['merchants', 'create', '--brand', 'No mid'],
      ['merchants', 'create', '--mid', 'X1', '--brand', 'B', '--ui', 'v3'],
      ['merchants', 'create', '--mid', 'X2', '--brand', 'B', '--colour', 'red'],
      ['merchants', 'delete'],
      ['sites', 'create', '--host', 'shop.example:8080', '--merchant', 'WARUNG1'],
    ]) {
      const result = await kartu(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.error).toContain('kartu merchants create');
    }
  });

  it('reports, on kartu migrate, that the database has every migration', async () => {
    expect(await kartu('migrate')).toMatchObject({ code: 0, out: 'The database has every migration of this release.' });
    expect((await kartu('migrate', 'now')).code).toBe(2);
    expect((await kartu('merchants')).code).toBe(2);
  });

  it('prints the usage for --help', async () => {
    expect(await kartu('--help')).toMatchObject({ code: 0, out: expect.stringContaining('kartu api-keys create') });
    expect((await kartu('programs', 'create', '--help')).code).toBe(0);
  });
});

describe('kartu programs', () => {
  it('creates a program with its earning rate and expiry', async () => {
    const result = await kartu('programs', 'create', '--merchant', 'WARUNG1', '--name', 'Warung Points', '--type', 'points', '--earn-rate', '1/5000', '--expiry-days', '180');
    expect(result.code).toBe(0);
    const id = /id ([0-9a-f-]{36})/.exec(result.out)?.[1] ?? '';
    const [program] = await testApp.db.select().from(programs).where(eq(programs.id, id));
    expect(program).toMatchObject({ name: 'Warung Points', unit: 'POINT', earnRateNumerator: 1n, earnRateDenominator: 5000n, expiryPolicy: 'rolling-days', expiryDays: 180 });
  });

  it("keeps a cash program's balance in the merchant's currency", async () => {
    const result = await kartu('programs', 'create', '--merchant', 'KEDAIPH', '--name', 'Kedai Cash', '--type', 'cash');
    const id = /id ([0-9a-f-]{36})/.exec(result.out)?.[1] ?? '';
    const [program] = await testApp.db.select().from(programs).where(eq(programs.id, id));
    expect(program).toMatchObject({ unit: 'CASH', currencyCode: 'PHP', expiryPolicy: 'none' });
  });

  it('reads earning rates and refuses nonsense', () => {
    expect(parseEarnRate('1/1000')).toEqual({ earnRateNumerator: 1n, earnRateDenominator: 1000n });
    expect(parseEarnRate('2')).toEqual({ earnRateNumerator: 2n, earnRateDenominator: 1n });
    for (const wrong of ['1/0', '0.001', 'one', '-1/10']) expect(() => parseEarnRate(wrong)).toThrow('--earn-rate');
  });
});

describe('kartu programs art and merchants images', () => {
  let folder: string;
  const file = (name: string) => join(folder, name);
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'kartu-images-'));
    writeFileSync(file('card.jpg'), await testPicture({ width: 1200, height: 800, format: 'jpeg' }));
    writeFileSync(file('banner.png'), await testPicture({ width: 1000, height: 600 }));
    writeFileSync(file('icon.webp'), await testPicture({ width: 200, height: 200, format: 'webp' }));
    writeFileSync(file('tiny.png'), await testPicture({ width: 100, height: 100 }));
    writeFileSync(file('moving.gif'), await testPicture({ width: 800, height: 600, format: 'gif' }));
    writeFileSync(file('note.txt'), 'a note, not a picture');
    writeFileSync(file('huge.jpg'), Buffer.alloc(IMAGE_MAX_BYTES + 1));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const imageCount = async () => (await testApp.db.select({ value: count() }).from(images))[0]?.value;
  const cardArtOf = async (programId: string) => (await testApp.db.select().from(programs).where(eq(programs.id, programId)))[0]?.cardArtImageId;
  async function newWarungProgram() {
    const created = await kartu('programs', 'create', '--merchant', 'WARUNG1', '--name', 'Warung Art', '--type', 'points');
    return /id ([0-9a-f-]{36})/.exec(created.out)?.[1] ?? '';
  }

  it("sets a program's card art from a file in both sizes, and removes it", async () => {
    const programId = await newWarungProgram();
    const set = await kartu('programs', 'art', '--program', programId, '--file', file('card.jpg'));
    expect(set).toMatchObject({ code: 0, error: '' });
    expect(set.out).toContain('Card art of "Warung Art" set');
    const imageId = (await cardArtOf(programId)) ?? '';
    const variants = await testApp.db.select().from(imageVariants).where(eq(imageVariants.imageId, imageId)).orderBy(imageVariants.width);
    expect(variants.map((variant) => [variant.width, variant.height])).toEqual([
      [343, 216],
      [686, 433],
    ]);

    expect(await kartu('programs', 'art', '--program', programId, '--remove')).toMatchObject({ code: 0, error: '' });
    expect(await cardArtOf(programId)).toBeNull();
  });

  it('refuses a missing file, one too large, one no picture and one too small with exit code 1, changing nothing', async () => {
    const programId = await newWarungProgram();
    const before = await imageCount();
    for (const [name, message] of [
      ['missing.jpg', 'No file at'],
      ['huge.jpg', 'huge.jpg: the image is larger than 10 MB'],
      ['note.txt', 'note.txt: This is not a JPEG, PNG or WebP image'],
      ['moving.gif', 'moving.gif: GIF images are not accepted'],
      ['tiny.png', 'tiny.png: The image is too small: at least 343x216 pixels'],
    ] as const) {
      const result = await kartu('programs', 'art', '--program', programId, '--file', file(name));
      expect(result, name).toMatchObject({ code: 1, error: expect.stringContaining(message) });
    }
    expect(await kartu('programs', 'art', '--program', '5eed0000-0000-4000-8000-00000000dead', '--remove')).toMatchObject({ code: 1, error: expect.stringContaining('No program has the id') });
    expect(await cardArtOf(programId)).toBeNull();
    expect(await imageCount()).toBe(before);
  });

  it('fails with exit code 2 unless the art command says either a file or --remove', async () => {
    const programId = await newWarungProgram();
    for (const args of [['--program', programId], ['--program', programId, '--file', file('card.jpg'), '--remove'], ['--file', file('card.jpg')], ['--program', programId, '--remove', 'yes']]) {
      expect((await kartu('programs', 'art', ...args)).code, args.join(' ')).toBe(2);
    }
  });

  it("sets a merchant's banner and icon, which its site shows at once, and takes one away", async () => {
    const siteOf = async () =>
      siteStateSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/site', headers: { host: 'loyalty.kedai.ph' } })).json()).merchant;
    expect(await siteOf()).toMatchObject({ banner: null, icon: null });
    const set = await kartu('merchants', 'images', '--mid', 'kedaiph', '--banner', file('banner.png'), '--icon', file('icon.webp'));
    expect(set).toMatchObject({ code: 0, error: '' });
    expect(set.out).toContain('KEDAIPH banner set');
    expect(set.out).toContain('KEDAIPH icon set');
    const shown = await siteOf();
    expect(shown.banner).toMatchObject({ width: 480, height: 270 });
    expect(shown.icon).toMatchObject({ width: 64, height: 64 });

    // A bad file stops the command before either picture changes.
    const refused = await kartu('merchants', 'images', '--mid', 'KEDAIPH', '--banner', 'none', '--icon', file('moving.gif'));
    expect(refused).toMatchObject({ code: 1, error: expect.stringContaining('moving.gif') });
    expect(await siteOf()).toEqual(shown);

    expect((await kartu('merchants', 'images', '--mid', 'KEDAIPH', '--banner', 'none')).code).toBe(0);
    expect(await siteOf()).toMatchObject({ banner: null, bannerUrl: null, icon: shown.icon });
    expect((await kartu('merchants', 'images', '--mid', 'KEDAIPH')).code).toBe(2);
    expect((await kartu('merchants', 'images', '--mid', 'NOBODY', '--icon', file('icon.webp'))).code).toBe(1);
  });
});

describe('kartu api-keys and sso-keys', () => {
  it('prints an API key once that authenticates as the merchant, until it is revoked', async () => {
    const created = await kartu('api-keys', 'create', '--merchant', 'WARUNG1', '--name', 'Till 1');
    expect(created.code).toBe(0);
    const key = /(kartu_[0-9a-f-]{36}_[A-Za-z0-9_-]{43})/.exec(created.out)?.[1] ?? '';
    const holder = await authenticateApiKey({ db: testApp.db, key, now: new Date() });
    const merchant = await findMerchantByMid(testApp.db, 'WARUNG1');
    expect(holder.merchantId).toBe(merchant?.id);

    const listed = await kartu('api-keys', 'list', '--merchant', 'WARUNG1');
    expect(listed.out).toContain('Till 1');
    expect(listed.out).not.toContain(key);

    expect((await kartu('api-keys', 'revoke', '--id', holder.keyId)).code).toBe(0);
    await expect(authenticateApiKey({ db: testApp.db, key, now: new Date() })).rejects.toMatchObject({ code: 'API_KEY_INVALID' });
    expect((await kartu('api-keys', 'revoke', '--id', holder.keyId)).code).toBe(1);
  });

  it('creates a single sign-on key and prints its secret', async () => {
    const result = await kartu('sso-keys', 'create', '--merchant', 'WARUNG1');
    expect(result.code).toBe(0);
    const kid = /kid:\s+(\S+)/.exec(result.out)?.[1] ?? '';
    const secret = /secret:\s+(\S+)/.exec(result.out)?.[1];
    const merchant = await findMerchantByMid(testApp.db, 'WARUNG1');
    expect((await findActiveSsoKey(testApp.db, merchant?.id ?? 0, kid))?.secret).toBe(secret);
  });
});

describe('kartu jobs', () => {
  it('lists the jobs out of tries with their errors, and queues one again', async () => {
    const now = new Date();
    const [dead] = await testApp.db
      .insert(jobs)
      .values({ name: 'outbox.deliver', runAt: now, status: 'dead', attempts: 10, maxAttempts: 10, lastError: 'Error: The SMS provider answered 503', createdAt: now, finishedAt: now })
      .returning();
    const listed = await kartu('jobs', 'failed');
    expect(listed).toMatchObject({ code: 0, error: '' });
    expect(listed.out).toContain(`${dead?.id}  outbox.deliver  10 tries`);
    expect(listed.out).toContain('The SMS provider answered 503');

    const retried = await kartu('jobs', 'retry', '--id', String(dead?.id));
    expect(retried.code).toBe(0);
    const [row] = await testApp.db.select().from(jobs).where(eq(jobs.id, dead?.id ?? 0n));
    expect(row).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await kartu('jobs', 'retry', '--id', String(dead?.id))).toMatchObject({ code: 1, error: 'Error: No dead job has this id' });
    expect((await kartu('jobs', 'retry')).code).toBe(2);
  });
});
