import type { BalanceUnit, Currency, InboxFacts, Language } from '@kartu/contracts';
import { formatCurrency, formatNumber, intlLocaleOf } from '@kartu/core';

/*
 * A push's title and body in the member's language (app-core §3 Push payload). The push leaves
 * before the app is opened, so the server words it, from the message's facts, as the app words the
 * same message in the inbox (web features/inbox/message-wording.ts): the two say the same thing.
 */

export interface PushWording {
  title: string;
  body: string;
}

/** How the merchant writes money and days: its currency and time zone. */
export interface MerchantFormats {
  currency: Currency;
  timeZone: string;
}

type Paid = 'paid' | 'failed' | 'expired';
type Reward = 'welcome' | 'birthday' | 'level-up';

/** One language's sentences; `amount` is already written (points, stamps or money), `count` picks the plural. */
interface PushTexts {
  pointsEarned: (unit: BalanceUnit, count: number, amount: string) => string;
  balanceNow: (unit: BalanceUnit, count: number, balance: string, programName: string) => string;
  transferReceived: (unit: BalanceUnit, count: number, amount: string, sender: string) => string;
  someone: string;
  senderName: (name: string) => string;
  addedToCard: (programName: string) => string;
  orderTitle: (orderNumber: string) => string;
  orderStatus: (status: string) => string;
  orderUnknown: string;
  orderStatuses: Record<string, string>;
  payment: Record<Paid, { title: string; body: (amount: string) => string }>;
  reward: Record<Reward, (title: string) => string>;
  rewardAdded: (unit: BalanceUnit, count: number, amount: string, programName: string) => string;
  levelReached: (levelName: string) => string;
  levelText: (levelName: string, programName: string) => string;
  expiring: (unit: BalanceUnit, count: number, amount: string) => string;
  useBefore: (programName: string, date: string) => string;
  voucherExpiring: (voucherName: string) => string;
  voucherUseBefore: (date: string) => string;
  /** A referral paid: to the member who invited (a friend joined or made a first purchase), or to the friend who joined. */
  referralTitle: (role: 'referrer' | 'friend', state: 'registered' | 'purchased', other: string) => string;
  friend: string;
  targetReached: (targetName: string) => string;
  missionCompleted: (missionName: string) => string;
  perkReviewed: (decision: 'approved' | 'rejected', perkTitle: string) => string;
  perkRejectedBody: (note: string | null) => string;
  perkApprovedBody: string;
  receiptReviewed: (decision: 'approved' | 'rejected') => string;
  receiptRejectedBody: (note: string | null) => string;
  vouchersAdded: (count: number, voucherName: string) => string;
}

const plural = (count: number, one: string, other: string) => (count === 1 ? one : other);

