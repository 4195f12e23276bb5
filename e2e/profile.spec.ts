import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, openPage, rani, signInAsMember, test, useEnglish } from './support.ts';

/*
 * Rani edits her profile at Kopi Senja: her name and a photo. Other tests greet her as
 * 'Rani Saputra', so the name she had is put back whatever happens; the test's photo is removed,
 * and the demo seed draws hers again while she has none.
 */

test.use({ viewport: { width: 390, height: 844 } });

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let bit = 0; bit < 8; bit += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A square RGB PNG of `size` pixels: a warm gradient with a dark disc, big enough for the server's 96 × 96 minimum. */
function portraitPng(size = 128): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const inDisc = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 4) ** 2;
      row.set(inDisc ? [60, 40, 30] : [200 + Math.round((x / size) * 55), 140, 90 + Math.round((y / size) * 60)], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const profileApi = '/api/v2/account/profile';
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name' });

test('a member changes her name and photo on her profile, and both are kept', async ({ page, request }) => {
  await useEnglish(page);
  await signInAsMember(page, request, rani.phone);

  // The settings page leads to the profile.
  await openPage(page, '/settings');
  await page.getByRole('link', { name: /^Profile/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(nameField(page)).not.toHaveValue('');
  const before = (await (await page.request.get(profileApi)).json()) as { data: { name: string; birthday: string | null; gender: string | null } };
  await expectAccessible(page, 'the profile page');

  try {
    await nameField(page).fill('Rani Ayu Lestari');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();

    await page.reload();
    await expect(nameField(page)).toHaveValue('Rani Ayu Lestari');

    // The demo seed may have given her a photo already: the new one is another image.
    const photo = page.getByRole('img', { name: 'Your photo' });
    const srcBefore = (await photo.count()) > 0 ? await photo.getAttribute('src') : null;
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change photo' }).click();
    await (await chooser).setFiles({ name: 'rani.png', mimeType: 'image/png', buffer: portraitPng() });
    await expect(page.getByText('Photo changed')).toBeVisible();
    await expect(photo).toBeVisible();
    const srcAfter = await photo.getAttribute('src');
    expect(srcAfter).toMatch(/^\/media\//);
    expect(srcAfter).not.toBe(srcBefore);
    // Drawn: the served image decoded, at the avatar's 96 CSS pixels.
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(photo).toHaveCSS('width', '96px');
    await expect(photo).toHaveCSS('border-radius', '50%');
    await expectAccessible(page, 'the profile page with a photo');

    await page.reload();
    await expect(photo).toHaveAttribute('src', srcAfter ?? '');
  } finally {
    // Rani as the other tests know her, through the API the page uses.
    const { name, birthday, gender } = before.data;
    expect((await page.request.put(profileApi, { data: { name, birthday, gender } })).ok()).toBe(true);
    expect((await page.request.delete(`${profileApi}/photo`)).status()).toBe(204);
  }
});
