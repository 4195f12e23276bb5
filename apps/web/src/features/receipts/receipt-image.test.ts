import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@kartu/core/constants';
import { checkReceiptImage } from './receipt-image.ts';

const fileOf = (name: string, type: string, size = 1024) => new File([new Uint8Array(size)], name, { type });

describe('checkReceiptImage', () => {
  it('takes a JPEG or PNG up to 10 MB as it is', () => {
    const jpeg = fileOf('receipt.jpg', 'image/jpeg', IMAGE_MAX_BYTES);
    expect(checkReceiptImage(jpeg)).toEqual({ image: jpeg, problem: null });
    const png = fileOf('receipt.png', 'image/png');
    expect(checkReceiptImage(png).image).toBe(png);
  });

  it('refuses another type, whatever its name says, and a byte over 10 MB', () => {
    expect(checkReceiptImage(fileOf('receipt.jpg', 'image/webp')).problem).toBe('type');
    expect(checkReceiptImage(fileOf('receipt.heic', 'image/heic')).problem).toBe('type');
    expect(checkReceiptImage(fileOf('receipt.pdf', 'application/pdf')).problem).toBe('type');
    expect(checkReceiptImage(fileOf('receipt.png', 'image/png', IMAGE_MAX_BYTES + 1)).problem).toBe('tooLarge');
  });

  it('knows a file the browser gave no type by its .png, .jpg or .jpeg name, and sends it with that type', () => {
    expect(checkReceiptImage(fileOf('RECEIPT.JPEG', ''))).toMatchObject({ image: { type: 'image/jpeg', name: 'RECEIPT.JPEG' }, problem: null });
    expect(checkReceiptImage(fileOf('receipt.png', '')).image?.type).toBe('image/png');
    expect(checkReceiptImage(fileOf('receipt', '')).problem).toBe('type');
    expect(checkReceiptImage(fileOf('receipt.gif', '')).problem).toBe('type');
  });
});
