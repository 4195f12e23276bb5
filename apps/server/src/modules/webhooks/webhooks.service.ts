import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { openText, sealText, type SealKey } from '../../lib/sealed-text.ts';
import { derivedKey } from '../../lib/secret-keys.ts';
import { deleteWebhook, findEvent, findWebhook, insertEvent, recordTry, saveWebhook } from './webhooks.repository.ts';

/*
 * Webhooks to merchants (docs/integration.md Webhooks). A module queues an event in the
 * transaction of the change it announces; a job sends it, signed, and tries again with backoff
 * (the job queue's: 10 s doubling to an hour, 10 tries) until the merchant answers 2xx.
 */

export type WebhookEventType = 'order.created' | 'order.paid' | 'voucher.code_requested' | 'voucher.issue_failed' | 'mission.completed' | 'perk.answered';

export const webhookSignatureHeader = 'kartu-signature';
export const webhookJobName = 'deliver-webhook';
const TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the timestamp lets a receiver refuse replays. */
export function signWebhook(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * The key webhook secrets are sealed under: derived from CODE_SECRET for this one purpose, so the
 * operator CLI and every server instance open them alike. Outside production, with no CODE_SECRET,
 * a fixed development key stands in (production requires CODE_SECRET).
 */
export function webhookSealKeyFor(codeSecret: string | undefined): SealKey {
  return derivedKey(codeSecret, 'merchant webhook secrets');
}

const urlSchema = z.url({ protocol: /^https?$/ }).max(2000);

/**
 * Sets where a merchant's webhooks go, with a new signing secret, answered once. Production takes
 * https addresses only: the messages carry members' orders.
 */
export async function setMerchantWebhook({ db, merchantId, url, sealKey, production, now }: { db: Database; merchantId: number; url: string; sealKey: SealKey; production: boolean; now: Date }): Promise<{ secret: string }> {
  const parsed = urlSchema.safeParse(url);
  if (!parsed.success || (production && !url.startsWith('https://'))) throw new AppError('VALIDATION_FAILED', { message: `The webhook address must be an ${production ? 'https' : 'http(s)'} URL` });
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  await saveWebhook(db, { merchantId, url: parsed.data, secretSealed: sealText(secret, sealKey), updatedAt: now });
  return { secret };
}

export async function removeMerchantWebhook({ db, merchantId }: { db: Database; merchantId: number }): Promise<void> {
  await deleteWebhook(db, merchantId);
}

/**
 * Queues an event for the merchant in the caller's transaction: sent once that commits. A merchant
 * without a webhook gets nothing queued, and its message is never made (`data` is asked only then).
 */
export async function queueWebhookEvent(
  tx: Database,
  { merchantId, type, data, now }: { merchantId: number; type: WebhookEventType; data: () => Promise<Record<string, unknown>>; now: Date },
): Promise<void> {
  if (!(await findWebhook(tx, merchantId))) return;
  const event = await insertEvent(tx, { merchantId, type, data: await data(), createdAt: now });
  await enqueueJob({ db: tx, name: webhookJobName, payload: { eventId: event.id }, key: `webhook:${event.id}`, runAt: now, now });
}

/** The job that sends one event; a merchant that does not answer 2xx is tried again. */
export function webhookDeliveryJob({ sealKey }: { sealKey: SealKey }): JobHandler {
  return {
    name: webhookJobName,
    run: async ({ db, now, payload, log }) => {
      const event = typeof payload.eventId === 'string' ? await findEvent(db, payload.eventId) : undefined;
      if (!event || event.deliveredAt) return;
      const webhook = await findWebhook(db, event.merchantId);
      // The merchant stopped taking webhooks since: there is nowhere to send it.
      if (!webhook) return;
      const secret = openText(webhook.secretSealed, sealKey);
      if (secret === null) throw new Error('The webhook secret cannot be opened: CODE_SECRET changed since it was set');
      const body = JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
      let failure: string | null = null;
      try {
        const response = await fetch(webhook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [webhookSignatureHeader]: signWebhook(secret, body, now), 'user-agent': 'Kartu-Webhooks/1' },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'manual',
        });
        if (response.status < 200 || response.status > 299) failure = `answered ${response.status}`;
        await response.body?.cancel();
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      await recordTry(db, { id: event.id, error: failure, deliveredAt: failure ? null : now });
      if (failure) {
        log.error({ eventId: event.id, merchantId: event.merchantId, failure }, 'webhook not delivered: it will be tried again');
        throw new Error(`Webhook ${event.id} not delivered: ${failure}`);
      }
    },
  };
}
