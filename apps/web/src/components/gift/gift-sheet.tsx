import { useId, useRef, useState, type FormEvent } from 'react';
import { GIFT_MESSAGE_MAX_LENGTH, type Voucher, type VoucherGift } from '@kartu/contracts';
import { FormField } from '../forms/form-field.tsx';
import { PhoneInput } from '../forms/phone-input.tsx';
import { phoneIdentifier, phoneProblem } from '../forms/phone-rules.ts';
import { useStartingRegion } from '../forms/starting-region.ts';
import { BottomSheet } from '../ui/bottom-sheet.tsx';
import { Button } from '../ui/button.tsx';
import { describeApiError, fieldMessagesOf } from '../../lib/api-client.ts';
import { useAttemptKey } from '../../lib/attempt-key.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useSendGift } from '../../lib/voucher-gifts.ts';
import { GiftShare } from './gift-share.tsx';
import './gift.css';

/**
 * Sending a voucher as a gift: the friend's phone (the PIN goes there by SMS) and a note, then the
 * link to share with them by any channel. The two travel apart, so neither alone opens the gift.
 */
export function GiftSheet({ voucher, onClose }: { voucher: Voucher; onClose: () => void }) {
  const { t } = useTranslation('cards');
  const { t: tAuth } = useTranslation('auth');
  const id = useId();
  const send = useSendGift(voucher.id);
  const attempt = useAttemptKey();
  const [phone, setPhone] = useState('');
  const [region, setRegion] = useState(useStartingRegion());
  const [message, setMessage] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [sent, setSent] = useState<VoucherGift | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = phoneProblem(phone, region);
    setPhoneError(invalid ? tAuth(`validation.${invalid}`) : undefined);
    if (invalid) return phoneRef.current?.focus();
    const { identifierValue, countryCode } = phoneIdentifier(phone, region.dialCode);
    const note = message.trim();
    const body = { recipientPhone: identifierValue, countryCode, ...(note && { message: note }) };
    send.mutate(
      { body, idempotencyKey: attempt.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (gift) => {
          attempt.settle();
          setSent(gift);
        },
        onError: (error) => {
          const field = fieldMessagesOf(error).recipientPhone;
          if (field) setPhoneError(field);
        },
      },
    );
  };

  const problem = send.error && !fieldMessagesOf(send.error).recipientPhone ? describeApiError(send.error) : null;

  return (
    <BottomSheet title={sent ? t('vouchers.gift.readyTitle') : t('vouchers.gift.title')} closeLabel={t('vouchers.redeem.close')} onClose={onClose} className="gift-sheet">
      {sent ? (
        <div className="gift-sheet__body">
          <GiftShare gift={sent} voucherName={voucher.template.name} />
          <Button block variant="secondary" onClick={onClose}>
            {t('vouchers.gift.done')}
          </Button>
        </div>
      ) : (
        <form className="gift-sheet__body" onSubmit={submit} noValidate>
          <p className="muted">{t('vouchers.gift.intro', { name: voucher.template.name })}</p>
          <PhoneInput
            id={`${id}-phone`}
            label={t('vouchers.gift.phone')}
            value={phone}
            onChange={setPhone}
            region={region}
            onRegionChange={setRegion}
            error={phoneError}
            inputRef={phoneRef}
          />
          <FormField id={`${id}-message`} label={t('vouchers.gift.message')}>
            {(field) => (
              <textarea
                {...field}
                className="text-input gift-sheet__message"
                value={message}
                maxLength={GIFT_MESSAGE_MAX_LENGTH}
                rows={3}
                onChange={(event) => setMessage(event.target.value)}
              />
            )}
          </FormField>
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
          <Button type="submit" block loading={send.isPending}>
            {t('vouchers.gift.send')}
          </Button>
        </form>
      )}
    </BottomSheet>
  );
}
