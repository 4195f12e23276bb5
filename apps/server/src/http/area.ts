import type { FastifyPluginAsync } from 'fastify';
import type { JobHandler, RecurringJob } from '../modules/jobs/job-worker.ts';
import type { PaymentEffects } from '../modules/payments/payment-effects.ts';
import type { AppContext } from './app-context.ts';
import type { AppSecrets } from './app-secrets.ts';

export type RoutePlugin = FastifyPluginAsync<AppContext>;

/** Routes that need some of the server's secrets: they are handed those they name, and no other. */
export interface RoutesWithSecrets {
  secrets: readonly (keyof AppSecrets)[];
  withKeys: (secrets: AppSecrets) => RoutePlugin;
}

export function withSecrets<K extends keyof AppSecrets>(names: readonly K[], plugin: FastifyPluginAsync<AppContext & Pick<AppSecrets, K>>): RoutesWithSecrets {
  return {
    secrets: names,
    withKeys: (secrets) => async (app, options) => {
      // The prefix the plugin was registered under applies already; given again, it would double.
      const { prefix: _prefix, ...context } = options as AppContext & { prefix?: string };
      const named = Object.fromEntries(names.map((name) => [name, secrets[name]])) as Pick<AppSecrets, K>;
      await app.register(plugin, { ...context, ...named });
    },
  };
}

export type AreaRoutes = RoutePlugin | RoutesWithSecrets;

/** The plugin to register for an area's routes, with the secrets they named. */
export function routePluginOf(routes: AreaRoutes, secrets: AppSecrets): RoutePlugin {
  return typeof routes === 'function' ? routes : routes.withKeys(secrets);
}

/** What the job handlers of an area are made with: the drivers and secrets their work needs. */
export type JobDependencies = Pick<AppContext, 'drivers' | 'payments' | 'biller'> & Pick<AppSecrets, 'outboxSealKey' | 'webhookSealKey' | 'voucherCodeKeys'>;

/**
 * What a module or a use case adds to the server, in one place (its `*.area.ts`): the app, the job
 * worker and the payments wiring read every area from the list in `src/areas.ts`, so a new area
 * touches that list and nothing else.
 */
export interface Area {
  name: string;
  /** The member API and its pages' routes. */
  routes?: AreaRoutes[];
  /** Routes served under /integration/v1, behind the merchant's API key. */
  integrationRoutes?: AreaRoutes[];
  /** Routes of a development server only (the demo's outbox, sandbox payments); never in production. */
  developmentRoutes?: AreaRoutes[];
  /** What the area's payments do when they settle, by subject type. */
  paymentEffects?: PaymentEffects;
  jobs?: (dependencies: JobDependencies) => JobHandler[];
  recurringJobs?: RecurringJob[];
}
