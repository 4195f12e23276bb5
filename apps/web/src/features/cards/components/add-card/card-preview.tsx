import type { CardPreview } from '@kartu/contracts';
import { formatCardNumber } from '@kartu/core';

/** The card found by its number, in the merchant's colours, for the member to recognise. */
export function CardPreviewTile({ preview }: { preview: CardPreview }) {
  return (
    <div className="card-tile card-tile--preview">
      <span className="card-tile__top">
        {preview.iconUrl ? <img className="card-tile__icon" src={preview.iconUrl} alt="" width={40} height={40} /> : null}
        <span className="card-tile__names">
          <span className="card-tile__brand">{preview.brand}</span>
          <span className="card-tile__program">{preview.programName}</span>
        </span>
      </span>
      <span className="card-tile__number">{formatCardNumber(preview.number)}</span>
    </div>
  );
}
