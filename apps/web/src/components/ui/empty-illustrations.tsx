import type { ReactNode } from 'react';

/**
 * Drawings for empty lists, in the brand's accent on a soft tint of it. Decorative: the empty
 * state's heading says what the drawing shows.
 */
function Scene({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 160 120" width="100%" height="100%" fill="none" focusable="false" aria-hidden="true">
      <ellipse cx="80" cy="104" rx="56" ry="8" fill="currentColor" opacity="0.08" />
      <circle cx="80" cy="56" r="46" fill="currentColor" opacity="0.07" />
      <g stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </g>
    </svg>
  );
}

/** Two cards fanned out of a wallet: no card yet. */
export function WalletIllustration() {
  return (
    <Scene>
      <rect x="52" y="24" width="64" height="40" rx="7" transform="rotate(-10 84 44)" fill="var(--color-surface)" />
      <rect x="44" y="30" width="64" height="40" rx="7" fill="var(--color-surface)" />
      <path d="M44 42h64" />
      <rect x="36" y="52" width="88" height="46" rx="9" fill="var(--color-surface)" />
      <path d="M124 68h-18a7 7 0 0 0 0 14h18" />
      <circle cx="108" cy="75" r="2" fill="currentColor" />
    </Scene>
  );
}

/** A card behind a closed eye: nothing hidden. */
export function HiddenIllustration() {
  return (
    <Scene>
      <rect x="42" y="30" width="76" height="48" rx="8" fill="var(--color-surface)" />
      <path d="M42 44h76" />
      <path d="M62 92c10-8 26-8 36 0" />
      <path d="M66 98l-3 5M80 100v6M94 98l3 5" />
    </Scene>
  );
}

/** An archive box: nothing archived. */
export function ArchiveIllustration() {
  return (
    <Scene>
      <rect x="40" y="34" width="80" height="16" rx="4" fill="var(--color-surface)" />
      <path d="M46 50v40a6 6 0 0 0 6 6h56a6 6 0 0 0 6-6V50" fill="var(--color-surface)" />
      <path d="M70 64h20" />
    </Scene>
  );
}

/** A receipt with a torn edge: no transactions yet. */
export function ReceiptIllustration() {
  return (
    <Scene>
      <path d="M54 22h52v76l-6-5-7 5-6-5-7 5-6-5-7 5-6-5-7 5z" fill="var(--color-surface)" />
      <path d="M64 40h32M64 52h32M64 64h20" />
    </Scene>
  );
}

/** A gift box: no rewards yet. */
export function GiftIllustration() {
  return (
    <Scene>
      <rect x="46" y="50" width="68" height="46" rx="6" fill="var(--color-surface)" />
      <rect x="40" y="38" width="80" height="14" rx="4" fill="var(--color-surface)" />
      <path d="M80 38v58" />
      <path d="M80 38c-8-14-24-14-22-4 1 5 12 4 22 4zM80 38c8-14 24-14 22-4-1 5-12 4-22 4z" />
    </Scene>
  );
}

/** A podium with a star: no levels. */
export function PodiumIllustration() {
  return (
    <Scene>
      <path d="M40 96V70h26v26M66 96V54h28v42M94 96V78h26v18" fill="var(--color-surface)" />
      <path d="M36 96h88" />
      <path d="M80 26l4 8 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z" />
    </Scene>
  );
}

/** A shopping bag with a tag: nothing on sale yet. */
export function ShopBagIllustration() {
  return (
    <Scene>
      <path d="M48 42h64l-4 54H52z" fill="var(--color-surface)" />
      <path d="M66 50V38a14 14 0 0 1 28 0v12" />
      <path d="M70 68l8 8 14-16" />
    </Scene>
  );
}

/** An empty basket: nothing in the cart. */
export function BasketIllustration() {
  return (
    <Scene>
      <path d="M40 52h80l-8 42H48z" fill="var(--color-surface)" />
      <path d="M58 52l14-24M102 52L88 28" />
      <path d="M66 66v16M80 66v16M94 66v16" />
    </Scene>
  );
}

/** A magnifier over an empty shelf: nothing matches. */
export function SearchIllustration() {
  return (
    <Scene>
      <path d="M36 92h88" />
      <circle cx="74" cy="54" r="22" fill="var(--color-surface)" />
      <path d="M90 70l18 18" />
      <path d="M66 54h16" />
    </Scene>
  );
}

/** A house under a map pin: no address yet. */
export function MapPinIllustration() {
  return (
    <Scene>
      <path d="M50 96V70l22-16 22 16v26z" fill="var(--color-surface)" />
      <path d="M64 96V82h16v14" />
      <path d="M106 64s-16-14-16-28a16 16 0 0 1 32 0c0 14-16 28-16 28z" fill="var(--color-surface)" />
      <circle cx="106" cy="36" r="5" />
    </Scene>
  );
}

/** A closed envelope with a star over it: no message yet. */
export function EnvelopeIllustration() {
  return (
    <Scene>
      <rect x="38" y="42" width="84" height="54" rx="8" fill="var(--color-surface)" />
      <path d="M40 46l40 28 40-28" />
      <path d="M40 94l28-22M120 94l-28-22" />
      <path d="M104 16l3 7 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z" fill="var(--color-surface)" />
    </Scene>
  );
}
