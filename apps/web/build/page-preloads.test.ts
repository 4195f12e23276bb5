import { describe, expect, it } from 'vitest';
import { pagePreloadsOf } from './page-preloads.ts';

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework.js'], css: ['assets/index-1.css'] },
  'src/react-start.ts': { file: 'assets/react-start-1.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework-1.js' },
  '_shared.js': { file: 'assets/shared-1.js', imports: ['_framework.js'], css: ['assets/forms-1.css', 'assets/index-1.css'] },
  'src/landing.tsx': { file: 'assets/landing-1.js', imports: ['_shared.js', '_framework.js'], css: ['assets/landing-1.css'] },
  'src/checks.ts': { file: 'assets/checks-1.js', imports: ['_framework.js'], css: ['assets/checks-1.css', 'assets/landing-1.css'] },
  'src/locales/en/common.json': { file: 'assets/common-en.js' },
  'src/locales/ja/auth.json': { file: 'assets/auth-ja.js' },
};

describe('pagePreloadsOf', () => {
  it('lists a page’s chunks and style sheets with what they import, leaving out what the entry loads already', () => {
    const preloads = pagePreloadsOf(manifest, { '/': { modules: ['src/landing.tsx'], namespaces: ['auth'] } });
    expect(preloads.pages['/']).toEqual({
      files: ['assets/landing-1.js', 'assets/shared-1.js'],
      styles: ['assets/landing-1.css', 'assets/forms-1.css'],
      namespaces: ['auth'],
    });
    expect(preloads.catalogues).toEqual({ en: { common: 'assets/common-en.js' }, ja: { auth: 'assets/auth-ja.js' } });
  });

  it('names the app’s entry, and React’s client that a drawn page evaluates before it', () => {
    const preloads = pagePreloadsOf(manifest, {});
    expect(preloads.entry).toBe('assets/index-1.js');
    expect(preloads.beforeEntry).toBe('assets/react-start-1.js');
  });

  it('adds the style sheets of the code a page loads once idle, but not that code', () => {
    const preloads = pagePreloadsOf(manifest, { '/': { modules: ['src/landing.tsx'], namespaces: [], idleModules: ['src/checks.ts'] } });
    expect(preloads.pages['/']).toEqual({
      files: ['assets/landing-1.js', 'assets/shared-1.js'],
      styles: ['assets/landing-1.css', 'assets/forms-1.css', 'assets/checks-1.css'],
      namespaces: [],
    });
  });

  it('stops the build when a page names a module the build does not have', () => {
    expect(() => pagePreloadsOf(manifest, { '/': { modules: ['src/gone.tsx'], namespaces: [] } })).toThrow(/src\/gone\.tsx/);
  });
});
