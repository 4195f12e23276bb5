import type { SizedImage as SizedImageData, VoucherTemplateSummary } from '@kartu/contracts';
import { useTranslation } from '../../lib/i18n.tsx';
import { SizedImage } from '../ui/sized-image.tsx';
import './voucher.css';

/**
 * A voucher's picture at the server's sizes, or, when its template has none, a ticket drawn in the
 * brand's colours. Decorative: the voucher's name is always written beside it.
 */
export function VoucherArt({ image, sizes, className, priority = false }: { image: SizedImageData | null; sizes: string; className?: string; priority?: boolean }) {
  const classes = ['voucher-art', className].filter(Boolean).join(' ');
  if (!image) {
    return (
      <span className={`${classes} voucher-art--drawn`} aria-hidden="true">
        <svg viewBox="0 0 48 32" focusable="false">
          <path d="M4 6h40v7a3 3 0 0 0 0 6v7H4v-7a3 3 0 0 0 0-6z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M30 8v16" stroke="currentColor" strokeWidth="2" strokeDasharray="2 3" />
          <path d="M13 20l8-8M13 13h.01M21 19h.01" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </span>
    );
  }
  return <SizedImage image={image} alt="" sizes={sizes} className={classes} priority={priority} />;
}

/**
 * A voucher template's picture, name, worth and where it is used, at the head of its pages; an
 * e-gift voucher's value as money (`giftCardValue`, 'Rp 100.000') first.
 */
export function VoucherHero({ template, compact = false, giftCardValue = null }: { template: VoucherTemplateSummary; compact?: boolean; giftCardValue?: string | null }) {
  const { t } = useTranslation('cards');
  return (
    <div className={compact ? 'voucher-hero voucher-hero--compact' : 'voucher-hero'}>
      <VoucherArt image={template.image} sizes="(min-width: 480px) 448px, 100vw" className="voucher-hero__art" priority />
      <div className="voucher-hero__text">
        <h2 className="voucher-hero__name">{template.name}</h2>
        {giftCardValue ? <p className="voucher-hero__value">{t('vouchers.giftCard.value', { value: giftCardValue })}</p> : null}
        {template.valueText ? <p className={giftCardValue ? 'voucher-hero__where' : 'voucher-hero__value'}>{template.valueText}</p> : null}
        <p className="voucher-hero__where">{t(`vouchers.usableAt.${template.usableAt}`)}</p>
      </div>
    </div>
  );
}
