import { useEffect, useEffectEvent, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { tabId, tabPanelId, Tabs } from '../../../components/ui/tabs.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { createQrDecoder } from './qr-decoder.ts';
import { createRepeatFilter } from './repeat-filter.ts';
import '../scan.css';

/** A frame is read about four times a second: quick to catch a code, light on a phone's battery. */
export const SCAN_INTERVAL_MS = 250;

type Mode = 'camera' | 'photo';
type CameraState = 'starting' | 'scanning' | 'denied' | 'unavailable' | 'failed';
type PhotoState = 'idle' | 'reading' | 'none' | 'unreadable';

export interface QrScannerProps {
  /** A code read: once per sighting of it (see repeat-filter.ts), never while paused. */
  onCode: (text: string) => void;
  /** The page is sending the last code: nothing more is read until it is done. */
  paused: boolean;
  /** What to aim at, in place of the general 'point the camera at a QR code'. */
  hint?: string;
}

function canUseCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : '';
}

/** spec: business-rules §8 'Camera access not allowed': refused by the member, or by the page's context. */
function cameraStateOf(error: unknown): CameraState {
  const name = errorName(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'unavailable';
  return 'failed';
}

/** The torch is a constraint of the camera's track where the device has one (Chrome on Android); TypeScript's DOM types do not list it. */
function hasTorch(track: MediaStreamTrack): boolean {
  return typeof track.getCapabilities === 'function' && Reflect.get(track.getCapabilities(), 'torch') === true;
}

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The QR scanner (app-core §2 'QR scanner with stream and capture modes'): the rear camera read
 * every 250 ms, or a photo from the gallery. The camera's tracks stop when the camera is left or the
 * scanner goes; a camera refused or missing leaves the photo.
 */
export function QrScanner({ onCode, paused, hint }: QrScannerProps) {
  const { t } = useTranslation('scan');
  const id = useId();
  const [cameraApi] = useState(canUseCamera);
  const [mode, setMode] = useState<Mode>(cameraApi ? 'camera' : 'photo');
  const [camera, setCamera] = useState<CameraState>(cameraApi ? 'starting' : 'unavailable');
  const [torch, setTorch] = useState<{ track: MediaStreamTrack; on: boolean } | null>(null);
  const [photo, setPhoto] = useState<PhotoState>('idle');
  const [decoder] = useState(createQrDecoder);
  const videoRef = useRef<HTMLVideoElement>(null);

  const isPaused = useEffectEvent(() => paused);
  const report = useEffectEvent((text: string) => onCode(text));

  useEffect(() => {
    if (mode !== 'camera' || !cameraApi) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const repeats = createRepeatFilter();

    const tick = async (video: HTMLVideoElement) => {
      if (isPaused()) {
        repeats.hold(Date.now());
      } else {
        const text = await decoder.decode(video).catch(() => null);
        if (!stopped && text !== null && !isPaused() && repeats.isNew(text, Date.now())) report(text);
      }
      if (!stopped) timer = setTimeout(() => void tick(video), SCAN_INTERVAL_MS);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (media) => {
        stream = media;
        const video = videoRef.current;
        if (stopped || !video) return stopTracks(media);
        video.srcObject = media;
        // Muted and inline, a video may play without a tap; where it may not, frames still arrive to read.
        await video.play().catch(() => undefined);
        if (stopped) return;
        setCamera('scanning');
        const track = media.getVideoTracks()[0];
        if (track && hasTorch(track)) setTorch({ track, on: false });
        void tick(video);
      })
      .catch((error: unknown) => {
        if (stopped) return;
        setCamera(cameraStateOf(error));
        setMode('photo');
      });

    return () => {
      stopped = true;
      clearTimeout(timer);
      stopTracks(stream);
    };
  }, [mode, cameraApi, decoder]);

  const changeMode = (next: Mode) => {
    if (next === mode) return;
    setTorch(null);
    setPhoto('idle');
    if (next === 'camera') setCamera('starting');
    setMode(next);
  };

  const toggleTorch = () => {
    if (!torch) return;
    const on = !torch.on;
    const constraint: MediaTrackConstraintSet & { torch: boolean } = { torch: on };
    torch.track
      .applyConstraints({ advanced: [constraint] })
      .then(() => setTorch((current) => (current ? { ...current, on } : current)))
      .catch(() => setTorch(null));
  };

  const readPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same photo chosen again is a new choice.
    input.value = '';
    if (!file) return;
    setPhoto('reading');
    let bitmap: ImageBitmap | null = null;
    try {
      bitmap = await createImageBitmap(file);
      const text = await decoder.decode(bitmap, { photo: true });
      setPhoto(text === null ? 'none' : 'idle');
      if (text !== null) onCode(text);
    } catch {
      setPhoto('unreadable');
    } finally {
      bitmap?.close();
    }
  };

  const cameraProblem = camera === 'denied' || camera === 'unavailable' || camera === 'failed' ? t(`camera.${camera}`) : null;
  const status =
    mode === 'camera'
      ? camera === 'starting'
        ? t('camera.starting')
        : paused
          ? t('checking')
          : (hint ?? t('camera.aim'))
      : paused
        ? t('checking')
        : t(`photo.${photo}`);

  return (
    <div className="qr-scanner">
      {cameraApi ? (
        <Tabs
          label={t('mode.label')}
          idPrefix={id}
          items={[
            { value: 'camera', label: t('mode.camera') },
            { value: 'photo', label: t('mode.photo') },
          ]}
          value={mode}
          onChange={changeMode}
        />
      ) : null}
      {cameraProblem ? (
        <p className="field__error" role="alert">
          {cameraProblem}
        </p>
      ) : null}
      <div className="qr-scanner__panel" {...(cameraApi ? { role: 'tabpanel', id: tabPanelId(id, mode), 'aria-labelledby': tabId(id, mode) } : {})}>
        {mode === 'camera' ? (
          <>
            <div className="qr-scanner__viewport">
              <video ref={videoRef} className="qr-scanner__video" muted playsInline aria-label={t('camera.videoLabel')} />
              <div className="qr-scanner__frame" aria-hidden="true" />
            </div>
            {torch ? (
              <div className="qr-scanner__tools">
                <Button variant="secondary" aria-pressed={torch.on} onClick={toggleTorch}>
                  {t('camera.torch')}
                </Button>
              </div>
            ) : null}
          </>
        ) : (
          <div className="qr-scanner__photo">
            <label className="field__label" htmlFor={`${id}-photo`}>
              {t('photo.label')}
            </label>
            {/* No `capture`: the phone offers its gallery as well as its camera. */}
            <input id={`${id}-photo`} className="qr-scanner__file" type="file" accept="image/png,image/jpeg" disabled={paused || photo === 'reading'} onChange={(event) => void readPhoto(event)} />
          </div>
        )}
        <p className="qr-scanner__status" role="status">
          {status}
        </p>
      </div>
    </div>
  );
}
