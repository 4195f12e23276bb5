import { useTranslation } from '../../lib/i18n.tsx';
import './pin.css';

export type NumberPadProps = {
  onDigit: (digit: string) => void;
  onDelete: () => void;
  disabled?: boolean;
};

const rows = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
] as const;

/** The on-screen keys 0–9 and delete, as real buttons, for touch screens without a keyboard. */
export function NumberPad({ onDigit, onDelete, disabled }: NumberPadProps) {
  const { t } = useTranslation('auth');
  const key = (digit: string) => (
    <button key={digit} type="button" className="number-pad__key" disabled={disabled} onClick={() => onDigit(digit)}>
      {digit}
    </button>
  );
  return (
    <div className="number-pad" role="group" aria-label={t('pin.pad')}>
      {rows.map((row) => row.map(key))}
      <span aria-hidden="true" />
      {key('0')}
      <button
        type="button"
        className="number-pad__key number-pad__key--delete"
        disabled={disabled}
        aria-label={t('pin.delete')}
        onClick={onDelete}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M21 5H8l-6 7 6 7h13a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1Zm-3.3 9.3-1.4 1.4-2.3-2.3-2.3 2.3-1.4-1.4 2.3-2.3-2.3-2.3 1.4-1.4 2.3 2.3 2.3-2.3 1.4 1.4-2.3 2.3Z"
            fill="currentColor"
          />
        </svg>
      </button>
    </div>
  );
}
