import { describe, it, expect } from 'vitest';
import { memberLabel } from './member-label.ts';
import { sessionUser } from '../../test/session.test-support.ts';

describe('memberLabel', () => {
  it("names the member by name first", () => {
    expect(memberLabel(sessionUser({ id: 'u1', name: 'Sari Wulandari', phone: '081234567890', email: 'sari@example.com' }))).toBe('Sari Wulandari');
  });

  it('falls back to the phone, then the e-mail, when no name is known', () => {
    expect(memberLabel(sessionUser({ id: 'u1', name: '  ', phone: '081234567890', email: 'sari@example.com' }))).toBe('081234567890');
    expect(memberLabel(sessionUser({ id: 'u1', name: null, phone: null, email: 'sari@example.com' }))).toBe('sari@example.com');
  });

  it('has nothing to show without a member or any identifier', () => {
    expect(memberLabel(null)).toBeNull();
    expect(memberLabel(sessionUser({ id: 'u1', name: null, phone: null, email: null }))).toBeNull();
  });
});
