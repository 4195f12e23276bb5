import type { CSSProperties, ReactNode } from 'react';
import './ui.css';

export interface SkeletonProps {
  /** CSS width (default: the full line). */
  width?: string;
  /** CSS height (default: one line of text). */
  height?: string;
  shape?: 'line' | 'block' | 'circle';
  className?: string;
}

/** One grey shape standing where content will be, the size of that content, so nothing moves when it arrives. */
export function Skeleton({ width, height, shape = 'line', className }: SkeletonProps) {
  const style: CSSProperties = { width, height };
  return <span className={['skeleton', `skeleton--${shape}`, className].filter(Boolean).join(' ')} style={style} aria-hidden="true" />;
}

/** A region still loading: said once to assistive technology (`label`), drawn by its skeleton shapes. */
export function LoadingRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}
