import type { ReactNode } from 'react';
import { AppLayout } from '../../../../components/layout/app-layout.tsx';
import { Header } from '../../../../components/layout/header.tsx';
import { useBackNavigation } from '../../../../lib/back-navigation.ts';
import { CardLoadError } from '../card-load-error.tsx';
import './activity.css';

export type ActivityLayoutProps = {
  title: string;
  programName?: string;
  /** The card failed to load: its 404 or 408 page replaces the content (spec: app-core §8). */
  cardError?: unknown;
  children: ReactNode;
};

/** The frame of every activity page: the page title over the program's name, and back. */
export function ActivityLayout({ title, programName, cardError, children }: ActivityLayoutProps) {
  const goBack = useBackNavigation();
  if (cardError) return <CardLoadError error={cardError} />;
  return (
    <AppLayout header={<Header title={title} subtitle={programName} onBack={goBack} />}>
      <div className="activity-page">{children}</div>
    </AppLayout>
  );
}
