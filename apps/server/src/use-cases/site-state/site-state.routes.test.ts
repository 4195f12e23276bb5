import { brandingVariables } from '@kartu/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, publicMerchantSchema, siteStateSchema } from '@kartu/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setMerchantImage } from '../../modules/media/images.service.ts';
import { storedTestImage } from '../../modules/media/media.test-support.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function getSite(host: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url: '/api/site', headers: { host, ...headers } });
}

describe('GET /api/site', () => {
  it.each([
    ['localhost', 'Kopi Senja', 'v1', 'en'],
    ['127.0.0.1', 'Kopi Senja', 'v1', 'en'],
    ['v2.localhost', 'Lumina Beauty', 'v2', 'id'],
  ])('serves %s with its merchant %s on interface %s', async (host, brand, uiVersion, language) => {
    const response = await getSite(`${host}:3000`);
    expect(response.statusCode).toBe(200);
    const site = siteStateSchema.parse(response.json());
    expect(site.host).toBe(host);
    expect(site.merchant.brand).toBe(brand);
    expect(site.uiVersion).toBe(uiVersion);
    expect(site.merchant.uiVersion).toBe(uiVersion);
    expect(site.defaultLanguage).toBe(language);
  });

  it('carries the merchant colours as the legible CSS variables the page and the app set', async () => {
    const site = siteStateSchema.parse((await getSite('localhost')).json());
    expect(site.branding).toEqual(brandingVariables(site.merchant));
    // Kopi Senja's button is the spec's orange under white text, shaded to pass AA.
    expect(site.branding['--brand-button']).toBe('#c25501');
  });

  it('uses the demo settings of each merchant', async () => {
    const kopi = siteStateSchema.parse((await getSite('localhost')).json()).merchant;
    expect(kopi).toMatchObject({ defaultLogin: 'phone', countryCode: 'ID', buttonColor: '#F96D01', buttonTextColor: '#FFFFFF' });
    expect(kopi.currency).toEqual({ code: 'IDR', symbol: 'Rp', decimalDigits: 0, thousandSeparator: '.', decimalSeparator: ',' });
    const lumina = siteStateSchema.parse((await getSite('v2.localhost')).json()).merchant;
    expect(lumina).toMatchObject({ defaultLogin: 'email', acceptsBothLogins: true });
    expect(kopi.flags.ageGate).toBe(false);
    // "Contact us" reaches each merchant's own support: a chat, a mail, or nothing offered.
    expect(kopi.support).toEqual({ phone: '+6281234500077', email: 'halo@kopisenja.example' });
    expect(lumina.support).toEqual({ phone: null, email: 'care@luminabeauty.example' });
    const haze = siteStateSchema.parse((await getSite('age.localhost')).json()).merchant;
    expect(haze).toMatchObject({ acceptsBothLogins: false, support: { phone: null, email: null } });
  });

  it('serves the age-gated demo merchant in the Philippines with its own currency', async () => {
    const haze = siteStateSchema.parse((await getSite('age.localhost')).json()).merchant;
    expect(haze).toMatchObject({ brand: 'Haze Manila', countryCode: 'PH', timezone: 'Asia/Manila' });
    expect(haze.flags.ageGate).toBe(true);
    expect(haze.currency).toEqual({ code: 'PHP', symbol: '₱', decimalDigits: 2, thousandSeparator: ',', decimalSeparator: '.' });
  });

  it('matches host names case-insensitively', async () => {
    const response = await getSite('LocalHost');
    expect(response.statusCode).toBe(200);
  });

  it("answers an unknown host with 404 SITE_NOT_FOUND 'Page not found'", async () => {
    const response = await getSite('nope.example');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'SITE_NOT_FOUND', message: 'Page not found' });
  });

  it('accepts the masked merchant id of the host', async () => {
    const site = siteStateSchema.parse((await getSite('localhost')).json());
    const response = await getSite('localhost', { 'x-merchant-id': site.merchant.maskedMerchantId });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a merchant id that belongs to another site with 400 MERCHANT_MISMATCH', async () => {
    const lumina = siteStateSchema.parse((await getSite('v2.localhost')).json());
    const response = await getSite('localhost', { 'x-merchant-id': lumina.merchant.maskedMerchantId });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).code).toBe('MERCHANT_MISMATCH');
  });
});

