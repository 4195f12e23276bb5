import { useEffect, useId, useRef, useState } from 'react';
import { formatDistance } from '@kartu/core';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import type { PinnedPosition } from '../address-form-values.ts';
import { devicePosition, PositionError, type PositionProblem } from '../device-position.ts';

export interface AddressLocationProps {
  value: PinnedPosition | null;
  onChange: (position: PinnedPosition | null) => void;
}

/** Degrees as maps and couriers read them, whatever the language: '-6.22510, 106.79950'. */
const coordinates = ({ latitude, longitude }: PinnedPosition) => `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;

/**
 * The address's position (decision 021): taken from the device with "Use my current location",
 * shown, and removable. The shop's 1-hour and 6-hour deliveries measure from it; without it the
 * address is still saved, for the courier and pickup.
 */
export function AddressLocation({ value, onChange }: AddressLocationProps) {
  const { t } = useTranslation('addresses');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PositionProblem | null>(null);
  // A position that arrives after the form is gone is dropped.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const locate = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const position = await devicePosition();
      if (mounted.current) onChange(position);
    } catch (error) {
      if (mounted.current) setProblem(error instanceof PositionError ? error.problem : 'unavailable');
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const remove = () => {
    setProblem(null);
    onChange(null);
  };

  return (
    <fieldset className="address-location" aria-describedby={`${id}-hint`}>
      <legend className="address-form__legend">{t('location.title')}</legend>
      <p id={`${id}-hint`} className="field__hint muted">
        {t('location.hint')}
      </p>
      {value ? (
        <div className="address-location__pinned">
          <p className="address-location__where" id={`${id}-pinned`}>
            <span className="address-location__label">{t('location.pinned')}</span>
            <span className="address-location__coordinates">{coordinates(value)}</span>
            {value.accuracyMeters === null ? null : <span className="muted">{t('location.accuracy', { distance: formatDistance(Math.round(value.accuracyMeters)) })}</span>}
          </p>
          <div className="address-location__actions">
            <Button variant="secondary" loading={busy} onClick={() => void locate()}>
              {t('location.update')}
            </Button>
            <Button variant="link" onClick={remove} aria-describedby={`${id}-pinned`}>
              {t('location.remove')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" block loading={busy} onClick={() => void locate()}>
          {t('location.use')}
        </Button>
      )}
      <p className="visually-hidden" role="status">
        {busy ? t('location.locating') : ''}
      </p>
      {problem ? (
        <p className="field__error" role="alert">
          {t(`location.problem.${problem}`)}
        </p>
      ) : null}
    </fieldset>
  );
}
