import type { Area } from '../../http/area.ts';
import { integrationReceiptRoutes } from './receipts.integration.routes.ts';
import { receiptRoutes } from './receipts.routes.ts';

export const receiptReviewArea: Area = { name: 'receipt-review', routes: [receiptRoutes], integrationRoutes: [integrationReceiptRoutes] };
