import { Barcode } from '../../../components/ui/barcode.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { useTranslation } from '../../../lib/i18n.tsx';

/** '7KQM3PX9ABCD' as '7KQM 3PX9 ABCD': easier to read aloud and to type at a till. */
export function groupedCode(code: string): string {
  return code.length > 6 ? (code.match(/.{1,4}/g) ?? [code]).join(' ') : code;
}

/**
 * The voucher's code for the counter to scan: a QR code and a Code 128 barcode, black on white
 * whatever the brand's colours, with the code written out, and the partner's code when there is one.
 */
export function VoucherCode({ code, externalCode }: { code: string; externalCode: string | null }) {
  const { t } = useTranslation('cards');
  return (
    <div className="voucher-code">
      <div className="voucher-code__qr">
        <QrCode value={code} label={t('vouchers.detail.qrLabel', { code })} />
      </div>
      <div className="voucher-code__barcode">
        <Barcode value={code} label={t('vouchers.detail.barcodeLabel', { code })} />
      </div>
      <p className="voucher-code__text">
        <span className="visually-hidden">{t('vouchers.detail.code')} </span>
        <span className="voucher-code__digits">{groupedCode(code)}</span>
      </p>
      {externalCode ? (
        <p className="voucher-code__external">
          {t('vouchers.detail.externalCode')} <strong className="voucher-code__digits">{externalCode}</strong>
        </p>
      ) : null}
    </div>
  );
}
