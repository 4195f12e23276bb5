import type { Area } from '../../http/area.ts';
import { DAY_MS } from '@kartu/core/calendar';
import { purgeDoneJobs } from './jobs.service.ts';

export const jobsArea: Area = {
  name: 'jobs',
  // Finished jobs are kept a week for operators to look into, then forgotten.
  jobs: () => [{ name: 'purge-jobs', run: ({ db, now }) => purgeDoneJobs({ db, now, keepMs: 7 * DAY_MS }) }],
  recurringJobs: [{ name: 'purge-jobs', everyMs: DAY_MS }],
};
