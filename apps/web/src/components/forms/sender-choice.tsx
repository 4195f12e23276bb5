import { useId } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { SenderType } from '@kartu/contracts';
import './forms.css';

export type SenderChoiceProps = {
  name: string;
  value: SenderType;
  onChange: (value: SenderType) => void;
};

const senders: readonly SenderType[] = ['SMS', 'WHATSAPP'];

/** How the code reaches a phone: SMS or WhatsApp. */
export function SenderChoice({ name, value, onChange }: SenderChoiceProps) {
  const { t } = useTranslation('auth');
  const baseId = useId();
  return (
    <fieldset className="choice-group">
      <legend>{t('sender.legend')}</legend>
      {senders.map((sender) => (
        <label key={sender} className="choice" htmlFor={`${baseId}-${sender}`}>
          <input
            id={`${baseId}-${sender}`}
            type="radio"
            name={name}
            value={sender}
            checked={value === sender}
            onChange={() => onChange(sender)}
          />
          {t(sender === 'SMS' ? 'sender.sms' : 'sender.whatsapp')}
        </label>
      ))}
    </fieldset>
  );
}
