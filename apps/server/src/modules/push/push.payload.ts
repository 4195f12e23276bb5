import type { InboxFacts, Language, PushKind, PushPayload, PushRouteBody } from '@kartu/contracts';
import { wordPush, type MerchantFormats } from './push.texts.ts';

/** What a push tells of: an inbox message as it was left. */
export interface PushedMessage {
  id: string;
  facts: InboxFacts;
  link: string | null;
  cardId: string | null;
}

const rewardKinds = { welcome: 'SingleSignUpReward', birthday: 'SingleBirthdayReward', 'level-up': 'LevelUpModalMessage' } as const satisfies Record<string, PushKind>;

/**
 * The modal a message's push opens in the app (app-core §2 global modals, §4 push kinds): a level
 * reached and a level's reward open the level-up one, a welcome or birthday reward its own, a mission
 * completed the mission's; every other message is a plain notification.
 */
export function pushKindOf(facts: InboxFacts): PushKind | null {
  if (facts.kind === 'level_reached') return 'LevelUpModalMessage';
  if (facts.kind === 'mission_completed') return 'MissionActivityCommissionModalMessage';
  if (facts.kind === 'reward_granted') return rewardKinds[facts.reward];
  return null;
}

/** The page a push names for `POST /api/push/route` (app-core §3): the card it is about, else the inbox. */
function queryStringOf(message: PushedMessage): PushRouteBody {
  return message.cardId ? { routeName: 'cards-cardId', cardId: message.cardId } : { routeName: 'notifications' };
}

/** The push of an inbox message in the member's language (app-core §3 Push payload). */
export function pushPayloadOf({ message, language, formats, icon }: { message: PushedMessage; language: Language; formats: MerchantFormats; icon: string | null }): PushPayload {
  const { title, body } = wordPush(message.facts, language, formats);
  return {
    title,
    body,
    icon,
    extras: { queryString: queryStringOf(message), kind: pushKindOf(message.facts), messageId: message.id, link: message.link },
  };
}
