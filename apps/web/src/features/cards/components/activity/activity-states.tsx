import { useTranslation } from '../../../../lib/i18n.tsx';
import { describeApiError } from '../../../../lib/api-client.ts';

/** Grey placeholder rows while a list loads; announced once as busy, not row by row. */
export function ListSkeleton({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <div className="activity-skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="activity-skeleton__row" aria-hidden="true">
          <span className="activity-skeleton__icon" />
          <span className="activity-skeleton__lines">
            <span className="activity-skeleton__line" />
            <span className="activity-skeleton__line activity-skeleton__line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}

/** A failed load, said in the spec's words for its cause, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('cards');
  return (
    <div className="activity-empty" role="alert">
      <p>{describeApiError(error) ?? t('activity.loadFailed')}</p>
      <button type="button" className="btn btn-ghost" onClick={onRetry}>
        {t('activity.retry')}
      </button>
    </div>
  );
}

export function EmptyState({ title, message }: { title: string; message?: string }) {
  return (
    <div className="activity-empty">
      <p className="activity-empty__title">{title}</p>
      {message ? <p className="muted">{message}</p> : null}
    </div>
  );
}
