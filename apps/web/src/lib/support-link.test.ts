import { describe, expect, it } from 'vitest';
import { supportLink } from './support-link.ts';

const text = { message: 'Hello, my account is locked & I need help?', subject: 'Help with my account' };

describe('supportLink', () => {
  it('opens a WhatsApp chat with the support phone, digits only, and the message filled in', () => {
    const link = supportLink({ phone: '+6281234500077', email: 'halo@kopi.test' }, text);
    expect(link?.opensNewTab).toBe(true);
    const url = new URL(link?.href ?? '');
    expect(url.origin + url.pathname).toBe('https://wa.me/6281234500077');
    expect(url.searchParams.get('text')).toBe(text.message);
  });

  it('writes a mail when there is no support phone', () => {
    const link = supportLink({ phone: null, email: 'halo@kopi.test' }, text);
    expect(link?.opensNewTab).toBe(false);
    const url = new URL(link?.href ?? '');
    expect(url.protocol + url.pathname).toBe('mailto:halo@kopi.test');
    expect(url.searchParams.get('subject')).toBe(text.subject);
    expect(url.searchParams.get('body')).toBe(text.message);
  });

  it('has nothing to offer when the merchant set neither', () => {
    expect(supportLink({ phone: null, email: null }, text)).toBeNull();
  });
});
