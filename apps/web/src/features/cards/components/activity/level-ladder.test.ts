import { describe, it, expect } from 'vitest';
import { experienceToNext, levelColor, levelNotKept, levelSteps, progressPercent } from './level-ladder.ts';
import { cardFixture } from '../../../../features/cards/cards.test-support.ts';

describe('level ladder', () => {
  it('orders levels from the lowest and marks those below the member’s as done', () => {
    const card = cardFixture();
    const shuffled = { ...card, levels: [...card.levels].reverse() };
    expect(levelSteps(shuffled).map((step) => `${step.level.name}:${step.state}`)).toEqual(['Bronze:done', 'Silver:active', 'Gold:upcoming']);
  });

  it('leaves every step upcoming before the first level is reached', () => {
    const card = cardFixture();
    const none = { ...card, levels: card.levels.map((level) => ({ ...level, isActive: false })), levelProgress: { ...card.levelProgress, current: null } };
    expect(levelSteps(none).every((step) => step.state === 'upcoming')).toBe(true);
  });

  it('reads progress as a whole percentage and the experience still missing', () => {
    expect(progressPercent(0.5)).toBe(50);
    expect(progressPercent(0.333)).toBe(33);
    expect(progressPercent(1.2)).toBe(100);
    expect(experienceToNext(cardFixture())).toBe(750);
  });

  it('finds the highest level reached by lifetime experience but not kept', () => {
    const card = cardFixture();
    expect(levelNotKept(card)).toBeNull();
    const [bronze, silver, gold] = card.levels;
    const keptSilver = { ...card.levelProgress, lifetimeExperience: 2600, current: silver ?? null };
    expect(levelNotKept({ ...card, levelProgress: keptSilver })?.name).toBe('Gold');
    const keptBronze = { ...card.levelProgress, lifetimeExperience: 2600, current: bronze ?? null };
    expect(levelNotKept({ ...card, levelProgress: keptBronze })?.name).toBe('Gold');
    expect(levelNotKept({ ...card, levelProgress: { ...keptSilver, current: gold ?? null } })).toBeNull();
  });

  it('falls back to a fixed colour when a level has none', () => {
    const level = { name: 'Plain', color: '', isActive: false, experience: 0, retentionExperience: 0 };
    expect(levelColor(level, 0)).toBe(levelColor(level, 4));
    expect(levelColor({ ...level, color: '#123456' }, 0)).toBe('#123456');
  });
});
