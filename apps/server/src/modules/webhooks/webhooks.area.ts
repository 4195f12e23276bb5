import type { Area } from '../../http/area.ts';
import { webhookDeliveryJob } from './webhooks.service.ts';

export const webhooksArea: Area = { name: 'webhooks', jobs: ({ webhookSealKey }) => [webhookDeliveryJob({ sealKey: webhookSealKey })] };
