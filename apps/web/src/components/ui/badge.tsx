import './ui.css';
import type { CSSProperties, ReactNode } from 'react';
import { legibleFill } from '@kartu/core';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'danger' | 'overlay';

export interface BadgeProps {
  children: ReactNode;
  /** A colour the data chooses (a level's colour): drawn with dark or white text, shaded where needed to pass AA. */
  colour?: string;
  tone?: BadgeTone;
  className?: string;
}

/** A short label in a pill: a level, a status, a count. */
export function Badge({ children, colour, tone = 'neutral', className }: BadgeProps) {
  const pair = colour ? legibleFill(colour) : null;
  const style = pair ? ({ '--badge-bg': pair.background, '--badge-text': pair.text } as CSSProperties) : undefined;
  return (
    <span className={['badge', `badge--${pair ? 'custom' : tone}`, className].filter(Boolean).join(' ')} style={style}>
      {children}
    </span>
  );
}
