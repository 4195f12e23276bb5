import { describe, it, expect } from 'vitest';
import { toReturnPath } from './return-path.ts';

describe('toReturnPath', () => {
  it('keeps a path inside the app with its query', () => {
    expect(toReturnPath('/cards/abc?tab=vouchers')).toBe('/cards/abc?tab=vouchers');
  });

  it('refuses links to other sites', () => {
    expect(toReturnPath('https://evil.example')).toBeNull();
    expect(toReturnPath('//evil.example/cards')).toBeNull();
    expect(toReturnPath('/\\evil.example')).toBeNull();
  });

  it('refuses a missing or empty value', () => {
    expect(toReturnPath(null)).toBeNull();
    expect(toReturnPath('')).toBeNull();
  });
});
