import type { OutboxChannel } from './outbox-messages.table.ts';

export interface OutboxMessage {
  id: string;
  merchantId: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  text: string;
}

export interface OutboxDriver {
  readonly name: string;
  /** True when the driver keeps the message (and so any code in it) readable, as the development outbox does. */
  readonly keepsCodes: boolean;
  /** Throws PermanentDeliveryError when the provider refuses the message for good, any other error when a retry may get it through. */
  deliver(message: OutboxMessage): Promise<void>;
}

/** The provider refused this message for good (an address or number that does not exist): retrying cannot help. */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}
