import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@kartu/core/constants';
import { type TestApp, merchantIdOf, useTestApp } from '../../test/test-app.ts';
import { newProgram } from '../cards/cards.test-support.ts';
import { programs } from '../programs/programs.table.ts';
import { setProgramCardArt } from '../programs/programs.service.ts';
import { imageView, setMerchantImage, storeImage } from './images.service.ts';
import { images, imageVariants } from './images.table.ts';
import { hugeHeaderPicture, storedTestImage, testPicture } from './media.test-support.ts';

let testApp: TestApp;
let merchantId: number;
useTestApp((made) => ({ testApp, merchantId } = made));

/** The sizes of a picture the test app keeps in the database (its FILE_STORAGE is `database`). */
async function variantsOf(imageId: string) {
  const rows = await testApp.db.select().from(imageVariants).where(eq(imageVariants.imageId, imageId)).orderBy(asc(imageVariants.width));
  return rows.map(({ bytes, ...row }) => {
    if (!bytes) throw new Error('A size kept outside the database');
    return { ...row, bytes };
  });
}

async function imageCount(): Promise<number> {
  const [row] = await testApp.db.select({ value: count() }).from(images);
  return row?.value ?? 0;
}

/** A picture of three upright stripes, left to right: red, green and blue. */
async function stripes(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let x = 0; x < width; x += 1) {
    const channel = Math.min(2, Math.floor((x * 3) / width));
    for (let y = 0; y < height; y += 1) pixels[(y * width + x) * 3 + channel] = 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

describe('storeImage', () => {
  it.each([
    ['card-art', [[343, 216], [686, 433]]],
    ['banner', [[480, 270], [960, 540]]],
    ['icon', [[64, 64], [128, 128]]],
  ] as const)('makes %s in the sizes the app draws it at, as WebP without metadata', async (purpose, sizes) => {
    const bytes = await sharp(await testPicture({ width: 1400, height: 1000, format: 'jpeg' }))
      .withMetadata({ exif: { IFD0: { Copyright: 'Kopi Senja' } } })
      .toBuffer();
    const image = await storeImage({ db: testApp.db, merchantId, purpose, bytes });
    expect(image).toMatchObject({ merchantId, purpose, width: sizes[1][0], height: sizes[1][1] });
    const variants = await variantsOf(image.id);
    expect(variants.map((variant) => [variant.width, variant.height])).toEqual(sizes);
    for (const variant of variants) {
      const decoded = await sharp(variant.bytes).metadata();
      expect(decoded).toMatchObject({ format: 'webp', width: variant.width, height: variant.height });
      expect(decoded.exif).toBeUndefined();
      expect(variant).toMatchObject({ contentType: 'image/webp', byteLength: variant.bytes.length });
    }
  });

  it('crops a picture of another shape to cover the size, never squashing it', async () => {
    const image = await storeImage({ db: testApp.db, merchantId, purpose: 'icon', bytes: await stripes(600, 200) });
    for (const variant of await variantsOf(image.id)) {
      const { data, info } = await sharp(variant.bytes).raw().toBuffer({ resolveWithObject: true });
      // A square icon keeps the middle stripe: its corners are green, with no red or blue.
      for (const [x, y] of [[1, 1], [info.width - 2, 1], [1, info.height - 2], [info.width - 2, info.height - 2]] as const) {
        const at = (y * info.width + x) * info.channels;
        expect([data[at], data[at + 1], data[at + 2]].map((value) => Math.round((value ?? 0) / 255))).toEqual([0, 1, 0]);
      }
    }
  });

  it('turns a picture upright by its EXIF orientation before measuring it', async () => {
    // Stored 500 wide and 1000 high, shown turned a quarter: 1000 wide, wide enough for both sizes.
    const bytes = await sharp(await testPicture({ width: 500, height: 1000, format: 'jpeg' }))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await storeImage({ db: testApp.db, merchantId, purpose: 'card-art', bytes });
    expect((await variantsOf(image.id)).map((variant) => variant.width)).toEqual([343, 686]);
  });

  it('makes no size larger than the picture', async () => {
    const image = await storeImage({ db: testApp.db, merchantId, purpose: 'card-art', bytes: await testPicture({ width: 500, height: 400 }) });
    expect(image).toMatchObject({ width: 343, height: 216 });
    expect((await variantsOf(image.id)).map((variant) => variant.width)).toEqual([343]);
  });

  it('takes PNG and WebP as well as JPEG', async () => {
    for (const format of ['png', 'webp'] as const) {
      const image = await storeImage({ db: testApp.db, merchantId, purpose: 'icon', bytes: await testPicture({ width: 200, height: 200, format }) });
      expect(await variantsOf(image.id)).toHaveLength(2);
    }
  });

  it.each([
    ['bytes that are no picture', 'UNSUPPORTED_MEDIA_TYPE', 'invalid_format', 'This is not a JPEG, PNG or WebP image', async () => Buffer.from('a note, not a picture')],
    ['a GIF', 'UNSUPPORTED_MEDIA_TYPE', 'invalid_format', 'GIF images are not accepted', async () => testPicture({ width: 800, height: 600, format: 'gif' })],
    ['a picture too small for the card', 'UNPROCESSABLE', 'too_small', 'too small: at least 343x216', async () => testPicture({ width: 342, height: 600 })],
    ['a picture too low for the card', 'UNPROCESSABLE', 'too_small', 'too small: at least 343x216', async () => testPicture({ width: 800, height: 215 })],
    ['a file over 10 MB', 'PAYLOAD_TOO_LARGE', 'too_big', 'larger than 10 MB', async () => Buffer.concat([await testPicture({ width: 800, height: 600 }), Buffer.alloc(IMAGE_MAX_BYTES)])],
    ['a picture of over 40 million pixels', 'PAYLOAD_TOO_LARGE', 'too_big', 'more than 40 million pixels', async () => testPicture({ width: 8000, height: 5001 })],
    ['a PNG whose header claims 400 million pixels', 'PAYLOAD_TOO_LARGE', 'too_big', 'more than 40 million pixels', async () => hugeHeaderPicture('png')],
    ['a JPEG whose header claims 400 million pixels', 'PAYLOAD_TOO_LARGE', 'too_big', 'more than 40 million pixels', async () => hugeHeaderPicture('jpeg')],
  ])('refuses %s with %s, and stores nothing', async (_case, code, rule, message, bytes) => {
    const before = await imageCount();
    const refused = storeImage({ db: testApp.db, merchantId, purpose: 'card-art', bytes: await bytes() });
    await expect(refused).rejects.toMatchObject({ code, message: expect.stringContaining(message), details: [{ field: 'image', rule }] });
    expect(await imageCount()).toBe(before);
  });
});

describe('imageView', () => {
  it('lays the picture out at its smallest size and offers every size by width', () => {
    const view = imageView('6f1c2d3e-0000-4000-8000-000000000009', [
      { width: 686, height: 433 },
      { width: 343, height: 216 },
    ]);
    expect(view).toEqual({
      src: '/media/6f1c2d3e-0000-4000-8000-000000000009/343.webp',
      srcSet: '/media/6f1c2d3e-0000-4000-8000-000000000009/343.webp 343w, /media/6f1c2d3e-0000-4000-8000-000000000009/686.webp 686w',
      width: 343,
      height: 216,
    });
    expect(imageView('6f1c2d3e-0000-4000-8000-000000000009', [])).toBeNull();
  });
});

describe('setting and clearing pictures', () => {
  it("sets a program's card art and clears it", async () => {
    const program = await newProgram(testApp, merchantId);
    const image = await storedTestImage(testApp, { merchantId });
    await setProgramCardArt({ db: testApp.db, merchantId, programId: program.id, imageId: image.id });
    const cardArtOf = async () => (await testApp.db.select().from(programs).where(eq(programs.id, program.id)))[0]?.cardArtImageId;
    expect(await cardArtOf()).toBe(image.id);
    await setProgramCardArt({ db: testApp.db, merchantId, programId: program.id, imageId: null });
    expect(await cardArtOf()).toBeNull();
  });

  it("refuses another merchant's program or picture, and a picture made for another purpose", async () => {
    const lumina = await merchantIdOf(testApp.db, 'LUMINABEAUTY');
    const program = await newProgram(testApp, merchantId);
    const theirs = await storedTestImage(testApp, { merchantId: lumina });
    const ours = await storedTestImage(testApp, { merchantId });
    const icon = await storedTestImage(testApp, { merchantId, purpose: 'icon' });
    const set = (options: { merchantId?: number; programId?: string; imageId: string }) => setProgramCardArt({ db: testApp.db, merchantId, programId: program.id, ...options });
    await expect(set({ merchantId: lumina, imageId: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Program not found' });
    await expect(set({ programId: 'not-a-uuid', imageId: ours.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Program not found' });
    await expect(set({ imageId: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Image not found' });
    await expect(set({ imageId: icon.id })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    const purposes: Array<'banner' | 'icon'> = ['banner', 'icon'];
    for (const purpose of purposes) {
      await expect(setMerchantImage({ db: testApp.db, merchantId, purpose, imageId: ours.id })).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    }
    const [row] = await testApp.db.select().from(programs).where(eq(programs.id, program.id));
    expect(row?.cardArtImageId).toBeNull();
  });
});
