import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { PIN_LENGTH } from '@kartu/core/constants';
import { DigitCodeField } from '../forms/digit-code-field.tsx';
import { NumberPad } from './number-pad.tsx';
import { asksExistingPin, asksTwice, type PinMode } from './pin-mode.ts';
import './pin.css';

export type PinEntryProps = {
  mode: PinMode;
  onSubmit: (pin: string) => void;
  /** The last PIN was refused: the boxes shake, are marked and are cleared for another try. */
  invalid?: boolean;
  /** A translated message from the caller, e.g. the attempts left. */
  error?: string | null;
  busy?: boolean;
  onForgotPin?: () => void;
  /** 1 when the entry is the page (sign-in), 2 inside a page that has its own title in the header. */
  headingLevel?: 1 | 2;
  /** The account the PIN belongs to, masked (a new member's first PIN): shown under the subtitle. */
  account?: string | null;
};

type Mismatch = 'none' | 'first' | 'second' | 'restart';

const mismatchKey = {
  first: 'pin.mismatch',
  second: 'pin.mismatchLastChance',
  restart: 'pin.mismatchRestart',
} as const;

type Seen = { mode: PinMode; invalid: boolean; busy: boolean };

// spec: app-core §4 PIN input modes; business-rules §5: the re-entered PIN must match, after one
// mismatch only one more chance, and a third mismatch starts over from the first entry.
export function PinEntry({ mode, onSubmit, invalid = false, error, busy = false, onForgotPin, headingLevel = 1, account }: PinEntryProps) {
  const { t } = useTranslation('auth');
  const inputId = useId();
  const messageId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [step, setStep] = useState<1 | 2>(1);
  const [firstPin, setFirstPin] = useState('');
  const [mismatch, setMismatch] = useState<Mismatch>('none');
  const [shakes, setShakes] = useState(0);
  const [seen, setSeen] = useState<Seen>({ mode, invalid, busy });

  // React to the caller's answer during render (not in an effect), so the boxes never flash the old PIN.
  if (seen.mode !== mode || seen.invalid !== invalid || seen.busy !== busy) {
    setSeen({ mode, invalid, busy });
    if (seen.mode !== mode) {
      setValue('');
      setStep(1);
      setFirstPin('');
      setMismatch('none');
    } else if (invalid && (!seen.invalid || (seen.busy && !busy))) {
      setValue('');
      setShakes((count) => count + 1);
    }
  }

  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, [mode, step, shakes]);

  const twice = asksTwice(mode);
  const confirming = twice && step === 2;

  const complete = (pin: string) => {
    if (!twice) return onSubmit(pin);
    if (step === 1) {
      setFirstPin(pin);
      setStep(2);
      setValue('');
      if (mismatch === 'restart') setMismatch('none');
      return;
    }
    if (pin === firstPin) return onSubmit(pin);
    setValue('');
    setShakes((count) => count + 1);
    if (mismatch === 'none' || mismatch === 'restart') setMismatch('first');
    else if (mismatch === 'first') setMismatch('second');
    else {
      setMismatch('restart');
      setStep(1);
      setFirstPin('');
    }
  };

  const update = (next: string) => {
    setValue(next);
    if (next.length === PIN_LENGTH) complete(next);
  };

  const title = confirming ? t('pin.confirmTitle') : t(`pin.title.${mode}`);
  const subtitle = confirming ? t('pin.confirmSubtitle') : t(`pin.subtitle.${mode}`);
  const message = mismatch !== 'none' ? t(mismatchKey[mismatch]) : invalid ? (error ?? t('pin.invalid')) : error;
  const marked = invalid || (mismatch !== 'none' && value === '');

  return (
    <div className="pin-entry">
      {headingLevel === 1 ? <h1 className="pin-entry__title">{title}</h1> : <h2 className="pin-entry__title">{title}</h2>}
      <p className="pin-entry__subtitle muted">{subtitle}</p>
      {account ? <p className="pin-entry__account">{t('pin.forAccount', { account })}</p> : null}
      <DigitCodeField
        key={shakes}
        id={inputId}
        label={title}
        labelHidden
        length={PIN_LENGTH}
        value={value}
        onChange={update}
        masked
        autoComplete={asksExistingPin(mode) ? 'current-password' : 'one-time-code'}
        invalid={marked}
        describedBy={message ? messageId : undefined}
        readOnly={busy}
        inputRef={inputRef}
        className={shakes > 0 && marked ? 'digit-code--shake' : undefined}
      />
      <p id={messageId} className="pin-entry__message" role="alert">
        {message ?? ''}
      </p>
      {busy ? (
        <p className="pin-entry__busy muted" role="status">
          {t('pin.checking')}
        </p>
      ) : null}
      <NumberPad
        disabled={busy}
        onDigit={(digit) => {
          if (value.length < PIN_LENGTH) update(value + digit);
        }}
        onDelete={() => setValue(value.slice(0, -1))}
      />
      {onForgotPin ? (
        <button type="button" className="pin-entry__forgot" onClick={onForgotPin} disabled={busy}>
          {t('pin.forgot')}
        </button>
      ) : null}
    </div>
  );
}