const english: PushTexts = {
  targetReached: (targetName) => `Target reached: ${targetName}`,
  missionCompleted: (missionName) => `Mission complete: ${missionName}`,
  perkReviewed: (decision, perkTitle) => (decision === 'approved' ? `Your answer to ${perkTitle} was approved` : `Your answer to ${perkTitle} was not approved`),
  receiptReviewed: (decision) => (decision === 'approved' ? `Your receipt was approved` : `Your receipt was not approved`),
  receiptRejectedBody: (note) => (note ? `The reason: ${note}` : 'Please send a clearer photo of the whole receipt.'),
  perkRejectedBody: (note) => (note ? `The reason: ${note}` : 'You may answer the survey again.'),
  perkApprovedBody: 'Thank you for taking part.',
  vouchersAdded: (count, voucherName) => `${count} × ${voucherName} ${plural(count, 'voucher is', 'vouchers are')} now in your vouchers.`,
  pointsEarned: (unit, count, amount) =>
    unit === 'CASH' ? `You earned ${amount}` : `You earned ${amount} ${unit === 'POINT' ? plural(count, 'point', 'points') : plural(count, 'stamp', 'stamps')}`,
  balanceNow: (unit, count, balance, programName) =>
    unit === 'STAMP'
      ? `${programName}: you now have ${balance} ${plural(count, 'stamp', 'stamps')}.`
      : `${programName}: your balance is now ${balance}${unit === 'POINT' ? ` ${plural(count, 'point', 'points')}` : ''}.`,
  transferReceived: (unit, count, amount, sender) =>
    `${sender} sent you ${amount}${unit === 'CASH' ? '' : ` ${unit === 'POINT' ? plural(count, 'point', 'points') : plural(count, 'stamp', 'stamps')}`}`,
  someone: 'Another member',
  senderName: (name) => name,
  addedToCard: (programName) => `Added to your ${programName} card.`,
  orderTitle: (orderNumber) => `Order ${orderNumber} updated`,
  orderStatus: (status) => `Status: ${status}`,
  orderUnknown: 'Open the order to see where it is.',
  orderStatuses: {
    waiting_payment: 'Waiting for payment',
    new: 'Order confirmed',
    on_process: 'On process',
    order_ready: 'Order verified',
    on_courier: 'On delivery',
    completed: 'Item received',
    cancelled: 'Cancelled',
    failed: 'Failed',
    returned: 'Returned',
  },
  payment: {
    paid: { title: 'Payment received', body: (amount) => `Your payment of ${amount} went through.` },
    failed: { title: 'Payment failed', body: (amount) => `Your payment of ${amount} did not go through.` },
    expired: { title: 'Payment expired', body: (amount) => `Your payment of ${amount} was not completed in time.` },
  },
  reward: { welcome: (title) => `Welcome gift: ${title}`, birthday: (title) => `Happy birthday! ${title}`, 'level-up': (title) => `Level reward: ${title}` },
  rewardAdded: (unit, count, amount, programName) =>
    `${amount}${unit === 'CASH' ? '' : ` ${unit === 'POINT' ? plural(count, 'point', 'points') : plural(count, 'stamp', 'stamps')}`} added to your ${programName} card.`,
  levelReached: (levelName) => `You reached ${levelName}`,
  levelText: (levelName, programName) => `Your ${programName} card is now ${levelName}. See what this level brings.`,
  expiring: (unit, count, amount) =>
    unit === 'CASH'
      ? `${amount} expires soon`
      : `${amount} ${unit === 'POINT' ? plural(count, 'point expires', 'points expire') : plural(count, 'stamp expires', 'stamps expire')} soon`,
  useBefore: (programName, date) => `${programName}: use them before ${date}.`,
  voucherExpiring: (voucherName) => `${voucherName} expires soon`,
  voucherUseBefore: (date) => `Use it before ${date}.`,
  referralTitle: (role, state, other) =>
    role === 'friend' ? `Welcome! ${other} invited you` : state === 'purchased' ? `${other} made a first purchase` : `${other} joined through your invite`,
  friend: 'Your friend',
};

const unitWord = (unit: BalanceUnit, words: Record<Exclude<BalanceUnit, 'CASH'>, string>) => (unit === 'CASH' ? '' : ` ${words[unit]}`);

