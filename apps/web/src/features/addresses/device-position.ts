import type { PinnedPosition } from './address-form-values.ts';

/** Why the device gave no position: each has its own message in the form. */
export type PositionProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class PositionError extends Error {
  readonly problem: PositionProblem;

  constructor(problem: PositionProblem) {
    super(`No position: ${problem}`);
    this.name = 'PositionError';
    this.problem = problem;
  }
}

/**
 * A GPS fix outdoors takes a few seconds, indoors longer; past this the member is told to try
 * again rather than left waiting. A position up to a minute old is as good as a new one.
 */
export const POSITION_TIMEOUT_MS = 15_000;
const POSITION_MAX_AGE_MS = 60_000;

/** The server keeps 6 decimals of a degree, about 10 cm. */
const toStored = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

const problemOfCode: Record<number, PositionProblem> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/** Asks the browser where the device is (the Geolocation API); rejects with a PositionError. */
export function devicePosition(): Promise<PinnedPosition> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.reject(new PositionError('unsupported'));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: toStored(coords.latitude), longitude: toStored(coords.longitude), accuracyMeters: Number.isFinite(coords.accuracy) ? coords.accuracy : null }),
      (error) => reject(new PositionError(problemOfCode[error.code] ?? 'unavailable')),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  });
}
