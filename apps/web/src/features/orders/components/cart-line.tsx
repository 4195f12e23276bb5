import { useState } from 'react';
import { Link } from 'react-router';
import { clampQuantity } from '@kartu/core';
import type { CartLine, CartProblem } from '@kartu/contracts';
import { TrashIcon } from '../../../components/layout/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { removeFromCart, setCartQuantity } from '../../../lib/cart-store.ts';
import { lineProblemText, productPriceText } from '../../../components/shop/custom-value.tsx';
import { ProductImage } from '../../../components/shop/product-image.tsx';
import { QuantityInput } from '../../../components/shop/quantity-input.tsx';
import type { ShopFormat } from '../../../components/shop/use-shop-format.ts';

export interface CartLineRowProps {
  cardId: string;
  line: CartLine;
  /** The quantity the cart holds: the line's own until the server has priced a change. */
  quantity: number;
  problems: readonly CartProblem[];
  format: ShopFormat;
}

/** One line of the cart: picture, name, unit price, a quantity stepper, its problems and remove. */
export function CartLineRow({ cardId, line, quantity, problems, format }: CartLineRowProps) {
  const { t } = useTranslation('shop');
  const { product } = line;
  const [text, setText] = useState(String(quantity));
  const [held, setHeld] = useState(quantity);
  // Another tab, or a cap, may change the cart: the field follows the stored quantity.
  if (held !== quantity) {
    setHeld(quantity);
    setText(String(quantity));
  }
  const problemId = `cart-line-${product.id}-problems`;
  const change = (next: string) => {
    setText(next);
    if (next === '' || product.maxPerOrder < 1) return;
    const kept = clampQuantity(next, { max: product.maxPerOrder });
    setHeld(kept);
    setCartQuantity(cardId, product.id, kept);
  };
  return (
    <li className="cart-line" aria-describedby={problems.length > 0 ? problemId : undefined}>
      <ProductImage image={product.image} alt="" sizes="72px" className="cart-line__image" />
      <div className="cart-line__text">
        <Link className="cart-line__name" to={paths.cardProduct.href({ cardId, productType: product.type, productId: product.id })}>
          {product.name}
        </Link>
        {line.value !== null ? (
          <span className="cart-line__price">{t(product.customValue?.isDonation ? 'customValue.yourDonation' : 'customValue.yourAmount', { amount: format.money(line.value, product.price.currency) })}</span>
        ) : (
          <span className="cart-line__price">
            <span className="visually-hidden">{t('cart.unitPrice')} </span>
            {productPriceText(product, format, t)}
          </span>
        )}
        {problems.length > 0 ? (
          <ul id={problemId} className="cart-problems cart-problems--line">
            {problems.map((problem) => (
              <li key={problem.code}>{lineProblemText(problem, t, { format, currency: product.price.currency, isDonation: product.customValue?.isDonation ?? false })}</li>
            ))}
          </ul>
        ) : null}
        <div className="cart-line__actions">
          <QuantityInput value={text} onChange={change} max={product.maxPerOrder} label={t('quantity.label')} productName={product.name} />
          <button type="button" className="icon-btn cart-line__remove" aria-label={t('cart.remove', { name: product.name })} onClick={() => removeFromCart(cardId, product.id)}>
            <TrashIcon />
          </button>
        </div>
      </div>
    </li>
  );
}
