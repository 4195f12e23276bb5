import { describe, expect, it } from 'vitest';
import { rememberGiftLink, takeGiftLink } from './gift-link.ts';

describe('gift link', () => {
  it('keeps a gift path for one sign-in, and nothing else', () => {
    rememberGiftLink('/gifts/Ab3_x-9');
    expect(takeGiftLink()).toBe('/gifts/Ab3_x-9');
    expect(takeGiftLink()).toBeNull();
    for (const path of ['//evil.example/gifts/a', '/cards', '/gifts/a/b', 'https://evil.example/gifts/a']) {
      rememberGiftLink(path);
      expect(takeGiftLink()).toBeNull();
    }
  });
});
