import type { VoucherGift } from '@kartu/contracts';
import { ShareLinks } from '../ui/share-links.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { giftLinkOf } from '../../lib/voucher-gifts.ts';
import { useDates } from '../../lib/use-dates.ts';

/** A waiting gift's link to share, with where its PIN went and until when it waits. */
export function GiftShare({ gift, voucherName }: { gift: VoucherGift; voucherName: string }) {
  const { t } = useTranslation('cards');
  const dates = useDates();
  const url = giftLinkOf(gift);
  return (
    <>
      <p>{t('vouchers.gift.pinSent', { phone: gift.recipientPhone })}</p>
      <p className="muted">{t('vouchers.gift.waitsUntil', { date: dates.moment(gift.expiresAt) })}</p>
      {url ? (
        <ShareLinks
          url={url}
          text={t('vouchers.gift.shareText', { name: voucherName })}
          labels={{
            linkLabel: t('vouchers.gift.link'),
            copy: t('vouchers.gift.copy'),
            copied: t('vouchers.gift.copied'),
            share: t('vouchers.gift.share'),
            whatsapp: 'WhatsApp',
            line: 'LINE',
            facebook: 'Facebook',
            twitter: 'X (Twitter)',
            sms: t('vouchers.gift.sms'),
          }}
        />
      ) : null}
    </>
  );
}
