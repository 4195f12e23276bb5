import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { normaliseIdentifier } from './identifier.ts';

const phone = (identifierValue: string, countryCode = '62') => normaliseIdentifier({ identifierType: 'phone', identifierValue, countryCode });

describe('normaliseIdentifier', () => {
  it.each(['081234567890', '6281234567890', '+6281234567890', '81234567890', '0812-3456-7890'])('reads %s as +6281234567890', (value) => {
    expect(phone(value)).toEqual({ type: 'phone', value: '+6281234567890' });
  });

  it('lower-cases e-mail addresses', () => {
    expect(normaliseIdentifier({ identifierType: 'email', identifierValue: ' Rina@Example.COM ' })).toEqual({ type: 'email', value: 'rina@example.com' });
  });

  it('uses the dialing code sent with the number', () => {
    expect(phone('91234567', '65')).toEqual({ type: 'phone', value: '+6591234567' });
  });

  it.each([['0812'], ['08123456789012345'], ['abc']])('refuses %s with the phone message on identifierValue', (value) => {
    const error = (() => {
      try {
        phone(value);
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid phone number, please try again' });
    expect((error as AppError).details?.[0]?.field).toBe('body.identifierValue');
  });

  it("refuses a bad e-mail with 'Email is not valid'", () => {
    expect(() => normaliseIdentifier({ identifierType: 'email', identifierValue: 'rina@example' })).toThrow('Email is not valid');
  });
});
