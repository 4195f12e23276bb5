import type { Language } from '@kartu/contracts';

interface CodeTextParts {
  brand: string;
  code: string;
  minutes: number;
}

interface CodeTexts {
  subject: (brand: string) => string;
  text: (parts: CodeTextParts) => string;
}

/** The one-time code message in each language the app speaks (spec app-core §9 Languages). */
const codeTexts: Record<Language, CodeTexts> = {
  en: {
    subject: (brand) => `${brand} verification code`,
    text: ({ brand, code, minutes }) =>
      `${brand}: your code is ${code}. It expires in ${minutes} minute${minutes === 1 ? '' : 's'}. Never share it with anyone.`,
  },
  id: {
    subject: (brand) => `Kode verifikasi ${brand}`,
    text: ({ brand, code, minutes }) =>
      `${brand}: kode Anda adalah ${code}. Kode ini berlaku selama ${minutes} menit. Jangan berikan kode ini kepada siapa pun.`,
  },
  my: {
    subject: (brand) => `Kod pengesahan ${brand}`,
    text: ({ brand, code, minutes }) =>
      `${brand}: kod anda ialah ${code}. Kod ini tamat tempoh dalam ${minutes} minit. Jangan kongsi kod ini dengan sesiapa pun.`,
  },
  ja: {
    subject: (brand) => `${brand} 認証コード`,
    text: ({ brand, code, minutes }) => `${brand}：認証コードは${code}です。有効期限は${minutes}分です。このコードは誰にも教えないでください。`,
  },
};

/** What stands in for a code in stored texts once a real driver has delivered it. */
export const MASKED_CODE = '••••••';

export function composeCodeMessage({ language, brand, code, expiresInSeconds }: { language: Language; brand: string; code: string; expiresInSeconds: number }) {
  const texts = codeTexts[language];
  const minutes = Math.max(1, Math.round(expiresInSeconds / 60));
  return {
    subject: texts.subject(brand),
    text: texts.text({ brand, code, minutes }),
    maskedText: texts.text({ brand, code: MASKED_CODE, minutes }),
  };
}
