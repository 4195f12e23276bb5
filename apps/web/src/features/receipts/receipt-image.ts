import { receiptContentTypes } from '@kartu/contracts';
import { IMAGE_MAX_BYTES } from '@kartu/core/constants';

export type ReceiptImageProblem = 'type' | 'tooLarge';

export type ReceiptImageCheck = { image: Blob; problem: null } | { image: null; problem: ReceiptImageProblem };

type ReceiptContentType = (typeof receiptContentTypes)[number];

const typeOfExtension: Readonly<Record<string, ReceiptContentType>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

const isReceiptType = (type: string): type is ReceiptContentType => (receiptContentTypes as readonly string[]).includes(type);

/**
 * spec: business-rules §5: a receipt is a .png, .jpg or .jpeg image of at most 10 MB, checked
 * before any byte leaves the phone. A file the browser gives no type (some file pickers do) is
 * known by its name, and sent with the type its name says: the server reads the Content-Type.
 */
export function checkReceiptImage(file: File): ReceiptImageCheck {
  const extension = /\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const type = file.type === '' ? typeOfExtension[extension] : isReceiptType(file.type) ? file.type : undefined;
  if (type === undefined) return { image: null, problem: 'type' };
  if (file.size > IMAGE_MAX_BYTES) return { image: null, problem: 'tooLarge' };
  return { image: type === file.type ? file : new File([file], file.name, { type }), problem: null };
}
