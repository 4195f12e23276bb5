import sharp from 'sharp';
import type { TestApp } from '../../test/test-app.ts';
import { storeImage } from './images.service.ts';
import type { ImagePurpose, ImageRow } from './images.table.ts';

// Shared steps of the picture tests: pictures made in memory, and pictures stored for a merchant.

/** A picture of one colour, made in memory in the given format. */
export async function testPicture({
  width,
  height,
  format = 'png',
  background = '#c0562a',
}: {
  width: number;
  height: number;
  format?: 'png' | 'jpeg' | 'webp' | 'gif';
  background?: string;
}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A picture stored for the merchant, large enough for every size of its purpose. */
export async function storedTestImage(testApp: TestApp, { merchantId, purpose = 'card-art' }: { merchantId: number; purpose?: ImagePurpose }): Promise<ImageRow> {
  const bytes = await testPicture({ width: 1200, height: 800, format: 'jpeg' });
  return storeImage({ db: testApp.db, merchantId, purpose, bytes });
}

/** What an answer carries of a stored card-art picture: laid out at 343x216, offered at 2x too. */
export function cardArtView(imageId: string) {
  return { src: `/media/${imageId}/343.webp`, srcSet: `/media/${imageId}/343.webp 343w, /media/${imageId}/686.webp 686w`, width: 343, height: 216 };
}
