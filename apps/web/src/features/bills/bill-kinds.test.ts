import { describe, expect, it } from 'vitest';
import type { BillProduct } from '@kartu/contracts';
import { customerNumberProblem, formatPeriod, isBillCategory, providersOf, typedCustomerNumber } from './bill-kinds.ts';

const telkomselCredit: BillProduct = { sku: 'telkomsel-credit-10', category: 'mobile_credit', provider: 'telkomsel', name: 'Telkomsel Rp 10.000', kind: 'prepaid', price: 11_500, adminFee: 0 };
const gopay: BillProduct = { sku: 'gopay-10', category: 'ewallet', provider: 'gopay', name: 'GoPay Rp 10.000', kind: 'prepaid', price: 10_500, adminFee: 500 };

describe('bill kinds', () => {
  it('knows the seven kinds and nothing else', () => {
    expect(isBillCategory('water')).toBe(true);
    expect(isBillCategory('lottery')).toBe(false);
    expect(isBillCategory(undefined)).toBe(false);
  });

  it('refuses a phone of another operator than the product’s, however it is written', () => {
    expect(customerNumberProblem('mobile_credit', telkomselCredit, '+62 812-3456-7890')).toBeNull();
    expect(customerNumberProblem('mobile_credit', telkomselCredit, '0857 1234 5678')).toBe('wrongOperator');
    // A mobile number of no operator cannot belong to the chosen one either.
    expect(customerNumberProblem('mobile_credit', telkomselCredit, '080012345678')).toBe('wrongOperator');
    expect(customerNumberProblem('mobile_credit', telkomselCredit, '0211234567')).toBe('invalidPhone');
    expect(customerNumberProblem('mobile_credit', telkomselCredit, '  ')).toBe('required');
  });

  it('tops up an e-wallet for a phone of any operator', () => {
    expect(customerNumberProblem('ewallet', gopay, '085712345678')).toBeNull();
    expect(customerNumberProblem('ewallet', gopay, '12345')).toBe('invalidPhone');
  });

  it('leaves meter and customer numbers to the biller once they can be one', () => {
    expect(customerNumberProblem('water', undefined, '123')).toBe('invalidNumber');
    expect(customerNumberProblem('water', undefined, '1234567')).toBeNull();
  });

  it('keeps what a number is typed with: a phone’s + and spaces, only digits for the rest', () => {
    expect(typedCustomerNumber('phone', '+62 812-34ab')).toBe('+62 812-34');
    expect(typedCustomerNumber('customerId', '5123 4567-89')).toBe('5123456789');
  });

  it('lists the providers in the catalog’s order', () => {
    expect(providersOf([telkomselCredit, { ...telkomselCredit, sku: 'xl-credit-10', provider: 'xl' }, { ...telkomselCredit, sku: 'telkomsel-credit-25' }])).toEqual(['telkomsel', 'xl']);
  });

  it('writes a biller’s months in the member’s language, and anything else as it is', () => {
    expect(formatPeriod('202602, 202603', 'en-US')).toBe('Feb 2026, Mar 2026');
    expect(formatPeriod('202612', 'id-ID')).toBe('Des 2026');
    expect(formatPeriod('March 2026', 'en-US')).toBe('March 2026');
  });
});
