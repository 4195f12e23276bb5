import { useState, type FormEvent } from 'react';

export interface StaffCodes {
  outletCode: string;
  cashierCode?: string;
}

/**
 * The codes a cashier types on the member's phone at the counter (business-rules §6): the outlet's,
 * and their own where the outlet asks for it. `submit` hands them over trimmed, or marks the outlet's
 * code missing; the cashier's is left out when empty. `clear` empties both, after a code is taken.
 */
export function useStaffCodes(onCodes: (codes: StaffCodes, form: { clear: () => void }) => void) {
  const [outletCode, setOutletCode] = useState('');
  const [cashierCode, setCashierCode] = useState('');
  const [missing, setMissing] = useState(false);
  const clear = () => {
    setOutletCode('');
    setCashierCode('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outlet = outletCode.trim();
    if (!outlet) {
      setMissing(true);
      return;
    }
    const cashier = cashierCode.trim();
    onCodes({ outletCode: outlet, ...(cashier && { cashierCode: cashier }) }, { clear });
  };
  return { outletCode, setOutletCode, cashierCode, setCashierCode, outletMissing: missing && !outletCode.trim(), submit, clear };
}
