import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { CatalogCategory, ProductSummary } from '@kartu/contracts';
import { AppLayout } from '../../../components/layout/app-layout.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { ChevronIcon } from '../../../components/layout/icons.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ShopBagIllustration } from '../../../components/ui/empty-illustrations.tsx';
import { paths } from '../../../config/paths.ts';
import { useBackNavigation } from '../../../lib/back-navigation.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useCatalog } from '../api/get-catalog.ts';
import { CartButton, OrdersButton } from '../components/cart-button.tsx';
import { CatalogSearch } from '../components/catalog-search.tsx';
import { ProductGridSkeleton, ProductTile } from '../components/product-tile.tsx';
import { ShopLoadError } from '../../../components/shop/shop-states.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';
import { useShopCard } from '../../../components/shop/use-shop-card.ts';
import '../../../components/shop/shop.css';
import '../catalog.css';

/** The storefront shows up to this many products, grouped by category; 'See all' opens the rest. */
const STOREFRONT_SIZE = 50;
const noFilter = {};

/**
 * '/cards/:cardId/catalogs': the card's storefront: a search, the categories as chips, and a row of
 * products per category (spec app-core §2 catalogs). An expired subscription leaves it open.
 */
export function CatalogHomePage() {
  const { cardId = '' } = useParams();
  const { t } = useTranslation('shop');
  const goBack = useBackNavigation();
  const navigate = useNavigate();
  const { card, format } = useShopCard(cardId);
  const catalog = useCatalog(cardId, noFilter, { limit: STOREFRONT_SIZE });
  const first = catalog.data?.pages[0];

  const body = () => {
    if (card.isError || catalog.isError) {
      return <ShopLoadError reads={[card, catalog]} />;
    }
    if (!first || !format) return <ProductGridSkeleton count={4} />;
    const products = (catalog.data?.pages ?? []).flatMap((page) => page.data);
    const categories = first.categories.filter((category) => category.productCount > 0);
    if (categories.length === 0 && products.length === 0) {
      return <EmptyState illustration={<ShopBagIllustration />} title={t('home.empty.title')} message={t('home.empty.message')} />;
    }
    return (
      <>
        <nav className="category-chips" aria-label={t('home.categories')}>
          <ul>
            {categories.map((category) => (
              <li key={category.id}>
                <Link className="category-chip" to={paths.cardShop.href({ cardId }, { categoryId: category.id })}>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {categories.map((category) => (
          <CategoryRow key={category.id} cardId={cardId} category={category} products={products.filter((product) => product.category.id === category.id)} format={format} />
        ))}
        <Link className="catalog-home__pickup" to={paths.cardDistributors.href({ cardId })}>
          {t('distributors.title')}
          <ChevronIcon />
        </Link>
      </>
    );
  };

  return (
    <AppLayout
      header={
        <Header
          title={t('home.title')}
          subtitle={card.data?.cardProgram.programName}
          onBack={goBack}
          actions={
            <>
              <OrdersButton cardId={cardId} />
              <CartButton cardId={cardId} />
            </>
          }
        />
      }
    >
      <div className="shop-page">
        <CatalogSearch value="" onSubmit={(q) => void navigate(paths.cardShop.href({ cardId }, { q }))} />
        {body()}
      </div>
    </AppLayout>
  );
}

function CategoryRow({ cardId, category, products, format }: { cardId: string; category: CatalogCategory; products: ProductSummary[]; format: ShopFormat }) {
  const { t } = useTranslation('shop');
  const titleId = useId();
  if (products.length === 0) return null;
  return (
    <section className="category-row" aria-labelledby={titleId}>
      <div className="category-row__header">
        <h2 id={titleId} className="category-row__title">
          {category.name}
        </h2>
        <Link className="category-row__all" to={paths.cardShop.href({ cardId }, { categoryId: category.id })} aria-label={t('home.seeAllIn', { category: category.name })}>
          {t('home.seeAll')}
          <ChevronIcon />
        </Link>
      </div>
      <ul className="category-row__products">
        {products.map((product) => (
          <li key={product.id}>
            <ProductTile cardId={cardId} product={product} format={format} />
          </li>
        ))}
      </ul>
    </section>
  );
}
