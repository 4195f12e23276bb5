import { describe, expect, it } from 'vitest';
import { shareChannels, shareHref } from './share-links.tsx';

describe('shareHref', () => {
  it('puts the text and the link, encoded, into each channel’s share address', () => {
    const url = 'https://kopi.example/gifts/tok_A-1';
    const text = 'A gift & a note?';
    const hrefs = Object.fromEntries(shareChannels.map((channel) => [channel, shareHref(channel, text, url)]));
    expect(hrefs).toEqual({
      whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
      line: `https://line.me/R/share?text=${encodeURIComponent(`${text} ${url}`)}`,
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
      twitter: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
      sms: `sms:?&body=${encodeURIComponent(`${text} ${url}`)}`,
    });
    expect(Object.values(hrefs).every((href) => !href.includes(' ') && !href.includes('&a note'))).toBe(true);
  });
});
