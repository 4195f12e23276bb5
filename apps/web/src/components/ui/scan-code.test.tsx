import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ScanCode, groupedCode, type ScanCodeLabels } from './scan-code.tsx';

const labels: ScanCodeLabels = {
  qr: 'QR code of voucher H7KQM3PX9ABC',
  barcode: 'Barcode of voucher H7KQM3PX9ABC',
  code: 'Voucher code',
  showBigger: 'Show bigger',
  close: 'Close',
  title: 'Kopi Susu',
  hint: 'Turn your screen brightness up.',
};

/** A stand-in for the browser's screen wake lock: counts what is asked for and let go. */
function stubWakeLock() {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
  const request = vi.fn(async (type: string) => {
    if (type !== 'screen') throw new Error('only screen locks');
    const sentinel = {
      released: false,
      release: vi.fn(async () => {
        sentinel.released = true;
      }),
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, sentinels };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('ScanCode', () => {
  it('groups a long code by four for reading aloud, and leaves a short one whole', () => {
    expect(groupedCode('H7KQM3PX9ABC')).toBe('H7KQ M3PX 9ABC');
    expect(groupedCode('AB12')).toBe('AB12');
  });

  it('keeps the screen on while the code shows, asks again when the page comes back, and lets go when it leaves', async () => {
    const { request, sentinels } = stubWakeLock();
    const { unmount } = render(<ScanCode value="H7KQM3PX9ABC" labels={labels} />);
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(request).toHaveBeenCalledWith('screen');

    // The browser drops the lock while the page is hidden.
    await act(async () => {
      sentinels[0]!.released = true;
      setVisibility('hidden');
    });
    expect(request).toHaveBeenCalledTimes(1);
    await act(async () => setVisibility('visible'));
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));

    unmount();
    expect(sentinels[1]!.release).toHaveBeenCalledTimes(1);
  });

  it('shows the code without complaint where the browser has no wake lock, or refuses it', async () => {
    render(<ScanCode value="H7KQM3PX9ABC" labels={labels} />);
    expect(screen.getByRole('img', { name: labels.qr })).toBeInTheDocument();

    Object.defineProperty(navigator, 'wakeLock', { value: { request: vi.fn(() => Promise.reject(new DOMException('Battery saver', 'NotAllowedError'))) }, configurable: true });
    render(<ScanCode value="K7QM3PX9ABCDE" labels={{ ...labels, qr: 'QR code of card K7QM3PX9ABCDE' }} />);
    expect(await screen.findByRole('img', { name: 'QR code of card K7QM3PX9ABCDE' })).toBeInTheDocument();
  });
});
