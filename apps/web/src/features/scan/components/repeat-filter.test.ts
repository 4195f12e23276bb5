import { describe, expect, it } from 'vitest';
import { createRepeatFilter } from './repeat-filter.ts';

describe('createRepeatFilter', () => {
  it('reports a code once while it stays in view, and again after 3 s out of sight', () => {
    const repeats = createRepeatFilter();
    expect(repeats.isNew('A', 0)).toBe(true);
    expect(repeats.isNew('A', 250)).toBe(false);
    // Still in view 5 s later: every sighting renewed the window.
    for (let at = 500; at <= 5_000; at += 250) expect(repeats.isNew('A', at)).toBe(false);
    expect(repeats.isNew('A', 8_000)).toBe(true);
  });

  it('reports another code at once', () => {
    const repeats = createRepeatFilter();
    expect(repeats.isNew('A', 0)).toBe(true);
    expect(repeats.isNew('B', 100)).toBe(true);
    expect(repeats.isNew('A', 200)).toBe(true);
  });

  it('counts the paused time as the code still in view', () => {
    const repeats = createRepeatFilter();
    expect(repeats.isNew('A', 0)).toBe(true);
    repeats.hold(4_000);
    expect(repeats.isNew('A', 4_250)).toBe(false);
  });
});