const indonesian: PushTexts = {
  targetReached: (targetName) => `Target tercapai: ${targetName}`,
  missionCompleted: (missionName) => `Misi selesai: ${missionName}`,
  vouchersAdded: (count, voucherName) => `${count} × voucher ${voucherName} kini ada di voucher Anda.`,
  perkReviewed: (decision, perkTitle) => (decision === 'approved' ? `Jawaban Anda untuk ${perkTitle} disetujui` : `Jawaban Anda untuk ${perkTitle} tidak disetujui`),
  receiptReviewed: (decision) => (decision === 'approved' ? `Struk Anda disetujui` : `Struk Anda tidak disetujui`),
  receiptRejectedBody: (note) => (note ? `Alasannya: ${note}` : 'Silakan kirim foto struk yang lebih jelas dan utuh.'),
  perkRejectedBody: (note) => (note ? `Alasannya: ${note}` : 'Anda dapat menjawab survei lagi.'),
  perkApprovedBody: 'Terima kasih atas partisipasi Anda.',
  pointsEarned: (unit, _count, amount) => `Anda mendapat ${amount}${unitWord(unit, { POINT: 'poin', STAMP: 'stempel' })}`,
  balanceNow: (unit, _count, balance, programName) =>
    unit === 'STAMP' ? `${programName}: Anda kini memiliki ${balance} stempel.` : `${programName}: saldo Anda sekarang ${balance}${unitWord(unit, { POINT: 'poin', STAMP: 'stempel' })}.`,
  transferReceived: (unit, _count, amount, sender) => `${sender} mengirimi Anda ${amount}${unitWord(unit, { POINT: 'poin', STAMP: 'stempel' })}`,
  someone: 'Anggota lain',
  senderName: (name) => name,
  addedToCard: (programName) => `Sudah masuk ke kartu ${programName} Anda.`,
  orderTitle: (orderNumber) => `Pesanan ${orderNumber} diperbarui`,
  orderStatus: (status) => `Status: ${status}`,
  orderUnknown: 'Buka pesanan untuk melihat statusnya.',
  orderStatuses: {
    waiting_payment: 'Menunggu pembayaran',
    new: 'Pesanan dikonfirmasi',
    on_process: 'Sedang diproses',
    order_ready: 'Pesanan terverifikasi',
    on_courier: 'Dalam pengiriman',
    completed: 'Barang diterima',
    cancelled: 'Dibatalkan',
    failed: 'Gagal',
    returned: 'Dikembalikan',
  },
  payment: {
    paid: { title: 'Pembayaran diterima', body: (amount) => `Pembayaran Anda sebesar ${amount} berhasil.` },
    failed: { title: 'Pembayaran gagal', body: (amount) => `Pembayaran Anda sebesar ${amount} tidak berhasil.` },
    expired: { title: 'Pembayaran kedaluwarsa', body: (amount) => `Pembayaran Anda sebesar ${amount} tidak diselesaikan tepat waktu.` },
  },
  reward: { welcome: (title) => `Hadiah selamat datang: ${title}`, birthday: (title) => `Selamat ulang tahun! ${title}`, 'level-up': (title) => `Hadiah level: ${title}` },
  rewardAdded: (unit, _count, amount, programName) => `${amount}${unitWord(unit, { POINT: 'poin', STAMP: 'stempel' })} ditambahkan ke kartu ${programName} Anda.`,
  levelReached: (levelName) => `Anda mencapai ${levelName}`,
  levelText: (levelName, programName) => `Kartu ${programName} Anda kini ${levelName}. Lihat keuntungan level ini.`,
  expiring: (unit, _count, amount) => `${amount}${unitWord(unit, { POINT: 'poin', STAMP: 'stempel' })} segera kedaluwarsa`,
  useBefore: (programName, date) => `${programName}: gunakan sebelum ${date}.`,
  voucherExpiring: (voucherName) => `${voucherName} segera kedaluwarsa`,
  voucherUseBefore: (date) => `Gunakan sebelum ${date}.`,
  referralTitle: (role, state, other) =>
    role === 'friend' ? `Selamat datang! ${other} mengundang Anda` : state === 'purchased' ? `${other} melakukan pembelian pertama` : `${other} bergabung lewat undangan Anda`,
  friend: 'Teman Anda',
};

