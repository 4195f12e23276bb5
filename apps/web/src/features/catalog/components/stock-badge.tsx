import type { ProductStock } from '@kartu/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

/** The few-left count shows on tiles from this many down (a tile stays quiet about ample stock). */
export const FEW_LEFT = 10;

/** Stock as a member may see it (business-rules §9): 'Out of Stock', '>100', or the count. */
export function stockLabelOf(stock: ProductStock, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  switch (stock.status) {
    case 'out_of_stock':
      return t('stock.outOfStock');
    case 'more_than_100':
      return t('stock.moreThan100');
    case 'in_stock':
      return t('stock.count', { count: stock.count });
    case 'unlimited':
      return null;
  }
}

/** A tile's badge: out of stock, a few left, or more than 100; nothing for ordinary or unlimited stock. */
export function StockBadge({ stock }: { stock: ProductStock }) {
  const { t } = useTranslation('shop');
  if (stock.status === 'out_of_stock') return <Badge tone="danger">{t('stock.outOfStock')}</Badge>;
  if (stock.status === 'more_than_100') return <Badge>{t('stock.moreThan100')}</Badge>;
  if (stock.status === 'in_stock' && stock.count <= FEW_LEFT) return <Badge tone="danger">{t('stock.fewLeft', { count: stock.count })}</Badge>;
  return null;
}
