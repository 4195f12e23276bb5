import { useState } from 'react';
import { cartConflictOf, type CartConflict } from '@kartu/core/cart';
import type { ProductSummary } from '@kartu/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';
import { recordShopEvent } from '../api/record-event.ts';
import { addToCart, cartRuleProductOf, getCart, replaceCart } from '../../../lib/cart-store.ts';

type AddedProduct = Pick<ProductSummary, 'id' | 'name' | 'type' | 'category' | 'isPreciousMetal' | 'maxPerOrder'>;

interface Pending {
  product: AddedProduct;
  quantity: number;
  value: number | undefined;
  conflict: CartConflict;
}

/**
 * Adding to the card's cart by the cart rules (business-rules §5, app-core §6): a product that
 * cannot share the cart asks first whether to empty it. `added` names the product last added, for
 * the page to say so beside its button with a way to the cart.
 */
export function useAddToCart(cardId: string) {
  const { t } = useTranslation('shop');
  const [pending, setPending] = useState<Pending | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  /** `value`: the one chosen for a custom-value product. */
  const add = (product: AddedProduct, quantity: number, value?: number) => {
    const conflict = cartConflictOf(getCart(cardId), cartRuleProductOf(product));
    if (conflict) {
      setPending({ product, quantity, value, conflict });
      return;
    }
    addToCart(cardId, product, quantity, value);
    recordShopEvent({ name: 'add_to_cart', cardId, productId: product.id, quantity });
    setAdded(product.name);
  };

  const dialog = pending ? (
    <ConfirmDialog
      title={t('conflict.title')}
      message={t(`conflict.${pending.conflict}`)}
      confirmLabel={t('conflict.confirm')}
      cancelLabel={t('conflict.cancel')}
      onConfirm={() => {
        replaceCart(cardId, pending.product, pending.quantity, pending.value);
        recordShopEvent({ name: 'add_to_cart', cardId, productId: pending.product.id, quantity: pending.quantity });
        setPending(null);
        setAdded(pending.product.name);
      }}
      onCancel={() => setPending(null)}
    />
  ) : null;

  return { add, dialog, added };
}
