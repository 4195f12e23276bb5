import type { Language } from '@kartu/contracts';
import { DAY_MS } from '@kartu/core/calendar';

/** What stands in for the PIN in stored texts once a real driver has delivered it. */
const MASKED_PIN = '••••••';

interface GiftTextParts {
  brand: string;
  sender: string;
  voucher: string;
  pin: string;
  days: number;
}

interface GiftTexts {
  subject: (brand: string) => string;
  text: (parts: GiftTextParts) => string;
}

/** The PIN message to the friend in each language the app speaks (spec app-core §9 Languages). */
const giftTexts: Record<Language, GiftTexts> = {
  en: {
    subject: (brand) => `${brand}: a voucher gift for you`,
    text: ({ brand, sender, voucher, pin, days }) =>
      `${brand}: ${sender} sent you "${voucher}". Open the link they share with you and enter PIN ${pin} within ${days} day${days === 1 ? '' : 's'}. Never share this PIN.`,
  },
  id: {
    subject: (brand) => `${brand}: hadiah voucher untuk Anda`,
    text: ({ brand, sender, voucher, pin, days }) =>
      `${brand}: ${sender} mengirimi Anda "${voucher}". Buka tautan yang dibagikannya dan masukkan PIN ${pin} dalam ${days} hari. Jangan berikan PIN ini kepada siapa pun.`,
  },
  my: {
    subject: (brand) => `${brand}: hadiah baucar untuk anda`,
    text: ({ brand, sender, voucher, pin, days }) =>
      `${brand}: ${sender} menghantar "${voucher}" kepada anda. Buka pautan yang dikongsinya dan masukkan PIN ${pin} dalam masa ${days} hari. Jangan kongsi PIN ini dengan sesiapa pun.`,
  },
  ja: {
    subject: (brand) => `${brand}：バウチャーのギフトが届きました`,
    text: ({ brand, sender, voucher, pin, days }) =>
      `${brand}：${sender}さんから「${voucher}」が届きました。共有されたリンクを開き、${days}日以内にPIN ${pin} を入力してください。このPINは誰にも教えないでください。`,
  },
};

/** The message with the PIN, and the same text with the PIN masked for what is stored. */
export function composeGiftPinMessage({ language, brand, sender, voucher, pin, expiresAt, now }: { language: Language; brand: string; sender: string; voucher: string; pin: string; expiresAt: Date; now: Date }) {
  const texts = giftTexts[language];
  const days = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
  const parts = { brand, sender, voucher, days };
  return { subject: texts.subject(brand), text: texts.text({ ...parts, pin }), maskedText: texts.text({ ...parts, pin: MASKED_PIN }) };
}
