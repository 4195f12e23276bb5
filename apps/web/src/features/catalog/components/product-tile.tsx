import { Link } from 'react-router';
import type { ProductSummary } from '@kartu/contracts';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { productPriceText } from '../../../components/shop/custom-value.tsx';
import { ProductImage } from '../../../components/shop/product-image.tsx';
import { StockBadge } from './stock-badge.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';

/** Two tiles a row in the 480 px column, less the gaps. */
const tileSizes = '(min-width: 480px) 220px, calc(50vw - 24px)';

/** A product in a list: picture, name (two lines at most), price and stock; opens the product page. */
export function ProductTile({ cardId, product, format }: { cardId: string; product: ProductSummary; format: ShopFormat }) {
  const { t } = useTranslation('shop');
  const soldOut = product.stock.status === 'out_of_stock';
  return (
    <Link
      className={['product-tile', soldOut ? 'product-tile--sold-out' : null].filter(Boolean).join(' ')}
      to={paths.cardProduct.href({ cardId, productType: product.type, productId: product.id })}
    >
      <span className="product-tile__picture">
        <ProductImage image={product.image} alt="" sizes={tileSizes} className="product-tile__image" />
      </span>
      <span className="product-tile__name">{product.name}</span>
      <span className="product-tile__price">{productPriceText(product, format, t)}</span>
      {/* After the name and price, so the link reads them first; drawn over the picture. */}
      <span className="product-tile__badge">
        <StockBadge stock={product.stock} />
      </span>
    </Link>
  );
}

/** Tiles still loading, in the grid's own shape. */
export function ProductGridSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useTranslation('shop');
  return (
    <LoadingRegion label={t('loading')} className="product-grid">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="product-tile product-tile--skeleton">
          <Skeleton shape="block" className="product-tile__picture" />
          <Skeleton width="90%" />
          <Skeleton width="50%" />
        </span>
      ))}
    </LoadingRegion>
  );
}
