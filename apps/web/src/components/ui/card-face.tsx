import type { ReactNode } from 'react';
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
}

/**
 * What is printed on a loyalty card, drawn from the brand: its colours as a gradient with a soft
 * pattern (--brand-header to --brand-face-end, legible by construction), the brand's icon or
 * initial, the program, the balance, and the number grouped by 4. Goes inside `.card-tile`.
 */
export function CardFace({ brand, programName, titleId, iconUrl, balance, balanceLabel, number, numberLabel, badges }: CardFaceProps) {
  return (
    <>
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