const malay: PushTexts = {
  targetReached: (targetName) => `Sasaran dicapai: ${targetName}`,
  missionCompleted: (missionName) => `Misi selesai: ${missionName}`,
  vouchersAdded: (count, voucherName) => `${count} × baucar ${voucherName} kini ada dalam baucar anda.`,
  perkReviewed: (decision, perkTitle) => (decision === 'approved' ? `Jawapan anda untuk ${perkTitle} diluluskan` : `Jawapan anda untuk ${perkTitle} tidak diluluskan`),
  receiptReviewed: (decision) => (decision === 'approved' ? `Resit anda diluluskan` : `Resit anda tidak diluluskan`),
  receiptRejectedBody: (note) => (note ? `Sebabnya: ${note}` : 'Sila hantar foto resit yang lebih jelas dan lengkap.'),
  perkRejectedBody: (note) => (note ? `Sebabnya: ${note}` : 'Anda boleh menjawab tinjauan sekali lagi.'),
  perkApprovedBody: 'Terima kasih kerana menyertai.',
  pointsEarned: (unit, _count, amount) => `Anda memperoleh ${amount}${unitWord(unit, { POINT: 'mata', STAMP: 'setem' })}`,
  balanceNow: (unit, _count, balance, programName) =>
    unit === 'STAMP' ? `${programName}: anda kini mempunyai ${balance} setem.` : `${programName}: baki anda kini ${balance}${unitWord(unit, { POINT: 'mata', STAMP: 'setem' })}.`,
  transferReceived: (unit, _count, amount, sender) => `${sender} menghantar ${amount}${unitWord(unit, { POINT: 'mata', STAMP: 'setem' })} kepada anda`,
  someone: 'Ahli lain',
  senderName: (name) => name,
  addedToCard: (programName) => `Telah dimasukkan ke dalam kad ${programName} anda.`,
  orderTitle: (orderNumber) => `Pesanan ${orderNumber} dikemas kini`,
  orderStatus: (status) => `Status: ${status}`,
  orderUnknown: 'Buka pesanan untuk melihat statusnya.',
  orderStatuses: {
    waiting_payment: 'Menunggu bayaran',
    new: 'Pesanan disahkan',
    on_process: 'Sedang diproses',
    order_ready: 'Pesanan disahkan',
    on_courier: 'Dalam penghantaran',
    completed: 'Item diterima',
    cancelled: 'Dibatalkan',
    failed: 'Gagal',
    returned: 'Dipulangkan',
  },
  payment: {
    paid: { title: 'Bayaran diterima', body: (amount) => `Bayaran anda sebanyak ${amount} telah berjaya.` },
    failed: { title: 'Bayaran gagal', body: (amount) => `Bayaran anda sebanyak ${amount} tidak berjaya.` },
    expired: { title: 'Bayaran tamat tempoh', body: (amount) => `Bayaran anda sebanyak ${amount} tidak diselesaikan dalam masa yang ditetapkan.` },
  },
  reward: { welcome: (title) => `Hadiah selamat datang: ${title}`, birthday: (title) => `Selamat hari jadi! ${title}`, 'level-up': (title) => `Ganjaran tahap: ${title}` },
  rewardAdded: (unit, _count, amount, programName) => `${amount}${unitWord(unit, { POINT: 'mata', STAMP: 'setem' })} ditambah ke kad ${programName} anda.`,
  levelReached: (levelName) => `Anda mencapai ${levelName}`,
  levelText: (levelName, programName) => `Kad ${programName} anda kini ${levelName}. Lihat kelebihan tahap ini.`,
  expiring: (unit, _count, amount) => `${amount}${unitWord(unit, { POINT: 'mata', STAMP: 'setem' })} akan luput`,
  useBefore: (programName, date) => `${programName}: gunakannya sebelum ${date}.`,
  voucherExpiring: (voucherName) => `${voucherName} akan luput`,
  voucherUseBefore: (date) => `Gunakannya sebelum ${date}.`,
  referralTitle: (role, state, other) =>
    role === 'friend' ? `Selamat datang! ${other} menjemput anda` : state === 'purchased' ? `${other} membuat pembelian pertama` : `${other} menyertai melalui jemputan anda`,
  friend: 'Rakan anda',
};

/** Japanese counts stamps with 個 after the number and names points after it. */
const japaneseAmount = (unit: BalanceUnit, amount: string) => (unit === 'POINT' ? `${amount}ポイント` : unit === 'STAMP' ? `スタンプ${amount}個` : amount);

