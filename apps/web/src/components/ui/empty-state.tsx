import type { ReactNode } from 'react';
import './ui.css';

export interface EmptyStateProps {
  /** A drawing from empty-illustrations.tsx. */
  illustration?: ReactNode;
  title: string;
  message?: string;
  /** What the member can do about it: a Button or ButtonLink. */
  action?: ReactNode;
  /** 2 in a page with its own h1 (the usual); 3 inside a titled section. */
  headingLevel?: 2 | 3;
}

/** What a list says when it has nothing to show, with a drawing and, where there is one, the way forward. */
export function EmptyState({ illustration, title, message, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="empty-state" aria-label={title}>
      {illustration ? <div className="empty-state__picture">{illustration}</div> : null}
      <Heading className="empty-state__title">{title}</Heading>
      {message ? <p className="empty-state__message">{message}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </section>
  );
}
