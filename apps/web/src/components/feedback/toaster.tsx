import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { toast } from './toast-store.ts';
import './feedback.css';

/** Renders the toasts; mounted once beside the router. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toast.subscribe, toast.getToasts, toast.getToasts);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast-${item.type}`}>
          <p className="toast-message">{item.message}</p>
          <button type="button" className="toast-close" aria-label={t('toast.close')} onClick={() => toast.dismiss(item.id)}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
