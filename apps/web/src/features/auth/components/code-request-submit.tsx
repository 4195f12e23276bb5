import { useTranslation } from '../../../lib/i18n.tsx';
import { CodeRequestLock } from './code-request-lock.tsx';
import { Button } from '../../../components/ui/button.tsx';

export interface CodeRequestSubmitProps {
  /** Why the last try failed, already translated; announced when it appears. */
  problem: string | null;
  problemId: string;
  /** When code requests unlock, by this browser's clock; null while they are not locked. */
  lockedUntil: number | null;
  onUnlocked: () => void;
  busy: boolean;
  label: string;
}

/** The end of a form that sends a code: what went wrong, the request lock with its countdown, and the button, held while locked. */
export function CodeRequestSubmit({ problem, problemId, lockedUntil, onUnlocked, busy, label }: CodeRequestSubmitProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      {problem ? (
        <p id={problemId} className="field__error code-request__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {lockedUntil !== null ? <CodeRequestLock until={lockedUntil} onDone={onUnlocked} /> : null}
      <Button type="submit" disabled={busy || lockedUntil !== null} loading={busy}>
        {busy ? t('signIn.submitting') : label}
      </Button>
    </>
  );
}
