import { SizedImage } from '../../../../components/ui/sized-image.tsx';
import { useTranslation } from '../../../../lib/i18n.tsx';
import { useCardBanners } from '../../api/get-card-banners.ts';
import { BannerLink } from './banner-link.tsx';

/** The merchant's banners on a card's page (spec: app-core §3 banners, bannerImages), scrolled sideways; nothing when there are none. */
export function CardBannerRow({ cardId }: { cardId: string }) {
  const { t } = useTranslation('cards');
  const banners = useCardBanners(cardId, 'card');
  if (banners.length === 0) return null;
  return (
    <section className="card-banners" aria-label={t('banners.label')}>
      <ul className="card-banners__list">
        {banners.map((banner) => (
          <li key={banner.id} className="card-banners__item">
            <BannerLink link={banner.link} className="card-banners__link">
              {/* The caption says what the picture shows. */}
              <SizedImage className="card-banners__image" image={banner.image} alt="" sizes="(min-width: 480px) 400px, 85vw" />
              <span className="card-banners__title">{banner.title}</span>
            </BannerLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
