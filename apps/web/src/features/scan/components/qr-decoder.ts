import type jsQRFunction from 'jsqr';

/*
 * Reading a QR code from a camera frame or a photo. The browser's own detector (Shape Detection
 * API) when it has one; otherwise jsQR on the frame drawn to a canvas. jsQR loads on its first use
 * only, so it is a chunk of its own and browsers with a detector never download it.
 */

export type QrSource = ImageBitmap | HTMLVideoElement | HTMLCanvasElement;
export type JsQr = typeof jsQRFunction;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: QrSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Frames wider than this are drawn smaller before jsQR reads them: a camera frame's QR code stays readable, and the work stays small. */
export const FRAME_MAX_WIDTH = 640;
/** A photo is read once, so it may be read larger: a code that fills little of a 12-megapixel photo keeps enough pixels a module. */
export const PHOTO_MAX_WIDTH = 1280;

/** The Shape Detection API is not in TypeScript's DOM library yet, and not in every browser. */
function barcodeDetectorConstructor(): BarcodeDetectorConstructor | null {
  const candidate: unknown = Reflect.get(globalThis, 'BarcodeDetector');
  return typeof candidate === 'function' ? (candidate as BarcodeDetectorConstructor) : null;
}

/** A source's own size in pixels: a video's frame before it plays is 0 × 0. */
export function sourceSize(source: QrSource): { width: number; height: number } {
  if (typeof HTMLVideoElement !== 'undefined' && source instanceof HTMLVideoElement) return { width: source.videoWidth, height: source.videoHeight };
  return { width: source.width, height: source.height };
}

/** The size to draw a source at: its own, or scaled down to `maxWidth` keeping its proportions (never up). */
export function drawnSize(size: { width: number; height: number }, maxWidth: number): { width: number; height: number } {
  if (size.width <= maxWidth) return { width: size.width, height: size.height };
  const scale = maxWidth / size.width;
  return { width: maxWidth, height: Math.max(1, Math.round(size.height * scale)) };
}

const loadJsQrModule = (): Promise<JsQr> => import('jsqr').then((module) => module.default);

export interface QrDecoder {
  /** Which way codes are read: the browser's detector, or jsQR. */
  readonly engine: 'detector' | 'jsqr';
  /**
   * The text of the first QR code seen in the source, or null when there is none (or it cannot be
   * read yet). `photo`: a still image, read once, larger and in both contrasts.
   */
  decode(source: QrSource, options?: { photo?: boolean }): Promise<string | null>;
}

export interface QrDecoderOptions {
  /** How jsQR is fetched; tests pass their own to see that it is not. */
  loadJsQr?: () => Promise<JsQr>;
  /** The detector's constructor, when the browser has one. */
  detector?: BarcodeDetectorConstructor | null;
}

/** A decoder for one scanner: it keeps its detector, or its canvas and jsQR, between frames. */
export function createQrDecoder({ loadJsQr = loadJsQrModule, detector = barcodeDetectorConstructor() }: QrDecoderOptions = {}): QrDecoder {
  const nativeDetector = detector ? newDetector(detector) : null;
  if (nativeDetector) {
    return {
      engine: 'detector',
      decode: async (source) => {
        // A video with no frame yet, or a closed bitmap, is refused: nothing is read this time.
        const codes = await nativeDetector.detect(source).catch((): DetectedBarcode[] => []);
        return codes.find((code) => code.rawValue !== '')?.rawValue ?? null;
      },
    };
  }

  let jsQr: Promise<JsQr> | null = null;
  let canvas: HTMLCanvasElement | null = null;
  return {
    engine: 'jsqr',
    decode: async (source, { photo = false } = {}) => {
      const { width, height } = drawnSize(sourceSize(source), photo ? PHOTO_MAX_WIDTH : FRAME_MAX_WIDTH);
      if (width === 0 || height === 0) return null;
      // A chunk that failed to download is asked for again on the next frame.
      jsQr ??= loadJsQr().catch((error: unknown) => {
        jsQr = null;
        throw error;
      });
      const read = await jsQr;
      canvas ??= document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return null;
      context.drawImage(source, 0, 0, width, height);
      const pixels = context.getImageData(0, 0, width, height);
      // Codes are dark on light; a photo may hold a light-on-dark one. A live frame skips that second pass for speed.
      const code = read(pixels.data, width, height, { inversionAttempts: photo ? 'attemptBoth' : 'dontInvert' });
      return code && code.data !== '' ? code.data : null;
    },
  };
}

/** Some browsers have the constructor without QR support and refuse to build one: jsQR reads instead. */
function newDetector(Detector: BarcodeDetectorConstructor): BarcodeDetectorLike | null {
  try {
    return new Detector({ formats: ['qr_code'] });
  } catch {
    return null;
  }
}
