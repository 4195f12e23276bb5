import { useEffect, useRef, useState } from 'react';
import type { Banner } from '@kartu/contracts';
import { ClearIcon } from '../../../../components/layout/icons.tsx';
import { SizedImage } from '../../../../components/ui/sized-image.tsx';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { useCardBanners } from '../../api/get-card-banners.ts';
import { takeInAppBannerTurn } from '../../in-app-banner-counter.ts';
import { BannerLink } from './banner-link.tsx';

/**
 * A card's in-app banner (spec: app-core §4 In-app banners): once the card's banners are read, one
 * shows near the top of the card's page on each visit, the next one each time. It never covers the
 * page: the member reads on, opens what it links to, or closes it for this visit.
 */
export function InAppBanner({ cardId }: { cardId: string }) {
  const { t } = useTranslation('cards');
  const banners = useCardBanners(cardId, 'in_app');
  const [shown, setShown] = useState<Banner | null>(null);
  const taken = useRef<string | null>(null);

  useEffect(() => {
    // One turn per visit of this card's page, even if the list is read again meanwhile.
    if (banners.length === 0 || taken.current === cardId) return;
    taken.current = cardId;
    setShown(banners[takeInAppBannerTurn(cardId, banners.length)] ?? null);
  }, [banners, cardId]);

  if (!shown) return null;
  return (
    <aside className="in-app-banner" aria-label={t('banners.inApp')}>
      <BannerLink link={shown.link} className="in-app-banner__link">
        <SizedImage className="in-app-banner__image" image={shown.image} alt="" sizes="160px" />
        <span className="in-app-banner__title">{shown.title}</span>
      </BannerLink>
      <button type="button" className="icon-btn in-app-banner__close" aria-label={t('banners.close')} onClick={() => setShown(null)}>
        <ClearIcon />
      </button>
    </aside>
  );
}
