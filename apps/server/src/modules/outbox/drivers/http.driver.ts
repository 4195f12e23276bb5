import { PermanentDeliveryError, type OutboxDriver, type OutboxMessage } from '../outbox.driver.ts';

export interface HttpDriverOptions {
  /** The provider's endpoint that accepts one message per POST. */
  url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token: string;
  timeoutMs?: number;
}

/** The JSON body the provider receives (documented for providers in docs/delivery.md). */
export interface ProviderPayload {
  channel: 'sms' | 'whatsapp';
  to: string;
  text: string;
  /** The outbox message id: lets the provider drop a retried duplicate. */
  reference: string;
}

/** SMS and WhatsApp delivery through a provider's HTTP API (ARCHITECTURE 'Outbound messages'). */
export function createHttpDriver({ url, token, timeoutMs = 10_000 }: HttpDriverOptions): OutboxDriver {
  return {
    name: 'http',
    keepsCodes: false,
    async deliver(message: OutboxMessage): Promise<void> {
      if (message.channel !== 'sms' && message.channel !== 'whatsapp') throw new Error(`The HTTP driver cannot deliver ${message.channel} messages`);
      const payload: ProviderPayload = { channel: message.channel, to: message.recipient, text: message.text, reference: message.id };
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
        throw new Error(`The SMS provider ${reason}`);
      }
      // The body is dropped unread: a provider may echo the message, and with it a sign-in code.
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return;
      // A 4xx refuses this message itself (a number that does not exist, a text it will not take),
      // except the answers that mean "not now".
      const failure = `The SMS provider answered ${response.status}`;
      if (response.status >= 400 && response.status < 500 && ![408, 425, 429].includes(response.status)) throw new PermanentDeliveryError(failure);
      throw new Error(failure);
    },
  };
}
