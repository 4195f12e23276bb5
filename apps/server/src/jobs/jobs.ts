import type { JobHandler, RecurringJob } from '../modules/jobs/job-worker.ts';
import type { JobDependencies } from '../http/area.ts';
import { areas } from '../areas.ts';

/** What the server's workers run (docs/operations.md Background jobs): every area's jobs. Each is safe to run again. */
export const serverJobHandlers = (dependencies: JobDependencies): JobHandler[] => areas.flatMap((area) => area.jobs?.(dependencies) ?? []);

export const serverRecurringJobs: RecurringJob[] = areas.flatMap((area) => area.recurringJobs ?? []);
