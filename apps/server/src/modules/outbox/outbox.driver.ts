/** One message ready to leave the system through a delivery driver. */
export interface OutboxMessage {
  id: string;
  merchantId: number;
  channel: 'sms' | 'whatsapp' | 'email';
  recipient: string;
  subject: string;
  text: string;
}

/** Sends messages of one or more channels to the outside world. */
export interface OutboxDriver {
  readonly name: string;
  /** True when the driver keeps the message (and so any code in it) readable, as the development outbox does. */
  readonly keepsCodes: boolean;
  deliver(message: OutboxMessage): Promise<void>;
}
