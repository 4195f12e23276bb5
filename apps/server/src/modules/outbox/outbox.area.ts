import type { Area } from '../../http/area.ts';
import { deliveryJob } from './outbox.service.ts';

export const outboxArea: Area = { name: 'outbox', jobs: ({ drivers, outboxSealKey }) => [deliveryJob({ drivers, sealKey: outboxSealKey })] };
