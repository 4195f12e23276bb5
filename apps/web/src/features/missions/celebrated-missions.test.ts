import { afterEach, describe, expect, it, vi } from 'vitest';
import { CELEBRATED_MISSIONS_KEPT, celebratedMissionIds, celebratedMissionsKey, rememberCelebratedMission } from './celebrated-missions.ts';

const kept = () => JSON.parse(localStorage.getItem(celebratedMissionsKey) ?? 'null') as unknown;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('celebrated missions', () => {
  it('keeps each celebrated mission once, as a JSON list of ids', () => {
    rememberCelebratedMission('mission-1');
    rememberCelebratedMission('mission-2');
    rememberCelebratedMission('mission-1');
    expect(kept()).toEqual(['mission-2', 'mission-1']);
    expect(['mission-1', 'mission-2', 'mission-3'].map((id) => celebratedMissionIds().has(id))).toEqual([true, true, false]);
  });

  it('keeps the last 100 only', () => {
    for (let index = 1; index <= CELEBRATED_MISSIONS_KEPT + 5; index += 1) rememberCelebratedMission(`mission-${index}`);
    const ids = kept() as string[];
    expect(ids).toHaveLength(100);
    expect(ids[0]).toBe('mission-6');
    expect(ids.at(-1)).toBe('mission-105');
  });

  it.each(['not json', '{"ids":["mission-1"]}', '[1,2]'])('reads an entry it cannot use (%s) as none celebrated', (text) => {
    localStorage.setItem(celebratedMissionsKey, text);
    expect(celebratedMissionIds().has('mission-1')).toBe(false);
    rememberCelebratedMission('mission-1');
    expect(kept()).toEqual(['mission-1']);
  });

  it('never throws when the storage cannot be read or written, and remembers for the rest of the visit', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => rememberCelebratedMission('mission-private')).not.toThrow();
    expect(celebratedMissionIds().has('mission-private')).toBe(true);
  });
});
