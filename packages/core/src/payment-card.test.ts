import { describe, it, expect } from 'vitest';
import {
  cardCvvProblem,
  cardExpiryProblem,
  cardNumberProblem,
  cvvLengthOf,
  formatCardExpiry,
  formatPaymentCardNumber,
  nameOnCardProblem,
  parseCardExpiry,
  passesLuhn,
  paymentCardBrandOf,
  paymentCardDigits,
  paymentCardProblems,
} from './payment-card.ts';

const now = new Date('2026-11-24T10:00:00Z');

describe('paymentCardBrandOf', () => {
  it('tells the network from the first digits', () => {
    expect(paymentCardBrandOf('4111 1111 1111 1111')).toBe('visa');
    expect(paymentCardBrandOf('5555555555554444')).toBe('mastercard');
    expect(paymentCardBrandOf('2223003122003222')).toBe('mastercard');
    expect(paymentCardBrandOf('378282246310005')).toBe('amex');
    expect(paymentCardBrandOf('341111111111111')).toBe('amex');
    expect(paymentCardBrandOf('3530111333300000')).toBe('jcb');
  });

  it('answers unknown for other networks and for too few digits to tell', () => {
    expect(paymentCardBrandOf('6011111111111117')).toBe('unknown');
    expect(paymentCardBrandOf('35')).toBe('unknown');
    expect(paymentCardBrandOf('')).toBe('unknown');
  });
});

describe('paymentCardDigits', () => {
  it('keeps the digits of a pasted number', () => {
    expect(paymentCardDigits(' 4111-1111 1111.1111 ')).toBe('4111111111111111');
  });
});

describe('passesLuhn', () => {
  it('accepts numbers with a good check digit and refuses a changed one', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('cardNumberProblem', () => {
  it('asks for a number when none was typed', () => {
    expect(cardNumberProblem('  ')).toBe('numberRequired');
  });

  it('calls a bad checksum or a wrong length for the brand an invalid card', () => {
    expect(cardNumberProblem('4111111111111112')).toBe('cardInvalid');
    expect(cardNumberProblem('37828224631000')).toBe('cardInvalid');
    expect(cardNumberProblem('4111 1111 1111 1111')).toBeNull();
    expect(cardNumberProblem('4000000000000002')).toBeNull();
  });
});

describe('formatting as typed', () => {
  it('groups numbers by four, AMEX by 4-6-5', () => {
    expect(formatPaymentCardNumber('41111111111')).toBe('4111 1111 111');
    expect(formatPaymentCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatPaymentCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('adds the slash of MM/YY after the month', () => {
    expect(formatCardExpiry('1')).toBe('1');
    expect(formatCardExpiry('12')).toBe('12');
    expect(formatCardExpiry('1228')).toBe('12/28');
    expect(formatCardExpiry('12/2899')).toBe('12/28');
  });
});

describe('cardExpiryProblem', () => {
  it('reads MM/YY and MM/YYYY', () => {
    expect(parseCardExpiry('07/29')).toEqual({ month: 7, year: 2029 });
    expect(parseCardExpiry('7/2029')).toEqual({ month: 7, year: 2029 });
    expect(parseCardExpiry('0729')).toBeNull();
  });

  it('accepts the current month until its end and refuses the month before', () => {
    expect(cardExpiryProblem({ month: 11, year: 2026 }, now)).toBeNull();
    expect(cardExpiryProblem({ month: 10, year: 2026 }, now)).toBe('expiryPast');
    expect(cardExpiryProblem({ month: 12, year: 2025 }, now)).toBe('expiryPast');
  });

  it('refuses a month outside 1 to 12, an unreadable date and a year too far ahead', () => {
    expect(cardExpiryProblem({ month: 13, year: 2027 }, now)).toBe('expiryInvalid');
    expect(cardExpiryProblem({ month: 0, year: 2027 }, now)).toBe('expiryInvalid');
    expect(cardExpiryProblem(null, now)).toBe('expiryInvalid');
    expect(cardExpiryProblem({ month: 1, year: 2050 }, now)).toBe('expiryInvalid');
  });
});

describe('cardCvvProblem', () => {
  it('takes 3 digits, and 4 for AMEX (spec: business-rules §5)', () => {
    expect(cvvLengthOf('visa')).toBe(3);
    expect(cvvLengthOf('amex')).toBe(4);
    expect(cardCvvProblem('123', 'visa')).toBeNull();
    expect(cardCvvProblem('1234', 'visa')).toBe('cvvInvalid');
    expect(cardCvvProblem('123', 'amex')).toBe('cvvInvalid');
    expect(cardCvvProblem('1234', 'amex')).toBeNull();
    expect(cardCvvProblem('', 'jcb')).toBe('cvvRequired');
    expect(cardCvvProblem('12a', 'jcb')).toBe('cvvInvalid');
  });
});

describe('nameOnCardProblem', () => {
  it('wants a name of letters', () => {
    expect(nameOnCardProblem(' ')).toBe('nameRequired');
    expect(nameOnCardProblem('R4ni')).toBe('nameInvalid');
    expect(nameOnCardProblem('Rani Putri')).toBeNull();
  });
});

describe('paymentCardProblems', () => {
  it('answers nothing for a good card', () => {
    expect(paymentCardProblems({ number: '4111 1111 1111 1111', nameOnCard: 'Rani', expiry: '12/28', cvv: '123' }, now)).toEqual({});
  });

  it('answers each field’s problem at once', () => {
    expect(paymentCardProblems({ number: '4111', nameOnCard: '', expiry: '', cvv: '12' }, now)).toEqual({
      number: 'cardInvalid',
      nameOnCard: 'nameRequired',
      expiry: 'expiryRequired',
      cvv: 'cvvInvalid',
    });
  });
});
