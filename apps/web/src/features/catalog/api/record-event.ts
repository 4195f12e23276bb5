import type { MemberEventBody } from '@kartu/contracts';
import { trackVendorEvent } from '../../../lib/analytics-vendors.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/v2/events: tells the server what the member did in the card's shop (put a product in
 * the cart, searched the catalog), for the merchant's reports. Nothing waits for it, and a failure
 * changes nothing the member sees.
 */
export function recordShopEvent(event: MemberEventBody): void {
  const { name, ...properties } = event;
  trackVendorEvent(name, properties);
  api.post<null>('/api/v2/events', { body: event }).catch(() => {
    // A lost report is not the member's problem.
  });
}
