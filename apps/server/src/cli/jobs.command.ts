import { listDeadJobs, retryDeadJob } from '../modules/jobs/jobs.service.ts';
import { readOptions, required, type CliContext } from './cli.context.ts';

export async function listFailedJobsCommand(args: string[], { db, out }: CliContext): Promise<void> {
  readOptions(args, {});
  const dead = await listDeadJobs({ db });
  if (dead.length === 0) out('No failed jobs.');
  for (const job of dead) {
    out(`${job.id}  ${job.name}  ${job.attempts} tries, last ${job.finishedAt?.toISOString() ?? '?'}: ${job.lastError ?? 'no error kept'}`);
  }
}

export async function retryJobCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { id: { type: 'string' } });
  const job = await retryDeadJob({ db, id: required(values, 'id'), now: now() });
  out(`Job ${job.id} (${job.name}) is queued again with ${job.maxAttempts} tries; a running server picks it up within seconds.`);
}
