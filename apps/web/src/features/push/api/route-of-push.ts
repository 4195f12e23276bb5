import { pushRouteAnswerSchema, type PushRouteBody } from '@kartu/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/push/route (app-core §7): the app page a push's routeName and ids name. */
export function routeOfPush(route: PushRouteBody): Promise<string> {
  return api.post('/api/push/route', { body: route, schema: pushRouteAnswerSchema }).then((answer) => answer.url);
}
