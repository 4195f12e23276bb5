import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../db/client.ts';
import { createTestClock } from '../lib/clock.ts';
import { startJobRunner, type Job } from './job-runner.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await connection.close();
});
afterEach(() => {
  vi.useRealTimers();
});

function recordingLog() {
  const errors: string[] = [];
  const infos: string[] = [];
  return { errors, infos, log: { info: (_details: object, message: string) => infos.push(message), error: (_details: object, message: string) => errors.push(message) } };
}

describe('job runner', () => {
  it('runs each job at start and then every interval, with the clock time of each run', async () => {
    vi.useFakeTimers();
    const clock = createTestClock();
    const runs: Date[] = [];
    const job: Job = { name: 'count', intervalMs: 1000, run: async ({ now }) => runs.push(now) };
    const { log, infos } = recordingLog();
    const runner = startJobRunner([job], { connection, clock, log });
    expect(infos).toEqual(['background jobs started']);

    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    clock.advance(1000);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(3);
    expect(runs[1]).toEqual(clock.now());
    await runner.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(3);
  });

  it('logs a failing run and keeps running the job', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const job: Job = {
      name: 'flaky',
      intervalMs: 1000,
      run: async () => {
        attempts += 1;
        throw new Error('database unreachable');
      },
    };
    const { log, errors } = recordingLog();
    const runner = startJobRunner([job], { connection, clock: createTestClock(), log });
    await vi.advanceTimersByTimeAsync(2500);
    expect(attempts).toBe(3);
    expect(errors).toEqual(['background job flaky failed', 'background job flaky failed', 'background job flaky failed']);
    await runner.stop();
  });

  it('waits for a run under way when stopped, and never starts another', async () => {
    let finish: () => void = () => {};
    let started = 0;
    let finished = false;
    const job: Job = {
      name: 'slow',
      intervalMs: 10,
      run: () => {
        started += 1;
        return new Promise<void>((resolve) => {
          finish = () => {
            finished = true;
            resolve();
          };
        });
      },
    };
    const runner = startJobRunner([job], { connection, clock: createTestClock(), log: recordingLog().log });
    await vi.waitFor(() => expect(started).toBe(1));
    const stopping = runner.stop();
    finish();
    await stopping;
    expect(finished).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(1);
  });
});
