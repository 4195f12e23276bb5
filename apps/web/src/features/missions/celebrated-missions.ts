import { z } from 'zod';
import { storageKeys } from '../../config/storage-keys.ts';
import { createLocalStore } from '../../lib/local-store.ts';

/*
 * The completed missions this device has already celebrated with the completion dialog, so each one
 * opens it once: a list of ids, the latest kept. Kept across sign-outs: an id names one mission of one
 * member. Reading and writing never throw (lib/local-store.ts).
 */

export const celebratedMissionsKey = storageKeys.celebratedMissions;
export const CELEBRATED_MISSIONS_KEPT = 100;

const store = createLocalStore<readonly string[]>({
  key: celebratedMissionsKey,
  schema: z.array(z.string()),
  empty: [],
  isEmpty: (ids) => ids.length === 0,
});

// A storage that cannot keep the ids (private mode, full) still celebrates each mission once per visit.
const celebratedThisVisit = new Set<string>();

export function celebratedMissionIds(): ReadonlySet<string> {
  return new Set([...store.read(), ...celebratedThisVisit]);
}

export function rememberCelebratedMission(missionId: string): void {
  const kept = store.read().filter((id) => id !== missionId);
  store.write([...kept, missionId].slice(-CELEBRATED_MISSIONS_KEPT));
  if (!store.read().includes(missionId)) celebratedThisVisit.add(missionId);
}
