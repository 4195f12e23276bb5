import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { progress, type ProgressStore } from './progress-store.ts';
import './feedback.css';

/** The thin bar at the top during route changes and pending requests. */
export function ProgressBar({ store = progress }: { store?: ProgressStore }) {
  const { t } = useTranslation();
  const visible = useSyncExternalStore(store.subscribe, store.isVisible, store.isVisible);
  if (!visible) return null;
  return (
    <div className="progress-bar" role="progressbar" aria-label={t('progress.loading')} aria-busy="true">
      <div className="progress-bar-fill" />
    </div>
  );
}
