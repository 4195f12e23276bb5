import type { FastifyPluginAsync } from 'fastify';
import type { JobHandler, RecurringJob } from '../modules/jobs/job-worker.ts';
import type { PaymentEffects } from '../modules/payments/payment-effects.ts';
import type { AppContext } from './app-context.ts';

/** A route plugin, handed the app's context when it is registered. */
export type RoutePlugin = FastifyPluginAsync<AppContext>;

/** What the job handlers of an area are made with: the secrets and drivers their work needs. */
export type JobDependencies = Pick<AppContext, 'drivers' | 'codeSecret' | 'payments' | 'webhookSealKey' | 'voucherCodeKeys'>;

/**
 * What a module or a use case adds to the server, in one place (its `*.area.ts`): the app, the job
 * worker and the payments wiring read every area from the list in `src/areas.ts`, so a new area
 * touches that list and nothing else.
 */
export interface Area {
  name: string;
  /** The member API and its pages' routes. */
  routes?: RoutePlugin[];
  /** Routes served under /integration/v1, behind the merchant's API key. */
  integrationRoutes?: RoutePlugin[];
  /** Routes of a development server only (the demo's outbox, sandbox payments); never in production. */
  developmentRoutes?: RoutePlugin[];
  /** What the area's payments do when they settle, by subject type. */
  paymentEffects?: PaymentEffects;
  /** The area's background work. */
  jobs?: (dependencies: JobDependencies) => JobHandler[];
  /** Jobs the worker schedules on its own, every so often. */
  recurringJobs?: RecurringJob[];
}
