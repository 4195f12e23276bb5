import type { CardPreview } from '@kartu/contracts';
import { CardFace } from '../../../../components/ui/card-face.tsx';
import { useTranslation } from '../../../../lib/i18n.tsx';

/** The card found by its number, in the merchant's colours, for the member to recognise. */
export function CardPreviewTile({ preview }: { preview: CardPreview }) {
  const { t } = useTranslation('cards');
  return (
    <div className="card-tile card-tile--preview">
      <CardFace brand={preview.brand} programName={preview.programName} iconUrl={preview.iconUrl} art={preview.cardArt} number={preview.number} numberLabel={t('list.cardNumber')} />
    </div>
  );
}
