import { vi } from 'vitest';
import type { ScanEarn, UniqueCodeClaim } from '@kartu/contracts';

/*
 * The browser pieces a scanner uses, for tests: jsdom has no camera, no BarcodeDetector and no
 * createImageBitmap. Each stand-in is put back by `restoreScanDevices` (the test files share one window).
 */

export const scanCardId = 'card00000000000000000001';

export interface FakeCamera {
  getUserMedia: ReturnType<typeof vi.fn>;
  stop: ReturnType<typeof vi.fn>;
  applyConstraints: ReturnType<typeof vi.fn>;
}

/** A rear camera that starts (or refuses with `refuse`, a DOMException name), with a torch when asked. */
export function fakeCamera({ torch = false, refuse }: { torch?: boolean; refuse?: string } = {}): FakeCamera {
  const stop = vi.fn();
  const applyConstraints = vi.fn(async () => undefined);
  const track = { kind: 'video', stop, applyConstraints, getCapabilities: () => (torch ? { torch: true } : {}) };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  const getUserMedia = vi.fn(async () => {
    if (refuse) throw new DOMException('The camera was refused', refuse);
    return stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  // jsdom has no media playback; a browser's play() settles once frames flow.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return { getUserMedia, stop, applyConstraints };
}

/** A browser with a BarcodeDetector that sees what `show` last put in front of it. */
export function fakeBarcodeDetector() {
  let inView: string | null = null;
  const detect = vi.fn(async () => (inView === null ? [] : [{ rawValue: inView }]));
  class FakeBarcodeDetector {
    detect = detect;
  }
  vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
  return {
    detect,
    show: (text: string | null) => {
      inView = text;
    },
  };
}

/** Photos open as bitmaps of their own size; closing them is recorded. */
export function fakeImageBitmaps() {
  const close = vi.fn();
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 1200, height: 900, close })),
  );
  return { close };
}

export function restoreScanDevices(): void {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

export function earnOf(overrides: Partial<ScanEarn> = {}): ScanEarn {
  return { cardId: scanCardId, programName: 'Kopi Senja Rewards', unit: 'POINT', earned: 120, balance: 1_370, ...overrides };
}

export function claimOf(overrides: Partial<UniqueCodeClaim> = {}): UniqueCodeClaim {
  return {
    id: '1f0e3dad-9990-4c4f-8b8e-1d5f2c2a7b10',
    cardId: scanCardId,
    programName: 'Kopi Senja Rewards',
    unit: 'POINT',
    points: 50,
    status: 'success',
    rewardAt: '2026-03-10T03:00:00.000Z',
    claimedAt: '2026-03-10T03:00:00.000Z',
    ...overrides,
  };
}
