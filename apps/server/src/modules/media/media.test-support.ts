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

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A small picture whose header claims `size` × `size` pixels, as a picture too large to decode would
 * have it: what an upload is checked against before any pixel is read.
 */
export async function hugeHeaderPicture(format: 'png' | 'jpeg', size = 20_000): Promise<Buffer> {
  const bytes = Buffer.from(await testPicture({ width: 8, height: 8, format }));
  if (format === 'png') {
    // IHDR follows the 8-byte signature: length, type, then width and height, and its CRC.
    bytes.writeUInt32BE(size, 16);
    bytes.writeUInt32BE(size, 20);
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    return bytes;
  }
  // The baseline frame header (SOF0): marker, length, precision, then height and width.
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(size, frame + 5);
  bytes.writeUInt16BE(size, frame + 7);
  return bytes;
}

