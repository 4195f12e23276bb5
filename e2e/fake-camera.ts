import { writeFileSync } from 'node:fs';
import qrcode from 'qrcode-generator';

/*
 * A camera for browser tests that films a QR code: Chromium's fake capture device plays a Y4M file
 * (YUV4MPEG2) in a loop, and the page's getUserMedia gets it as the rear camera. The code is drawn
 * black on white with the standard quiet zone, at least 8 pixels a module, so jsQR (or a
 * BarcodeDetector) reads it from the first frame.
 */

const QUIET_ZONE_MODULES = 4;
const MIN_MODULE_PIXELS = 8;
const FRAMES_PER_SECOND = 10;
const FRAME_COUNT = 10;
const WHITE = 255;
const BLACK = 0;
/** Chroma of grey: black and white carry no colour. */
const NEUTRAL_CHROMA = 128;

/** A frame at least 640 × 480, grown (4:3, even sides for 4:2:0) when the code needs more room. */
function frameSize(modules: number): { width: number; height: number } {
  const needed = (modules + QUIET_ZONE_MODULES * 2) * MIN_MODULE_PIXELS;
  const height = Math.max(480, Math.ceil(needed / 2) * 2);
  return { width: Math.max(640, Math.ceil((height * 4) / 3 / 2) * 2), height };
}

/** The luma plane of one frame: the QR code centred, each module a square of whole pixels. */
function lumaOf(text: string): { width: number; height: number; luma: Buffer } {
  // 'M' as the app's own codes (components/ui/qr-code.tsx); the type number grows with the text.
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const modules = code.getModuleCount();
  const { width, height } = frameSize(modules);
  const modulePixels = Math.floor(height / (modules + QUIET_ZONE_MODULES * 2));
  const side = modules * modulePixels;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, WHITE);
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      if (!code.isDark(row, col)) continue;
      for (let y = 0; y < modulePixels; y += 1) {
        const start = (top + row * modulePixels + y) * width + left + col * modulePixels;
        luma.fill(BLACK, start, start + modulePixels);
      }
    }
  }
  return { width, height, luma };
}

/** The Y4M video of `text`'s QR code: 4:2:0 planar frames (C420jpeg), progressive, square pixels. */
export function qrCodeVideo(text: string): Buffer {
  const { width, height, luma } = lumaOf(text);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, NEUTRAL_CHROMA);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${FRAMES_PER_SECOND}:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frameMark = Buffer.from('FRAME\n', 'ascii');
  const frames = Array.from({ length: FRAME_COUNT }, () => [frameMark, luma, chroma]).flat();
  return Buffer.concat([header, ...frames]);
}

/**
 * Writes the video of `text`'s QR code to `file` and gives the Chromium switches that make it the
 * camera, with the permission prompt answered yes. Add them to the project's own (chromium-args.json).
 */
export function fakeCameraArgs(text: string, file: string): string[] {
  writeFileSync(file, qrCodeVideo(text));
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
}