const japanese: PushTexts = {
  targetReached: (targetName) => `目標達成：${targetName}`,
  missionCompleted: (missionName) => `ミッション達成：${missionName}`,
  perkReviewed: (decision, perkTitle) => (decision === 'approved' ? `${perkTitle}への回答が承認されました` : `${perkTitle}への回答は承認されませんでした`),
  receiptReviewed: (decision) => (decision === 'approved' ? `レシートが承認されました` : `レシートは承認されませんでした`),
  receiptRejectedBody: (note) => (note ? `理由：${note}` : 'レシート全体がはっきり写った写真をもう一度送ってください。'),
  perkRejectedBody: (note) => (note ? `理由：${note}` : 'アンケートにもう一度回答できます。'),
  perkApprovedBody: 'ご参加ありがとうございました。',
  vouchersAdded: (count, voucherName) => `${voucherName}のバウチャー${count}枚がバウチャーに追加されました。`,
  pointsEarned: (unit, _count, amount) => `${japaneseAmount(unit, amount)}を獲得しました`,
  balanceNow: (unit, _count, balance, programName) =>
    unit === 'STAMP' ? `${programName}：現在のスタンプは${balance}個です。` : `${programName}：現在の残高は${unit === 'POINT' ? `${balance}ポイント` : balance}です。`,
  transferReceived: (unit, _count, amount, sender) => (unit === 'STAMP' ? `${sender}からスタンプが${amount}個届きました` : `${sender}から${japaneseAmount(unit, amount)}が届きました`),
  someone: '他の会員',
  senderName: (name) => `${name}さん`,
  addedToCard: (programName) => `${programName}のカードに加算されました。`,
  orderTitle: (orderNumber) => `ご注文${orderNumber}の状況が更新されました`,
  orderStatus: (status) => `現在の状況：${status}`,
  orderUnknown: 'ご注文のページで最新の状況をご確認ください。',
  orderStatuses: {
    waiting_payment: 'お支払い待ち',
    new: '注文確定',
    on_process: '処理中',
    order_ready: '注文確認済み',
    on_courier: '配送中',
    completed: '受け取り済み',
    cancelled: 'キャンセル済み',
    failed: '失敗',
    returned: '返品済み',
  },
  payment: {
    paid: { title: 'お支払いが完了しました', body: (amount) => `${amount}のお支払いを受け付けました。` },
    failed: { title: 'お支払いに失敗しました', body: (amount) => `${amount}のお支払いは完了しませんでした。` },
    expired: { title: 'お支払いの期限が切れました', body: (amount) => `${amount}のお支払いが期限内に完了しませんでした。` },
  },
  reward: { welcome: (title) => `ウェルカムギフト：${title}`, birthday: (title) => `お誕生日おめでとうございます！${title}`, 'level-up': (title) => `レベル特典：${title}` },
  rewardAdded: (unit, _count, amount, programName) => `${programName}カードに${japaneseAmount(unit, amount)}が追加されました。`,
  levelReached: (levelName) => `${levelName}に到達しました`,
  levelText: (levelName, programName) => `${programName}カードが${levelName}になりました。このレベルの特典をご確認ください。`,
  expiring: (unit, _count, amount) => `${japaneseAmount(unit, amount)}がまもなく失効します`,
  useBefore: (programName, date) => `${programName}：${date}までにご利用ください。`,
  voucherExpiring: (voucherName) => `${voucherName}の有効期限が近づいています`,
  voucherUseBefore: (date) => `${date}までにご利用ください。`,
  referralTitle: (role, state, other) =>
    role === 'friend' ? `ようこそ！${other}からの招待です` : state === 'purchased' ? `${other}が初めてのお買い物をしました` : `${other}があなたの招待で参加しました`,
  friend: 'お友だち',
};

const textsOf: Record<Language, PushTexts> = { en: english, id: indonesian, my: malay, ja: japanese };

/** Points and stamps as a bare number, money in the merchant's currency (as the app writes them). */
function amountOf(amount: number, unit: BalanceUnit, currency: Currency): string {
  return unit === 'CASH' ? formatCurrency(amount, currency) : formatNumber(amount, { thousandSeparator: currency.thousandSeparator });
}

/** The merchant's currency when the payment is in it; otherwise the payment's code stands for its symbol. */
function paymentCurrency(code: string, merchantCurrency: Currency): Currency {
  return code === merchantCurrency.code ? merchantCurrency : { ...merchantCurrency, code, symbol: code };
}

