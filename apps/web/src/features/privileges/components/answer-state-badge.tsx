import type { AnswerReviewState } from '@kartu/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

const toneOf: Record<AnswerReviewState, BadgeTone> = { pending: 'neutral', approved: 'success', rejected: 'danger' };

/** In review, Approved or Not approved. */
export function AnswerStateBadge({ state }: { state: AnswerReviewState }) {
  const { t } = useTranslation('privileges');
  return <Badge tone={toneOf[state]}>{t(`answerState.${state}`)}</Badge>;
}
