import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ReferralFriend } from '@kartu/contracts';
import { toast } from '../../../components/feedback/toast-store.ts';
import { PhoneInput } from '../../../components/forms/phone-input.tsx';
import { phoneIdentifier, phoneProblem } from '../../../components/forms/phone-rules.ts';
import { useStartingRegion } from '../../../components/forms/starting-region.ts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { directShareHref } from '../../../components/ui/share-links.tsx';
import { toInternational } from '@kartu/core';
import { ApiError, describeApiError, fieldMessagesOf } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useInviteFriend } from '../api/invite-friend.ts';

// Refusals about the number typed: said under the field, where the member corrects it.
const phoneCodes = new Set(['REFERRAL_SELF', 'REFERRAL_ALREADY_INVITED']);

/**
 * Records a friend's phone as invited (pending), so their sign-up counts for the member, with how
 * many invites today still allows; none left, the form stays in view, switched off, and says why.
 */
export function InviteForm({ referralId, invitesLeftToday, share }: { referralId: string; invitesLeftToday: number; share: { link: string; text: string } }) {
  const { t } = useTranslation('referral');
  const ids = { heading: useId(), phone: useId(), left: useId() };
  const phoneRef = useRef<HTMLInputElement>(null);
  const [phone, setPhone] = useState('');
  const [region, setRegion] = useState(useStartingRegion());
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useInviteFriend();
  const noneLeft = invitesLeftToday === 0;
  const leftRef = useRef<HTMLParagraphElement>(null);
  const invitedHere = useRef(false);
  // The friend just invited, to send the link to them straight away.
  const [sendTo, setSendTo] = useState<{ e164: string; masked: string } | null>(null);

  // The last invite of the day switches the form off under the member's focus: it moves to why.
  useEffect(() => {
    if (noneLeft && invitedHere.current) leftRef.current?.focus();
  }, [noneLeft]);

  const announce = (friend: ReferralFriend) => {
    if (friend.state === 'unavailable' && friend.unavailableReason) {
      toast.info(t('invite.unavailable', { phone: friend.friendPhone, reason: t(`reason.${friend.unavailableReason}`) }));
    } else {
      toast.success(t('invite.done', { phone: friend.friendPhone }));
    }
  };

  const refused = (error: unknown) => {
    const fieldMessage = error instanceof ApiError && phoneCodes.has(error.code) ? describeApiError(error) : fieldMessagesOf(error).phone;
    if (!fieldMessage) return setProblem(describeApiError(error));
    setPhoneError(fieldMessage);
    phoneRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    setProblem(null);
    setSendTo(null);
    const invalid = phoneProblem(phone, region);
    setPhoneError(invalid ? t(`invite.${invalid}`) : undefined);
    if (invalid) return phoneRef.current?.focus();
    const { identifierValue, countryCode } = phoneIdentifier(phone, region.dialCode);
    invite.mutate(
      { referralId, body: { phone: identifierValue, countryCode } },
      {
        onSuccess: (friend) => {
          invitedHere.current = true;
          setPhone('');
          announce(friend);
          if (friend.state === 'pending') setSendTo({ e164: toInternational(identifierValue, countryCode), masked: friend.friendPhone });
        },
        onError: refused,
      },
    );
  };

  return (
    <section className="referral-invite" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('invite.heading')}</h2>
      <p className="muted">{t('invite.text')}</p>
      <form className="stack" noValidate onSubmit={submit} aria-labelledby={ids.heading} aria-describedby={ids.left}>
        {/* A disabled fieldset switches off every control in it at once, and keeps them in view. */}
        <fieldset className="referral-invite__fields stack" disabled={noneLeft}>
          <PhoneInput
            id={ids.phone}
            label={t('invite.phoneLabel')}
            value={phone}
            onChange={setPhone}
            region={region}
            onRegionChange={setRegion}
            error={phoneError}
            inputRef={phoneRef}
          />
          <p ref={leftRef} id={ids.left} tabIndex={-1} className={noneLeft ? 'referral-invite__left referral-invite__left--none' : 'referral-invite__left muted'}>
            {noneLeft ? t('invite.noneLeft') : t('invite.left', { count: invitesLeftToday })}
          </p>
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
          <Button type="submit" block loading={invite.isPending}>
            {t('invite.submit')}
          </Button>
        </fieldset>
      </form>
      {sendTo ? (
        <div className="referral-invite__send">
          <p>{t('invite.sendTo', { phone: sendTo.masked })}</p>
          <div className="referral-invite__send-links">
            <a className={buttonClass({ variant: 'secondary' })} href={directShareHref('whatsapp', sendTo.e164, share.text, share.link)} target="_blank" rel="noopener noreferrer">
              {t('invite.sendWhatsapp')}
            </a>
            <a className={buttonClass({ variant: 'secondary' })} href={directShareHref('sms', sendTo.e164, share.text, share.link)}>
              {t('invite.sendSms')}
            </a>
          </div>
        </div>
      ) : null}
    </section>
  );
}
