import sharp, { type Metadata } from 'sharp';
import type { ErrorCode } from '@kartu/contracts';
import { IMAGE_MAX_MB } from '@kartu/core/constants';
import { AppError } from '../../lib/app-error.ts';
import { imageInputLimits, imageSizes, variantContentType, variantQuality, type VariantSize } from './image-sizes.ts';
import type { ImagePurpose } from './images.table.ts';

export interface ResizedVariant extends VariantSize {
  contentType: string;
  bytes: Buffer;
}

/** A picture checked and made in the sizes of its purpose; `width` and `height` are the largest variant's. */
export interface ResizedImage {
  width: number;
  height: number;
  variants: ResizedVariant[];
}

const accepted = 'a JPEG, PNG or WebP image';
const megapixels = imageInputLimits.maxPixels / 1_000_000;

// Turned upright by its EXIF orientation; a picture the decoder finds damaged is refused, not half drawn.
const inputOptions = { autoOrient: true, limitInputPixels: imageInputLimits.maxPixels, failOn: 'error' } as const;

function refused(code: ErrorCode, rule: string, message: string): AppError {
  return new AppError(code, { message, details: [{ field: 'image', rule, message }] });
}

const unreadable = () => refused('UNSUPPORTED_MEDIA_TYPE', 'invalid_format', `This is not ${accepted}`);

/** The picture's format and upright size, read from its header without decoding its pixels. */
async function readHeader(bytes: Buffer): Promise<Metadata> {
  if (bytes.length > imageInputLimits.maxBytes) throw refused('PAYLOAD_TOO_LARGE', 'too_big', `The image is larger than ${IMAGE_MAX_MB} MB`);
  try {
    // Without any pixel limit, sharp's own included, which would make a huge picture look
    // unreadable: only the header is read here, and the size is checked next.
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
}

/** The variants a picture of this size can fill: none is enlarged, since that adds bytes and no detail. */
function variantsFor(purpose: ImagePurpose, { width, height }: { width: number; height: number }): VariantSize[] {
  const { variants } = imageSizes[purpose];
  const fitting = variants.filter((size) => size.width <= width && size.height <= height);
  if (fitting.length === 0) {
    const smallest = variants[0];
    throw refused('UNPROCESSABLE', 'too_small', `The image is too small: at least ${smallest?.width}x${smallest?.height} pixels`);
  }
  return fitting;
}

/** The upright size of an uploaded picture in a format the app takes and within its pixel limit; refused otherwise. */
async function acceptedSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const header = await readHeader(bytes);
  const format: string = header.format;
  if (!imageInputLimits.formats.some((known) => known === format)) {
    throw refused('UNSUPPORTED_MEDIA_TYPE', 'invalid_format', `${format.toUpperCase()} images are not accepted: give ${accepted}`);
  }
  const upright = header.autoOrient;
  if (upright.width * upright.height > imageInputLimits.maxPixels) {
    throw refused('PAYLOAD_TOO_LARGE', 'too_big', `The image has more than ${megapixels} million pixels`);
  }
  return upright;
}

/**
 * Checks an uploaded picture (size, format, pixels) and makes it in every size of its purpose, as
 * WebP without metadata. The crop is chosen once, on the largest variant, and the smaller ones are
 * made from it, so every size shows the same part of the picture.
 */
export async function resizeImage({ purpose, bytes }: { purpose: ImagePurpose; bytes: Buffer }): Promise<ResizedImage> {
  const upright = await acceptedSize(bytes);
  const sizes = variantsFor(purpose, upright);
  const largest = sizes.at(-1) ?? upright;
  try {
    const base = await sharp(bytes, inputOptions)
      .resize(largest.width, largest.height, { fit: 'cover', position: imageSizes[purpose].position })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels, premultiplied } = base.info;
    const variants = await Promise.all(
      sizes.map(async (size) => ({
        ...size,
        contentType: variantContentType,
        bytes: await sharp(base.data, { raw: { width, height, channels, premultiplied } })
          .resize(size.width, size.height, { fit: 'cover' })
          .webp({ quality: variantQuality })
          .toBuffer(),
      })),
    );
    return { width: largest.width, height: largest.height, variants };
  } catch {
    throw unreadable();
  }
}

/** A picture checked like an upload and re-encoded once, no larger than the box it must fit in. */
export interface FittedImage {
  width: number;
  height: number;
  contentType: string;
  bytes: Buffer;
}

/**
 * Checks an uploaded picture (size, format, pixels) and re-encodes it as WebP without metadata,
 * shrunk to fit `maxSide` when larger and never enlarged, keeping its shape: for a picture read
 * whole (a receipt), not cropped into a layout's sizes.
 */
export async function fitImage({ bytes, maxSide }: { bytes: Buffer; maxSide: number }): Promise<FittedImage> {
  await acceptedSize(bytes);
  try {
    const { data, info } = await sharp(bytes, inputOptions)
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: variantQuality })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, contentType: variantContentType, bytes: data };
  } catch {
    throw unreadable();
  }
}
