import { describe, expect, it, vi } from 'vitest';
import { importInSteps } from './next-task.ts';

describe('importInSteps', () => {
  it('imports the steps in order, each in a task of its own, and answers the last module', async () => {
    const events: string[] = [];
    const step = (name: string) => () => {
      events.push(name);
      // A task queued by a step runs before the next step: the browser had its turn in between.
      setTimeout(() => events.push(`after ${name}`), 0);
      return Promise.resolve({ name });
    };
    const last = await importInSteps([step('library'), step('schemas')], step('page'));
    expect(last).toEqual({ name: 'page' });
    expect(events).toEqual(['library', 'after library', 'schemas', 'after schemas', 'page']);
  });

  it('stops at a step that fails, and the failure reaches the caller', async () => {
    const last = vi.fn(() => Promise.resolve({}));
    await expect(importInSteps([() => Promise.reject(new Error('offline'))], last)).rejects.toThrow('offline');
    expect(last).not.toHaveBeenCalled();
  });
});
