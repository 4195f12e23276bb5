import type { Area } from '../../http/area.ts';
import { deliveryJob, sealKeyFor } from './outbox.service.ts';

export const outboxArea: Area = { name: 'outbox', jobs: ({ drivers, codeSecret }) => [deliveryJob({ drivers, sealKey: sealKeyFor(codeSecret) })] };
