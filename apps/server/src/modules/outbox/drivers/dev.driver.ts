import type { OutboxDriver } from '../outbox.driver.ts';

/** Development delivery: the outbox row is the delivery, read at /dev/outbox. */
export const devDriver: OutboxDriver = {
  name: 'dev',
  keepsCodes: true,
  async deliver() {},
};
