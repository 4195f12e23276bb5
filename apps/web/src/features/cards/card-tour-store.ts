import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { storageKeys } from '../../config/storage-keys.ts';
import { createLocalStore } from '../../lib/local-store.ts';

/*
 * Whether this device has been through the card page's first-visit tour (business-rules §2
 * onboarding): it shows once, skipped or finished, and signing out does not bring it back.
 */

const store = createLocalStore<boolean>({ key: storageKeys.cardTour, schema: z.boolean(), empty: false, isEmpty: (seen) => !seen });

export function markCardTourSeen(): void {
  store.write(true);
}

/** True until the device is known not to have seen it: the server draws no tour, and the first render matches. */
export function useCardTourSeen(): boolean {
  return useSyncExternalStore(store.subscribe, store.read, () => true);
}
