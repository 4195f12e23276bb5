import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQrDecoder, drawnSize, FRAME_MAX_WIDTH, PHOTO_MAX_WIDTH, sourceSize, type JsQr } from './qr-decoder.ts';

/** A browser's BarcodeDetector that sees `text` (or nothing) in every source. */
function detectorSeeing(text: string | null) {
  const detect = vi.fn(async () => (text === null ? [] : [{ rawValue: text }]));
  const made = vi.fn();
  class FakeDetector {
    constructor(options: { formats: string[] }) {
      made(options);
    }
    detect = detect;
  }
  return { Detector: FakeDetector, detect, made };
}

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** jsdom draws nothing: a 2D context that hands back blank pixels of the size asked for. */
function stubCanvasContext() {
  const drawImage = vi.fn();
  const context = { drawImage, getImageData: (_x: number, _y: number, width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4), width, height }) };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
  return { drawImage };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('drawnSize', () => {
  it('keeps a frame no wider than the limit as it is', () => {
    expect(drawnSize({ width: 640, height: 480 }, FRAME_MAX_WIDTH)).toEqual({ width: 640, height: 480 });
    expect(drawnSize({ width: 320, height: 240 }, FRAME_MAX_WIDTH)).toEqual({ width: 320, height: 240 });
  });

  it('scales a wider frame down to the limit, keeping its proportions', () => {
    expect(drawnSize({ width: 1920, height: 1080 }, FRAME_MAX_WIDTH)).toEqual({ width: 640, height: 360 });
    expect(drawnSize({ width: 4000, height: 3000 }, PHOTO_MAX_WIDTH)).toEqual({ width: 1280, height: 960 });
  });

  it('gives a frame not yet playing no size', () => {
    expect(drawnSize({ width: 0, height: 0 }, FRAME_MAX_WIDTH)).toEqual({ width: 0, height: 0 });
  });
});

describe('sourceSize', () => {
  it('reads a video by its frame, a canvas or a bitmap by its own size', () => {
    const video = document.createElement('video');
    Object.defineProperty(video, 'videoWidth', { value: 1280 });
    Object.defineProperty(video, 'videoHeight', { value: 720 });
    expect(sourceSize(video)).toEqual({ width: 1280, height: 720 });
    expect(sourceSize(canvasOf(300, 200))).toEqual({ width: 300, height: 200 });
  });
});

describe('createQrDecoder', () => {
  it('reads with the browser’s detector when there is one, and never loads jsQR', async () => {
    const { Detector, detect, made } = detectorSeeing('https://kartu.test/qrcode-scanner?code=E1');
    const loadJsQr = vi.fn<() => Promise<JsQr>>();
    const decoder = createQrDecoder({ detector: Detector, loadJsQr });
    expect(decoder.engine).toBe('detector');
    const canvas = canvasOf(640, 480);
    expect(await decoder.decode(canvas)).toBe('https://kartu.test/qrcode-scanner?code=E1');
    expect(made).toHaveBeenCalledWith({ formats: ['qr_code'] });
    expect(detect).toHaveBeenCalledWith(canvas);
    expect(loadJsQr).not.toHaveBeenCalled();
  });

  it('answers null when the detector sees nothing or refuses the source', async () => {
    expect(await createQrDecoder({ detector: detectorSeeing(null).Detector }).decode(canvasOf(10, 10))).toBeNull();
    const refusing = detectorSeeing('x');
    refusing.detect.mockRejectedValueOnce(new DOMException('No frame yet', 'InvalidStateError'));
    expect(await createQrDecoder({ detector: refusing.Detector }).decode(canvasOf(10, 10))).toBeNull();
  });

  it('falls back to jsQR where the detector cannot be built', () => {
    class NoQrDetector {
      constructor() {
        throw new TypeError('qr_code is not supported');
      }
      detect = vi.fn();
    }
    expect(createQrDecoder({ detector: NoQrDetector, loadJsQr: vi.fn() }).engine).toBe('jsqr');
  });

  it('without a detector, loads jsQR on the first frame only, and reads the frame drawn at most 640 wide', async () => {
    const { drawImage } = stubCanvasContext();
    const read = vi.fn<JsQr>(() => null);
    read.mockReturnValueOnce(null).mockReturnValueOnce({ data: 'CARD-6012345678901234' } as ReturnType<JsQr>);
    const loadJsQr = vi.fn(async () => read);
    const decoder = createQrDecoder({ detector: null, loadJsQr });
    expect(decoder.engine).toBe('jsqr');
    expect(loadJsQr).not.toHaveBeenCalled();

    const frame = canvasOf(1920, 1080);
    expect(await decoder.decode(frame)).toBeNull();
    expect(await decoder.decode(frame)).toBe('CARD-6012345678901234');
    expect(loadJsQr).toHaveBeenCalledTimes(1);
    expect(drawImage).toHaveBeenCalledWith(frame, 0, 0, 640, 360);
    expect(read).toHaveBeenCalledWith(expect.any(Uint8ClampedArray), 640, 360, { inversionAttempts: 'dontInvert' });
  });

  it('reads a photo larger and in both contrasts', async () => {
    stubCanvasContext();
    const read = vi.fn<JsQr>(() => null);
    const decoder = createQrDecoder({ detector: null, loadJsQr: async () => read });
    expect(await decoder.decode(canvasOf(4000, 3000), { photo: true })).toBeNull();
    expect(read).toHaveBeenCalledWith(expect.any(Uint8ClampedArray), 1280, 960, { inversionAttempts: 'attemptBoth' });
  });

  it('reads nothing from a video with no frame yet, without loading jsQR', async () => {
    const loadJsQr = vi.fn<() => Promise<JsQr>>();
    const decoder = createQrDecoder({ detector: null, loadJsQr });
    expect(await decoder.decode(document.createElement('video'))).toBeNull();
    expect(loadJsQr).not.toHaveBeenCalled();
  });

  it('asks for jsQR again after its download failed', async () => {
    stubCanvasContext();
    const read = vi.fn<JsQr>(() => ({ data: 'OK' }) as ReturnType<JsQr>);
    const loadJsQr = vi.fn<() => Promise<JsQr>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(read);
    const decoder = createQrDecoder({ detector: null, loadJsQr });
    await expect(decoder.decode(canvasOf(100, 100))).rejects.toThrow('Failed to fetch');
    expect(await decoder.decode(canvasOf(100, 100))).toBe('OK');
    expect(loadJsQr).toHaveBeenCalledTimes(2);
  });
});