/** A message's push in the member's language. A merchant's message is pushed as the merchant wrote it. */
export function wordPush(facts: InboxFacts, language: Language, { currency, timeZone }: MerchantFormats): PushWording {
  const texts = textsOf[language];
  const day = (iso: string) => new Intl.DateTimeFormat(intlLocaleOf(language), { timeZone, dateStyle: 'medium' }).format(new Date(iso));
  switch (facts.kind) {
    case 'merchant':
      return { title: facts.title, body: facts.text };
    case 'points_earned':
      return {
        title: texts.pointsEarned(facts.unit, facts.points, amountOf(facts.points, facts.unit, currency)),
        body: texts.balanceNow(facts.unit, facts.balance, amountOf(facts.balance, facts.unit, currency), facts.programName),
      };
    case 'transfer_received': {
      const sender = facts.senderName === null ? texts.someone : texts.senderName(facts.senderName);
      return { title: texts.transferReceived(facts.unit, facts.points, amountOf(facts.points, facts.unit, currency), sender), body: texts.addedToCard(facts.programName) };
    }
    case 'order_status': {
      const status = texts.orderStatuses[facts.status];
      return { title: texts.orderTitle(facts.orderNumber), body: status ? texts.orderStatus(status) : texts.orderUnknown };
    }
    case 'payment_settled': {
      const wording = texts.payment[facts.status];
      return { title: wording.title, body: wording.body(formatCurrency(facts.amount, paymentCurrency(facts.currency, currency))) };
    }
    case 'reward_granted':
      return {
        title: texts.reward[facts.reward](facts.title),
        body: texts.rewardAdded(facts.unit, facts.points, amountOf(facts.points, facts.unit, currency), facts.programName),
      };
    case 'level_reached':
      return { title: texts.levelReached(facts.levelName), body: texts.levelText(facts.levelName, facts.programName) };
    case 'points_expiring':
      return { title: texts.expiring(facts.unit, facts.points, amountOf(facts.points, facts.unit, currency)), body: texts.useBefore(facts.programName, day(facts.expiresAt)) };
    case 'voucher_expiring':
      return { title: texts.voucherExpiring(facts.voucherName), body: texts.voucherUseBefore(day(facts.expiresAt)) };
    case 'target_reached':
      return { title: texts.targetReached(facts.targetName), body: texts.rewardAdded(facts.unit, facts.points, amountOf(facts.points, facts.unit, currency), facts.programName) };
    case 'mission_completed': {
      const { reward } = facts;
      return {
        title: texts.missionCompleted(facts.missionName),
        body:
          reward.type === 'points'
            ? texts.rewardAdded(reward.unit, reward.points, amountOf(reward.points, reward.unit, currency), facts.programName)
            : texts.vouchersAdded(reward.vouchers, reward.voucherName),
      };
    }
    case 'perk_reviewed': {
      const points = facts.points === null ? null : texts.rewardAdded(facts.unit, facts.points, amountOf(facts.points, facts.unit, currency), facts.programName);
      return {
        title: texts.perkReviewed(facts.decision, facts.perkTitle),
        body: facts.decision === 'rejected' ? texts.perkRejectedBody(facts.note) : (points ?? texts.perkApprovedBody),
      };
    }
    case 'receipt_reviewed': {
      const points = facts.points === null ? null : texts.rewardAdded(facts.unit, facts.points, amountOf(facts.points, facts.unit, currency), facts.programName);
      return { title: texts.receiptReviewed(facts.decision), body: facts.decision === 'rejected' ? texts.receiptRejectedBody(facts.note) : (points ?? texts.perkApprovedBody) };
    }
    case 'referral_reward': {
      const other = facts.otherName === null ? texts.friend : texts.senderName(facts.otherName);
      return {
        title: texts.referralTitle(facts.role, facts.friendState, other),
        body: texts.rewardAdded(facts.unit, facts.points, amountOf(facts.points, facts.unit, currency), facts.programName),
      };
    }
  }
}
