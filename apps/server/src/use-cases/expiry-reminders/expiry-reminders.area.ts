import type { Area } from '../../http/area.ts';
import { DAY_MS } from '@kartu/core/calendar';
import { leaveEveryMerchantsExpiryReminders } from './expiry-reminders.ts';

export const expiryRemindersArea: Area = {
  name: 'expiry-reminders',
  jobs: () => [{ name: 'expiry-reminders', run: leaveEveryMerchantsExpiryReminders }],
  // Daily: the window is 7 whole days ahead, so a day's run reaches every day yesterday's did not.
  recurringJobs: [{ name: 'expiry-reminders', everyMs: DAY_MS }],
};
