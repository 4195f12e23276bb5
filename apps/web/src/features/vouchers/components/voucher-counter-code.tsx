import type { Voucher } from '@kartu/contracts';
import { ScanCode } from '../../../components/ui/scan-code.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

/**
 * The voucher's code for the counter to scan, with the partner's code when there is one. A code
 * the server keeps only as a hash was shown once; a phone without its copy says so, and the
 * counter still redeems the voucher with the outlet's code.
 */
export function VoucherCounterCode({ voucher, code }: { voucher: Voucher; code: string | null }) {
  const { t } = useTranslation('cards');
  if (code === null) {
    return (
      <div className="voucher-code-elsewhere" role="note">
        <p className="voucher-code-elsewhere__title">{t('vouchers.detail.codeElsewhere')}</p>
        <p className="muted">{t('vouchers.detail.codeElsewhereHint')}</p>
      </div>
    );
  }
  const labels = {
    qr: t('vouchers.detail.qrLabel', { code }),
    barcode: t('vouchers.detail.barcodeLabel', { code }),
    code: t('vouchers.detail.code'),
    showBigger: t('vouchers.detail.showBigger'),
    close: t('vouchers.redeem.close'),
    title: voucher.template.name,
    hint: t('vouchers.detail.brightnessHint'),
  };
  return (
    <ScanCode value={code} labels={labels}>
      {voucher.externalCode ? (
        <p className="scan-code__extra">
          {t('vouchers.detail.externalCode')} <strong className="scan-code__digits">{voucher.externalCode}</strong>
        </p>
      ) : null}
    </ScanCode>
  );
}
