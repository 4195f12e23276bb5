import type { ReactNode } from 'react';
import { useHeadingFocus } from './use-heading-focus.ts';
import './ui.css';

export type StatusPageProps = {
  /** Inline SVG; hidden from assistive technology because the heading says it all. */
  illustration?: ReactNode;
  title: string;
  message?: ReactNode;
  /** Extra content between the message and the actions, such as a countdown. */
  children?: ReactNode;
  actions?: ReactNode;
  /** Which status page this is, for whatever reads the page (browser tests tell a 404 by it). */
  name?: string;
};

/**
 * The one layout for every error and status page: picture, heading, message, actions. Status
 * pages stand alone (they replace the page, never sit inside its layout), so this is the page's
 * main landmark.
 */
export function StatusPage({ illustration, title, message, children, actions, name }: StatusPageProps) {
  const headingRef = useHeadingFocus();
  return (
    <main id="main" className="status-page" aria-labelledby="status-page-title" data-status-page={name}>
      {illustration ? (
        <div className="status-page__illustration" aria-hidden="true">
          {illustration}
        </div>
      ) : null}
      <h1 id="status-page-title" ref={headingRef} tabIndex={-1} className="status-page__title">
        {title}
      </h1>
      {message ? <p className="status-page__message muted">{message}</p> : null}
      {children}
      {actions ? <div className="status-page__actions">{actions}</div> : null}
    </main>
  );
}
