import { useTranslation } from '../../lib/i18n.tsx';
import { hasSupportContact, supportLink } from '../../lib/support-link.ts';
import { useSite } from '../../lib/site.tsx';

/**
 * "Contact us", reaching the merchant's support with `message` filled in: a chat with its support
 * phone or a mail to its support address. Nothing is shown when the merchant has set neither.
 */
export function ContactSupportLink({ message, className }: { message: string; className: string }) {
  const { t } = useTranslation('common');
  const { merchant } = useSite();
  const link = supportLink(merchant.support, { message, subject: t('support.mailSubject', { brand: merchant.brand }) });
  if (!link) return null;
  return link.opensNewTab ? (
    <a className={className} href={link.href} target="_blank" rel="noopener noreferrer">
      {t('support.contact')} <span className="visually-hidden">{t('support.opensInNewTab')}</span>
    </a>
  ) : (
    <a className={className} href={link.href}>
      {t('support.contact')}
    </a>
  );
}

/** Whether the merchant can be reached at all, for pages that arrange their buttons around it. */
export function useHasSupportContact(): boolean {
  return hasSupportContact(useSite().merchant.support);
}
