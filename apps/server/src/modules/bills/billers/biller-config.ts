import { AppError } from '../../../lib/app-error.ts';
import type { BillerAdapter } from './biller.ts';
import { digiflazzBiller } from './digiflazz.biller.ts';
import { sandboxBiller } from './sandbox.biller.ts';

/** Digiflazz's settings as the deployment gives them (README Configuration); each may be missing. */
export interface DigiflazzSettings {
  username?: string | undefined;
  apiKey?: string | undefined;
  webhookSecret?: string | undefined;
  baseUrl?: string | undefined;
  /** Digiflazz's development mode; outside production it is the default, so nothing is bought by mistake. */
  testing?: boolean | undefined;
  timeoutMs?: number | undefined;
}

const variables = { username: 'DIGIFLAZZ_USERNAME', apiKey: 'DIGIFLAZZ_API_KEY', webhookSecret: 'DIGIFLAZZ_WEBHOOK_SECRET' } as const;

/** A production without a biller sells no bills: every call says the service is unavailable. */
function unavailableBiller(): BillerAdapter {
  const unavailable = async (): Promise<never> => {
    throw new AppError('BILLER_UNAVAILABLE');
  };
  return { name: 'digiflazz', inquiry: unavailable, pay: unavailable, status: unavailable, verifyWebhook: () => null };
}

/**
 * The deployment's biller: Digiflazz when it is configured, else the sandbox outside production.
 * Production never falls back to the sandbox, which sells nothing real: without Digiflazz its bills
 * are unavailable. Half a Digiflazz configuration is refused anywhere, as it is a mistake rather
 * than a choice.
 */
export function billerFor(config: { production: boolean; digiflazz?: DigiflazzSettings | undefined }): BillerAdapter {
  const settings = config.digiflazz ?? {};
  const missing = (Object.keys(variables) as (keyof typeof variables)[]).filter((key) => !settings[key]);
  const { username, apiKey, webhookSecret } = settings;
  if (username && apiKey && webhookSecret) {
    const { baseUrl, timeoutMs, testing = !config.production } = settings;
    return digiflazzBiller({ username, apiKey, webhookSecret, testing, ...(baseUrl && { baseUrl }), ...(timeoutMs && { timeoutMs }) });
  }
  if (missing.length === Object.keys(variables).length) return config.production ? unavailableBiller() : sandboxBiller();
  const names = missing.map((key) => variables[key]).join(', ');
  throw new Error(config.production ? `Bills need Digiflazz in production: set ${names}` : `Digiflazz is half configured: set ${names} too, or none of them`);
}
