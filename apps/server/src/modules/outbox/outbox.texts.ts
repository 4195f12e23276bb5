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

export interface MessageData {
  /** To the member once they asked to delete their account (docs/delivery.md Messages). */
  'account-deletion-requested': { brand: string };
  /** To the member whenever their PIN is changed or reset, so a change they did not make stands out. */
  'pin-changed': { brand: string };
  /** The receipt of a subscription payment: what was paid and until when the benefits last. */
  'subscription-paid': { brand: string; program: string; plan: string; amount: string; endsOn: string };
  /** An automatic renewal was refused: the benefits last until `until` while the member fixes their card. */
  'subscription-renewal-failed': { brand: string; program: string; until: string };
}

export type MessageTemplate = keyof MessageData;

interface MessageTexts<D> {
  subject: (data: D) => string;
  text: (data: D) => string;
}

type TemplateTexts = { [T in MessageTemplate]: Record<Language, MessageTexts<MessageData[T]>> };

const messageTexts: TemplateTexts = {
  'account-deletion-requested': {
    en: {
      subject: ({ brand }) => `${brand}: your account will be deleted`,
      text: ({ brand }) =>
        `${brand}: we have received your request to delete your account. It takes several days and cannot be undone once done. If you did not ask for this, contact ${brand} at once.`,
    },
    id: {
      subject: ({ brand }) => `${brand}: akun Anda akan dihapus`,
      text: ({ brand }) =>
        `${brand}: kami telah menerima permintaan Anda untuk menghapus akun. Prosesnya memakan waktu beberapa hari dan tidak dapat dibatalkan setelah selesai. Jika Anda tidak memintanya, segera hubungi ${brand}.`,
    },
    my: {
      subject: ({ brand }) => `${brand}: akaun anda akan dipadam`,
      text: ({ brand }) =>
        `${brand}: kami telah menerima permintaan anda untuk memadam akaun. Prosesnya mengambil masa beberapa hari dan tidak boleh dibatalkan selepas selesai. Jika anda tidak memintanya, hubungi ${brand} dengan segera.`,
    },
    ja: {
      subject: ({ brand }) => `${brand}：アカウント削除のご依頼を受け付けました`,
      text: ({ brand }) =>
        `${brand}：アカウント削除のご依頼を受け付けました。削除には数日かかり、完了後は元に戻せません。お心当たりがない場合は、すぐに${brand}までご連絡ください。`,
    },
  },
  'pin-changed': {
    en: {
      subject: ({ brand }) => `${brand}: your PIN was changed`,
      text: ({ brand }) => `${brand}: the PIN of your account was just changed. If this was not you, reset your PIN and contact ${brand} at once.`,
    },
    id: {
      subject: ({ brand }) => `${brand}: PIN Anda telah diubah`,
      text: ({ brand }) => `${brand}: PIN akun Anda baru saja diubah. Jika bukan Anda yang mengubahnya, atur ulang PIN dan segera hubungi ${brand}.`,
    },
    my: {
      subject: ({ brand }) => `${brand}: PIN anda telah ditukar`,
      text: ({ brand }) => `${brand}: PIN akaun anda baru sahaja ditukar. Jika bukan anda yang menukarnya, tetapkan semula PIN dan hubungi ${brand} dengan segera.`,
    },
    ja: {
      subject: ({ brand }) => `${brand}：PINが変更されました`,
      text: ({ brand }) => `${brand}：お客様のアカウントのPINが変更されました。お心当たりがない場合は、PINを再設定し、すぐに${brand}までご連絡ください。`,
    },
  },
  'subscription-paid': {
    en: {
      subject: ({ brand, program }) => `${brand}: your ${program} payment is received`,
      text: ({ brand, program, plan, amount, endsOn }) =>
        `${brand}: thank you, we have received ${amount} for ${program} (${plan}). Your benefits are active until ${endsOn}. Keep this message as your receipt.`,
    },
    id: {
      subject: ({ brand, program }) => `${brand}: pembayaran ${program} Anda telah diterima`,
      text: ({ brand, program, plan, amount, endsOn }) =>
        `${brand}: terima kasih, kami telah menerima ${amount} untuk ${program} (${plan}). Manfaat Anda aktif hingga ${endsOn}. Simpan pesan ini sebagai bukti pembayaran.`,
    },
    my: {
      subject: ({ brand, program }) => `${brand}: bayaran ${program} anda telah diterima`,
      text: ({ brand, program, plan, amount, endsOn }) =>
        `${brand}: terima kasih, kami telah menerima ${amount} untuk ${program} (${plan}). Faedah anda aktif sehingga ${endsOn}. Simpan mesej ini sebagai resit anda.`,
    },
    ja: {
      subject: ({ brand, program }) => `${brand}：${program}のお支払いを受け付けました`,
      text: ({ brand, program, plan, amount, endsOn }) =>
        `${brand}：${program}（${plan}）のお支払い${amount}を受け付けました。特典は${endsOn}までご利用いただけます。このメッセージを領収書として保管してください。`,
    },
  },
  'subscription-renewal-failed': {
    en: {
      subject: ({ brand, program }) => `${brand}: we could not renew ${program}`,
      text: ({ brand, program, until }) =>
        `${brand}: your card was declined when we tried to renew ${program}. Your benefits stay until ${until}: update your card in the app before then to keep them.`,
    },
    id: {
      subject: ({ brand, program }) => `${brand}: kami tidak dapat memperpanjang ${program}`,
      text: ({ brand, program, until }) =>
        `${brand}: kartu Anda ditolak saat kami mencoba memperpanjang ${program}. Manfaat Anda tetap berlaku hingga ${until}: perbarui kartu Anda di aplikasi sebelum tanggal itu agar tetap aktif.`,
    },
    my: {
      subject: ({ brand, program }) => `${brand}: kami tidak dapat memperbaharui ${program}`,
      text: ({ brand, program, until }) =>
        `${brand}: kad anda ditolak semasa kami cuba memperbaharui ${program}. Faedah anda kekal sehingga ${until}: kemas kini kad anda dalam aplikasi sebelum itu untuk mengekalkannya.`,
    },
    ja: {
      subject: ({ brand, program }) => `${brand}：${program}を更新できませんでした`,
      text: ({ brand, program, until }) =>
        `${brand}：${program}の更新時にカードが承認されませんでした。特典は${until}までご利用いただけます。引き続きご利用いただくには、それまでにアプリでカード情報を更新してください。`,
    },
  },
};

export function composeMessage<T extends MessageTemplate>(template: T, language: Language, data: MessageData[T]): { subject: string; text: string } {
  const texts = messageTexts[template][language] as MessageTexts<MessageData[T]>;
  return { subject: texts.subject(data), text: texts.text(data) };
}
