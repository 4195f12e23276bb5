import { describe, expect, it } from 'vitest';
import { rememberSignInLink, takeSignInLink } from './sign-in-link.ts';

describe('the link waiting for sign-in', () => {
  it('keeps a gift path for one sign-in, and nothing else', () => {
    rememberSignInLink('/gifts/Ab3_x-9');
    expect(takeSignInLink()).toBe('/gifts/Ab3_x-9');
    expect(takeSignInLink()).toBeNull();
    for (const path of ['//evil.example/gifts/a', '/cards', '/gifts/a/b', 'https://evil.example/gifts/a']) {
      rememberSignInLink(path);
      expect(takeSignInLink()).toBeNull();
    }
  });

  it('keeps the scanner with a code, as a till’s QR code opened by the camera app links it', () => {
    const link = `/qrcode-scanner?code=${encodeURIComponent('KE1.DG-PTisdTIqeU1p9LxucAQ.V1x4mJ2c0QkF7sXz3nYb9w')}`;
    rememberSignInLink(link);
    expect(takeSignInLink()).toBe(link);
    for (const path of ['/qrcode-scanner', '/qrcode-scanner?cardId=x', '/qrcode-scanner?code=a&next=//evil.example', '//evil.example/qrcode-scanner?code=a']) {
      rememberSignInLink(path);
      expect(takeSignInLink()).toBeNull();
    }
  });
});
