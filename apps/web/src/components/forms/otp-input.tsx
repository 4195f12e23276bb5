import type { Ref } from 'react';
import { OTP_LENGTH } from '@kartu/core/constants';
import { DigitCodeField } from './digit-code-field.tsx';

export type OtpInputProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onComplete?: (code: string) => void;
  invalid?: boolean;
  describedBy?: string;
  readOnly?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** The 6-digit one-time code box, 297 px wide (spec: app-core §5 verification inputs, §9). */
export function OtpInput(props: OtpInputProps) {
  return <DigitCodeField {...props} length={OTP_LENGTH} autoComplete="one-time-code" />;
}
