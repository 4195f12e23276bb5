import type { PublicMerchant } from '@kartu/contracts';

/** Where "Contact us" goes: a chat when the merchant has a support phone, else a mail. */
export interface SupportLink {
  href: string;
  /** A chat opens in a new tab; a mail opens the mail app. */
  opensNewTab: boolean;
}

/** Whether the merchant can be reached at all: what supportLink answers null for otherwise. */
export function hasSupportContact(support: PublicMerchant['support']): boolean {
  return Boolean(support.phone || support.email);
}

/**
 * A link that reaches the merchant's support with the message filled in: a WhatsApp chat with its
 * support phone, else a mail to its support address; null when the merchant has neither.
 */
export function supportLink(support: PublicMerchant['support'], { message, subject }: { message: string; subject: string }): SupportLink | null {
  if (support.phone) {
    // wa.me takes the international number in digits only, without the plus.
    const number = support.phone.replace(/\D/g, '');
    return { href: `https://wa.me/${number}?text=${encodeURIComponent(message)}`, opensNewTab: true };
  }
  if (support.email) {
    const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`;
    return { href: `mailto:${encodeURIComponent(support.email).replace('%40', '@')}?${query}`, opensNewTab: false };
  }
  return null;
}
