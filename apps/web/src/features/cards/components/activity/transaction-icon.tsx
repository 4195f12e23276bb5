import type { ReactNode } from 'react';
import type { TransactionKind } from '@kartu/contracts';

function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const glyphs: Record<TransactionKind, ReactNode> = {
  earn: <path d="M6 7h12l-1 13H7L6 7zM9 7a3 3 0 016 0" />,
  reward: <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1-3-5-3-5 0M12 7c1-3 5-3 5 0" />,
  redeem: <path d="M4 8h16v3a2 2 0 000 4v3H4v-3a2 2 0 000-4zM10 8v10" />,
  'transfer-in': <path d="M12 4v12M6 10l6 6 6-6M5 20h14" />,
  'transfer-out': <path d="M12 20V8M6 14l6-6 6 6M5 4h14" />,
  expiry: <path d="M12 7v5l3 2M21 12a9 9 0 11-18 0 9 9 0 0118 0z" />,
  reversal: <path d="M9 14L4 9l5-5M4 9h11a5 5 0 010 10h-3" />,
  adjustment: <path d="M4 6h16M4 12h16M4 18h16M15 4v4M9 10v4M13 16v4" />,
};

/** A picture per kind, decorative: the title beside it says the same in words. */
export function TransactionIcon({ kind }: { kind: TransactionKind }) {
  return (
    <span className={`activity-icon activity-icon--${kind}`}>
      <Glyph>{glyphs[kind]}</Glyph>
    </span>
  );
}
