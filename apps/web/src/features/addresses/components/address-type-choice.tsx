import { useId } from 'react';
import { addressTypes, type AddressType } from '@kartu/contracts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { AddressTypeIcon } from './address-icons.tsx';

export interface AddressTypeChoiceProps {
  name: string;
  value: AddressType;
  onChange: (type: AddressType) => void;
}

/** Home, office or other: a segmented row of radio buttons (arrow keys move the choice, as radios do). */
export function AddressTypeChoice({ name, value, onChange }: AddressTypeChoiceProps) {
  const { t } = useTranslation('addresses');
  const baseId = useId();
  return (
    <fieldset className="address-type-choice">
      <legend className="field__label">{t('form.type')}</legend>
      <div className="address-type-choice__options">
        {addressTypes.map((type) => (
          <label key={type} className="address-type-choice__option" htmlFor={`${baseId}-${type}`}>
            <input id={`${baseId}-${type}`} type="radio" name={name} value={type} checked={value === type} onChange={() => onChange(type)} />
            <AddressTypeIcon type={type} />
            <span>{t(`types.${type}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
