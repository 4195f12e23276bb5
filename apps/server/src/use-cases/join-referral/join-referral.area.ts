import { withSecrets, type Area } from '../../http/area.ts';
import { joinReferralRoutes } from './join-referral.routes.ts';

export const joinReferralArea: Area = { name: 'join-referral', routes: [withSecrets(['activationCodeKey'], joinReferralRoutes)] };
