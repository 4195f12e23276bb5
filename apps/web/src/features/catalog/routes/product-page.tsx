import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { clampQuantity, formatWeight, isQuantityDisabled } from '@kartu/core';
import { customValueProblemOf, PRODUCT_TYPES } from '@kartu/core/cart';
import type { Currency, ProductDetail } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { PageNotFoundError } from '../../../lib/page-not-found.ts';
import { useProduct } from '../api/get-product.ts';
import { CartButton } from '../components/cart-button.tsx';
import { CustomValueField, lineProblemText, productPriceText } from '../../../components/shop/custom-value.tsx';
import { ProductImage } from '../../../components/shop/product-image.tsx';
import { QuantityInput } from '../../../components/shop/quantity-input.tsx';
import { ShopLoadError } from '../../../components/shop/shop-states.tsx';
import { stockLabelOf } from '../components/stock-badge.tsx';
import { useAddToCart } from '../components/use-add-to-cart.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';
import { isNotFound, useShopCard } from '../../../components/shop/use-shop-card.ts';
import '../../../components/shop/shop.css';
import '../catalog.css';

const isProductType = (value: string): boolean => (PRODUCT_TYPES as readonly string[]).includes(value);

/** '/cards/:cardId/catalogs/:productType/:productId': one product, its quantity, and 'Add to cart'. */
export function ProductPage() {
  const { cardId = '', productType = '', productId = '' } = useParams();
  const { t } = useTranslation('shop');
  const { t: common } = useTranslation();
  const goBack = useBackNavigation();
  const { card, format } = useShopCard(cardId);
  const product = useProduct(cardId, productType, productId);
  if (!isProductType(productType) || (product.isError && isNotFound(product.error))) throw new PageNotFoundError(common('errors.PRODUCT_NOT_FOUND'));

  const body = () => {
    if (card.isError || product.isError) {
      return <ShopLoadError reads={[card, product]} />;
    }
    if (!product.data || !format || !card.data) {
      return (
        <LoadingRegion label={t('loading')} className="product-page__skeleton">
          <Skeleton shape="block" className="product-page__photo" />
          <Skeleton width="80%" height="1.5rem" />
          <Skeleton width="40%" />
          <Skeleton shape="block" height="6rem" />
        </LoadingRegion>
      );
    }
    return <ProductView key={product.data.id} cardId={cardId} product={product.data} format={format} currency={card.data.currency} />;
  };

  return (
    <AppLayout header={<Header title={product.data?.name ?? t('product.title')} onBack={goBack} actions={<CartButton cardId={cardId} />} />}>
      <div className="shop-page product-page">{body()}</div>
    </AppLayout>
  );
}

function ProductView({ cardId, product, format, currency }: { cardId: string; product: ProductDetail; format: ShopFormat; currency: Currency }) {
  const { t } = useTranslation('shop');
  const [quantity, setQuantity] = useState('1');
  // A custom-value product's amount, checked against its range when the member adds it.
  const [value, setValue] = useState<number | null>(null);
  const [valueChecked, setValueChecked] = useState(false);
  const range = product.customValue;
  const valueProblem = range ? customValueProblemOf(range, value ?? undefined) : null;
  const { add, dialog, added } = useAddToCart(cardId);
  const max = product.maxPerOrder;
  const stock = stockLabelOf(product.stock, t);
  const picture = product.photo ?? product.image;
  return (
    <>
      <ProductImage image={picture} alt={product.name} sizes="(min-width: 480px) 480px, 100vw" className="product-page__photo" priority />
      <div className="product-page__summary">
        <p className="product-page__category">{product.category.name}</p>
        {/* The header's title is the page's heading; a long name is cut there, so it shows in full here too. */}
        <p className="product-page__name" aria-hidden="true">
          {product.name}
        </p>
        <p className="product-page__price">{productPriceText(product, format, t)}</p>
        <div className="product-page__facts">
          {stock ? <Badge tone={product.stock.status === 'out_of_stock' ? 'danger' : 'neutral'}>{stock}</Badge> : null}
          {product.type === 'physical' && product.weightGrams !== null ? (
            <span className="product-page__weight">{t('product.weight', { weight: formatWeight(product.weightGrams) })}</span>
          ) : null}
        </div>
      </div>
      {product.description ? (
        <section className="product-page__section" aria-labelledby="product-description">
          <h2 id="product-description">{t('product.description')}</h2>
          <p>{product.description}</p>
        </section>
      ) : null}
      {product.terms ? (
        <section className="product-page__section" aria-labelledby="product-terms">
          <h2 id="product-terms">{t('product.terms')}</h2>
          <p>{product.terms}</p>
        </section>
      ) : null}
      <div className="product-page__buy">
        {range ? (
          <CustomValueField
            range={range}
            currency={currency}
            value={value}
            onChange={(next) => {
              setValue(next);
              setValueChecked(false);
            }}
            error={valueChecked && valueProblem ? lineProblemText(valueProblem, t, { format, currency: product.price.currency, isDonation: range.isDonation }) : undefined}
            format={format}
          />
        ) : null}
        {/* One amount a time needs no quantity to choose. */}
        {range && max <= 1 ? null : (
          <>
            <QuantityInput value={quantity} onChange={setQuantity} max={max} label={t('quantity.label')} />
            {max > 0 ? <p className="product-page__max">{t('quantity.max', { count: max })}</p> : null}
          </>
        )}
        <Button
          block
          disabled={isQuantityDisabled({ max })}
          onClick={() => {
            setValueChecked(true);
            if (valueProblem) return;
            add(product, clampQuantity(quantity, { max }), range && value !== null ? value : undefined);
          }}
        >
          {product.stock.status === 'out_of_stock' ? t('stock.outOfStock') : t('product.addToCart')}
        </Button>
        <p className="product-page__added" role="status">
          {added ? (
            <>
              <span>{t('product.added', { name: added })}</span> <Link to={paths.cardCart.href({ cardId })}>{t('cart.view')}</Link>
            </>
          ) : null}
        </p>
      </div>
      {dialog}
    </>
  );
}
