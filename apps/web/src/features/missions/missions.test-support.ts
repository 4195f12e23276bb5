import type { Mission, MissionTask } from '@kartu/contracts';

/** Contract-shaped missions for page tests; override only what the test is about. */
export const missionCardId = 'card00000000000000000001';

export function taskOf(overrides: Partial<MissionTask> = {}): MissionTask {
  return {
    id: 'task-spend',
    kind: 'spend',
    title: 'Spend Rp 100.000',
    description: 'Any purchase at our outlets counts.',
    target: 100_000,
    progress: 40_000,
    done: false,
    product: null,
    ...overrides,
  };
}

/** A running mission of three tasks, one of them done: spend, buy a product, invite a friend. */
export function missionOf(overrides: Partial<Mission> = {}): Mission {
  return {
    id: 'mission-1',
    cardId: missionCardId,
    name: 'Coffee week',
    description: 'Three small steps for a big reward.',
    status: 'active',
    startsAt: '2026-12-01T00:00:00.000Z',
    endsAt: '2026-12-31T12:00:00.000Z',
    currency: 'IDR',
    unit: 'POINT',
    tasks: [
      taskOf(),
      taskOf({ id: 'task-buy', kind: 'buy_product', title: 'Buy two Kopi Susu', description: null, target: 2, progress: 1, product: { id: 'product-1', name: 'Kopi Susu', type: 'evoucher' } }),
      taskOf({ id: 'task-refer', kind: 'refer', title: 'Invite a friend', description: null, target: 1, progress: 1, done: true }),
    ],
    tasksDone: 1,
    reward: { kind: 'points', amount: 100, unit: 'POINT' },
    completedAt: null,
    ...overrides,
  };
}

/** The same mission with every task done and its reward given, a minute ago. */
export function completedMissionOf(overrides: Partial<Mission> = {}): Mission {
  const mission = missionOf();
  return {
    ...mission,
    status: 'completed',
    tasks: mission.tasks.map((task) => ({ ...task, progress: task.target, done: true })),
    tasksDone: mission.tasks.length,
    completedAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}