describe('GET /api/v2/merchants/:id', () => {
  it('answers the public profile of a merchant', async () => {
    const site = siteStateSchema.parse((await getSite('localhost')).json());
    const response = await testApp.app.inject({ url: `/api/v2/merchants/${site.merchant.id}`, headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(publicMerchantSchema.parse(response.json())).toEqual(site.merchant);
  });

  it('shows only public fields, never row internals', async () => {
    const site = siteStateSchema.parse((await getSite('localhost')).json());
    const response = await testApp.app.inject({ url: `/api/v2/merchants/${site.merchant.id}`, headers: { host: 'localhost' } });
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(Object.keys(publicMerchantSchema.shape).sort());
    for (const column of ['createdAt', 'updatedAt', 'created_at', 'currencyCode', 'gaId', 'headerButtonColor']) {
      expect(body).not.toHaveProperty(column);
    }
  });

  it.each(['999999', '99999999999'])('answers an unknown merchant %s with 404 NOT_FOUND', async (id) => {
    const response = await testApp.app.inject({ url: `/api/v2/merchants/${id}`, headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).code).toBe('NOT_FOUND');
  });

  it('answers another merchant of the deployment as unknown: a site tells only of its own merchant', async () => {
    const lumina = siteStateSchema.parse((await getSite('v2.localhost')).json()).merchant;
    const response = await testApp.app.inject({ url: `/api/v2/merchants/${lumina.id}`, headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ code: 'NOT_FOUND', message: 'Merchant not found' });
  });

  it('answers a non-numeric id with 400 VALIDATION_FAILED naming the field', async () => {
    const response = await testApp.app.inject({ url: '/api/v2/merchants/abc', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details?.[0]).toMatchObject({ field: 'params.id' });
    expect(body.details?.[0]?.rule).toBeTruthy();
  });
});

describe("a merchant's banner and icon", () => {
  it('are served resized in place of the static files, and every cached site shows the change at once', async () => {
    const siteOf = async () => siteStateSchema.parse((await getSite('age.localhost')).json()).merchant;
    const statics = { banner: null, icon: null, bannerUrl: '/brand/haze-manila-banner.svg', iconUrl: '/brand/haze-manila.svg' };
    const haze = await siteOf();
    expect(haze).toMatchObject(statics);
    const set = async (purpose: 'banner' | 'icon', imageId: string | null) => setMerchantImage({ db: testApp.db, merchantId: haze.id, purpose, imageId });
    const banner = await storedTestImage(testApp, { merchantId: haze.id, purpose: 'banner' });
    const icon = await storedTestImage(testApp, { merchantId: haze.id, purpose: 'icon' });
    await set('banner', banner.id);
    await set('icon', icon.id);

    const shown = await siteOf();
    expect(shown.banner).toEqual({
      src: `/media/${banner.id}/480.webp`,
      srcSet: `/media/${banner.id}/480.webp 480w, /media/${banner.id}/960.webp 960w`,
      width: 480,
      height: 270,
    });
    expect(shown.icon).toEqual({ src: `/media/${icon.id}/64.webp`, srcSet: `/media/${icon.id}/64.webp 64w, /media/${icon.id}/128.webp 128w`, width: 64, height: 64 });
    // Readers of the URLs alone show the resized pictures too.
    expect(shown).toMatchObject({ bannerUrl: shown.banner?.src, iconUrl: shown.icon?.src });
    const profile = await testApp.app.inject({ url: `/api/v2/merchants/${haze.id}`, headers: { host: 'age.localhost' } });
    expect(publicMerchantSchema.parse(profile.json())).toEqual(shown);
    expect((await testApp.app.inject({ url: shown.banner?.src ?? '', headers: { host: 'age.localhost' } })).statusCode).toBe(200);

    await set('banner', null);
    await set('icon', null);
    expect(await siteOf()).toMatchObject(statics);
  });
});
