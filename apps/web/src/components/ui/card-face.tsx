import type { ReactNode } from 'react';
import type { SizedImage } from '@kartu/contracts';
import { formatCardNumber } from '@kartu/core';
import './card-face.css';

export interface CardFaceProps {
  brand: string;
  programName: string;
  /** The id of the program name, for the tile that is labelled by it. */
  titleId?: string;
  iconUrl?: string | null;
  /** The balance in its unit, already formatted; absent on a card not yet in the wallet. */
  balance?: string;
  balanceLabel?: string;
  number: string;
  numberLabel: string;
  /** Level and status badges, at the foot of the face. */
  badges?: ReactNode;
  /** The program's card art, when the merchant has set one: drawn under the text instead of the brand's colours. */
  art?: SizedImage | null;
  /**
   * How soon the art is fetched: `priority` for the page's largest picture (fetched first), `eager`
   * for any other card in the first screen, `lazy` for those further down.
   */
  artLoading?: 'priority' | 'eager' | 'lazy';
}

/** The tile spans the column: the page's width less its padding, up to the 480 px app width. */
const artSizes = '(min-width: 480px) 448px, calc(100vw - 32px)';

/**
 * What is printed on a loyalty card: the program's card art under a dark veil, or else a face drawn
 * from the brand — its colours as a gradient with a soft pattern (--brand-header to --brand-face-end,
 * legible by construction); then the brand's icon or initial, the program, the balance, and the
 * number grouped by 4. Goes inside `.card-tile`.
 */
export function CardFace({ brand, programName, titleId, iconUrl, balance, balanceLabel, number, numberLabel, badges, art, artLoading = 'eager' }: CardFaceProps) {
  return (
    <>
      {art ? (
        <>
          <img
            className="card-tile__art"
            src={art.src}
            srcSet={art.srcSet}
            sizes={artSizes}
            alt=""
            width={art.width}
            height={art.height}
            decoding="async"
            fetchPriority={artLoading === 'priority' ? 'high' : undefined}
            loading={artLoading === 'lazy' ? 'lazy' : undefined}
          />
          <span className="card-tile__veil" aria-hidden="true" />
        </>
      ) : null}
      <span className="card-tile__top">
        {iconUrl ? (
          <img className="card-tile__icon" src={iconUrl} alt="" width={40} height={40} />
        ) : (
          <span className="card-tile__icon card-tile__icon--initial" aria-hidden="true">
            {brand.slice(0, 1)}
          </span>
        )}
        <span className="card-tile__names">
          <span className="card-tile__brand">{brand}</span>
          <span id={titleId} className="card-tile__program">
            {programName}
          </span>
        </span>
      </span>
      {balance !== undefined ? (
        <span className="card-tile__balance">
          {balanceLabel ? <span className="visually-hidden">{balanceLabel} </span> : null}
          {balance}
        </span>
      ) : null}
      <span className="card-tile__bottom">
        <span className="card-tile__number">
          <span className="visually-hidden">{numberLabel} </span>
          {formatCardNumber(number)}
        </span>
        {badges}
      </span>
    </>
  );
}
