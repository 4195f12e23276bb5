import { useId, type ReactNode } from 'react';
import '../../../components/ui/ui.css';

interface PushSwitchProps {
  name: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** One setting: its name and hint, and a switch (role switch) named by them. */
export function PushSwitch({ name, hint, checked, disabled = false, onChange }: PushSwitchProps) {
  const nameId = useId();
  const hintId = useId();
  return (
    <div className="push-setting">
      <span className="push-setting__text">
        <span id={nameId} className="push-setting__name">
          {name}
        </span>
        {hint ? (
          <span id={hintId} className="push-setting__hint">
            {hint}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={nameId}
        aria-describedby={hint ? hintId : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
