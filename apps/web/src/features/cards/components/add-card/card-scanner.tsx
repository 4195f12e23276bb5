import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { cardNumberFromScan } from '../../add-card-errors.ts';
import { Button } from '../../../../components/ui/button.tsx';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The Shape Detection API is not in TypeScript's DOM library yet, and not in every browser. */
function barcodeDetector(): BarcodeDetectorConstructor | null {
  const candidate: unknown = Reflect.get(globalThis, 'BarcodeDetector');
  return typeof candidate === 'function' ? (candidate as BarcodeDetectorConstructor) : null;
}

export function canScanCards(): boolean {
  return barcodeDetector() !== null && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

type ScannerState = 'starting' | 'scanning' | 'unsupported' | 'denied' | 'failed';

const SCAN_INTERVAL_MS = 300;

export interface CardScannerProps {
  onScan: (cardNumber: string) => void;
  onTypeInstead: () => void;
}

/** Reads a card's QR code with the camera (spec: business-rules §1: add a card by scanning a QR code). */
export function CardScanner({ onScan, onTypeInstead }: CardScannerProps) {
  const { t } = useTranslation('cards');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>(() => (canScanCards() ? 'starting' : 'unsupported'));
  const [unreadable, setUnreadable] = useState(false);
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  });

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector || !canScanCards()) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });

    const scanOnce = async (video: HTMLVideoElement) => {
      const codes = await detector.detect(video).catch(() => []);
      const text = codes[0]?.rawValue;
      if (stopped || text === undefined) return;
      const cardNumber = cardNumberFromScan(text);
      if (cardNumber) {
        stopped = true;
        clearInterval(timer);
        onScanRef.current(cardNumber);
      } else {
        setUnreadable(true);
      }
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = media;
        await video.play();
        setState('scanning');
        timer = setInterval(() => void scanOnce(video), SCAN_INTERVAL_MS);
      })
      .catch((error: unknown) => {
        if (stopped) return;
        const denied = error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
        setState(denied ? 'denied' : 'failed');
      });

    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const problem = state === 'unsupported' || state === 'denied' || state === 'failed' ? t(`scan.${state}`) : null;

  return (
    <section className="stack card-scanner" aria-labelledby="card-scanner-title">
      <h2 id="card-scanner-title" className="card-section__title">
        {t('scan.title')}
      </h2>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : (
        <>
          <video ref={videoRef} className="card-scanner__video" muted playsInline aria-label={t('scan.videoLabel')} />
          <p className="muted" role="status">
            {state === 'starting' ? t('scan.starting') : unreadable ? t('scan.unreadable') : t('scan.aim')}
          </p>
        </>
      )}
      <Button variant="secondary" onClick={onTypeInstead}>
        {t('scan.typeInstead')}
      </Button>
    </section>
  );
}
