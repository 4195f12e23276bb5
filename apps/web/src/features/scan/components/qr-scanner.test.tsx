import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeBarcodeDetector, fakeCamera, fakeImageBitmaps, restoreScanDevices } from '../scan.test-support.ts';
import { QrScanner, SCAN_INTERVAL_MS } from './qr-scanner.tsx';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const photoOf = (name = 'code.png') => new File(['png'], name, { type: 'image/png' });

afterEach(() => {
  restoreScanDevices();
});

describe('QrScanner', () => {
  it('starts the rear camera, frames the code, and reports a code once while it stays in view', async () => {
    const camera = fakeCamera();
    const detector = fakeBarcodeDetector();
    const onCode = vi.fn();
    render(<QrScanner onCode={onCode} paused={false} />);
    expect(screen.getByRole('tab', { name: 'Camera', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Camera view for scanning a QR code')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Point the camera at a QR code and hold it inside the square.');
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });

    detector.show('KOPI-EARN-1');
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('KOPI-EARN-1'));
    await pause(SCAN_INTERVAL_MS * 3);
    expect(onCode).toHaveBeenCalledTimes(1);
    detector.show('KOPI-EARN-2');
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('KOPI-EARN-2'));
  });

  it('says what it aims at when the page gives a hint', async () => {
    fakeCamera();
    fakeBarcodeDetector();
    render(<QrScanner onCode={vi.fn()} paused={false} hint="Point the camera at the till." />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Point the camera at the till.'));
  });

  it('reads nothing while paused, and says the code is being checked', async () => {
    fakeCamera();
    const detector = fakeBarcodeDetector();
    const onCode = vi.fn();
    render(<QrScanner onCode={onCode} paused />);
    detector.show('KOPI-EARN-1');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Checking the code…'));
    await pause(SCAN_INTERVAL_MS * 3);
    expect(onCode).not.toHaveBeenCalled();
    expect(detector.detect).not.toHaveBeenCalled();
  });

  it('stops the camera when the scanner goes', async () => {
    const camera = fakeCamera();
    fakeBarcodeDetector();
    const { unmount } = render(<QrScanner onCode={vi.fn()} paused={false} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Point the camera'));
    unmount();
    expect(camera.stop).toHaveBeenCalled();
  });

  it('offers the torch where the camera has one, as a toggle', async () => {
    const camera = fakeCamera({ torch: true });
    fakeBarcodeDetector();
    render(<QrScanner onCode={vi.fn()} paused={false} />);
    const torch = await screen.findByRole('button', { name: 'Flashlight' });
    expect(torch).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(torch);
    expect(camera.applyConstraints).toHaveBeenCalledWith({ advanced: [{ torch: true }] });
    await waitFor(() => expect(torch).toHaveAttribute('aria-pressed', 'true'));
  });

  it('has no torch button where the camera has none', async () => {
    fakeCamera();
    fakeBarcodeDetector();
    render(<QrScanner onCode={vi.fn()} paused={false} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Point the camera'));
    expect(screen.queryByRole('button', { name: 'Flashlight' })).not.toBeInTheDocument();
  });

  it('says to allow the camera in settings when it is refused, and offers a photo', async () => {
    fakeCamera({ refuse: 'NotAllowedError' });
    render(<QrScanner onCode={vi.fn()} paused={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera access not allowed: enable it in settings');
    expect(screen.getByRole('tab', { name: 'Photo', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Photo of a QR code')).toHaveAttribute('accept', 'image/png,image/jpeg');
    expect(screen.getByLabelText('Photo of a QR code')).not.toHaveAttribute('capture');
  });

  it('says the camera could not start when it fails, and offers a photo', async () => {
    fakeCamera({ refuse: 'NotReadableError' });
    render(<QrScanner onCode={vi.fn()} paused={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The camera could not be started. Choose a photo of the QR code instead.');
    expect(screen.getByLabelText('Photo of a QR code')).toBeInTheDocument();
  });

  it('offers only a photo where the browser has no camera access at all', () => {
    render(<QrScanner onCode={vi.fn()} paused={false} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No camera can be used on this device. Choose a photo of the QR code instead.');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Photo of a QR code')).toBeInTheDocument();
  });

  it('stops the camera when the member switches to a photo', async () => {
    const camera = fakeCamera();
    fakeBarcodeDetector();
    render(<QrScanner onCode={vi.fn()} paused={false} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Point the camera'));
    await userEvent.click(screen.getByRole('tab', { name: 'Photo' }));
    expect(camera.stop).toHaveBeenCalled();
    expect(screen.queryByLabelText('Camera view for scanning a QR code')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Choose a photo that shows the QR code clearly.');
  });

  it('reads the QR code of a chosen photo', async () => {
    fakeCamera({ refuse: 'NotAllowedError' });
    const detector = fakeBarcodeDetector();
    const bitmaps = fakeImageBitmaps();
    const onCode = vi.fn();
    render(<QrScanner onCode={onCode} paused={false} />);
    detector.show('6012345678901234');
    await userEvent.upload(await screen.findByLabelText('Photo of a QR code'), photoOf());
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('6012345678901234'));
    expect(bitmaps.close).toHaveBeenCalled();
  });

  it('says clearly when a photo holds no QR code', async () => {
    fakeCamera({ refuse: 'NotAllowedError' });
    fakeBarcodeDetector();
    fakeImageBitmaps();
    const onCode = vi.fn();
    render(<QrScanner onCode={onCode} paused={false} />);
    await userEvent.upload(await screen.findByLabelText('Photo of a QR code'), photoOf('receipt.jpg'));
    expect(await screen.findByText('No QR code was found in this photo. Try another photo, closer to the code.')).toBeInTheDocument();
    expect(onCode).not.toHaveBeenCalled();
  });
});
