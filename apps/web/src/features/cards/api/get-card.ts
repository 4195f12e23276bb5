export { cardQueryOptions, getCard, useCard } from '../../../lib/card-detail.ts';
