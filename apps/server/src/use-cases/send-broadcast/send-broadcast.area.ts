import type { Area } from '../../http/area.ts';
import { queuePushes } from '../../modules/push/push.queue.ts';
import { sendBroadcastJob } from './send-broadcast.ts';

// The broadcast's routes are the inbox's (POST and GET /integration/v1/broadcasts); its pages are written here.
export const sendBroadcastArea: Area = {
  name: 'send-broadcast',
  jobs: () => [
    sendBroadcastJob({
      // Each page's new messages reach the members' browsers (web push), queued in the page's transaction.
      tellPage: async (tx, page, now) => {
        const messages = page.messages.map((message) => ({ userId: message.userId, message }));
        await queuePushes({ tx, merchantId: page.broadcast.merchantId, messages, now });
      },
    }),
  ],
};
