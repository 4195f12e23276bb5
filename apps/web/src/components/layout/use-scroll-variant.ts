import { useCallback, useSyncExternalStore } from 'react';
import { REWARD_HEADER_FLOAT_SCROLL_PX, TRANSPARENT_HEADER_SCROLL_PX } from '@kartu/core/constants';

/** How the header starts: plain, over a reward image, or transparent over a banner. */
export type HeaderKind = 'default' | 'reward' | 'transparent';
export type HeaderVariant = 'default' | 'reward' | 'floating' | 'transparent';

/** spec: app-core §2 Layout: reward header floats after 62px; transparent header turns default after 300px. */
export function scrollVariant(kind: HeaderKind, scrollY: number): HeaderVariant {
  if (kind === 'reward') return scrollY > REWARD_HEADER_FLOAT_SCROLL_PX ? 'floating' : 'reward';
  if (kind === 'transparent') return scrollY > TRANSPARENT_HEADER_SCROLL_PX ? 'default' : 'transparent';
  return 'default';
}

function subscribeScroll(listener: () => void): () => void {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
}

export function useScrollVariant(kind: HeaderKind): HeaderVariant {
  // The snapshot is the variant, not the offset, so scrolling re-renders only when it changes.
  const getSnapshot = useCallback(() => scrollVariant(kind, window.scrollY), [kind]);
  return useSyncExternalStore(subscribeScroll, getSnapshot, () => scrollVariant(kind, 0));
}
