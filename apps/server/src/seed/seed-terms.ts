import type { Database } from '../db/database.ts';
import { setTerms } from '../modules/terms/terms.service.ts';

/*
 * Kopi Senja's terms and privacy policy in English and Indonesian, the demo's languages of the
 * site; a member reading in Malay or Japanese gets the site's language. Seeding again rewrites them.
 */

const english = {
  termsCondition: [
    'Kopi Senja Rewards is the loyalty program of Kopi Senja. By joining you agree to these terms.',
    'Earning points. Every Rp 1.000 paid at a Kopi Senja outlet or in the Kopi Senja shop earns 1 point on your Kopi Senja Rewards card. Points are added within 24 hours of the purchase.',
    'Using points. Points pay for products in the shop and for rewards. Points cannot be exchanged for cash. Points you send to another member cannot be taken back.',
    'Expiry. Points expire 365 days after they are earned. We tell you in your inbox 7 days before points expire.',
    'Levels. Your level follows the points you have earned: Bronze from the start, Silver from 500 points and Gold from 2.000 points. Point transfers open at Silver.',
    'Your account. Keep your PIN to yourself. Kopi Senja may suspend a card used against these terms.',
    'Changes. We may change these terms; we tell you in your inbox at least 14 days before a change applies.',
  ].join('\n\n'),
  privacyPolicy: [
    'Kopi Senja keeps your name, phone number, e-mail address, birthday and the history of your cards to run the loyalty program.',
    'We use them to add and spend your points, to send you one-time codes, messages about your cards and orders, and, if you agree, our news.',
    'We share your delivery address only with the courier of your order, and never sell your data.',
    'You can ask us to delete your account in Settings. Deleting an account takes a few days; points left on its cards are lost.',
    'Questions: halo@kopisenja.example.',
  ].join('\n\n'),
};

const indonesian = {
  termsCondition: [
    'Kopi Senja Rewards adalah program loyalitas Kopi Senja. Dengan bergabung, Anda menyetujui syarat ini.',
    'Mendapatkan poin. Setiap pembayaran Rp 1.000 di gerai Kopi Senja atau di toko Kopi Senja memberi 1 poin pada kartu Kopi Senja Rewards Anda. Poin ditambahkan dalam 24 jam setelah pembelian.',
    'Menggunakan poin. Poin dapat dipakai untuk membayar produk di toko dan hadiah. Poin tidak dapat ditukar dengan uang tunai. Poin yang Anda kirim ke anggota lain tidak dapat ditarik kembali.',
    'Masa berlaku. Poin kedaluwarsa 365 hari setelah diterima. Kami memberi tahu Anda di kotak masuk 7 hari sebelum poin kedaluwarsa.',
    'Level. Level Anda mengikuti poin yang telah Anda peroleh: Bronze sejak awal, Silver mulai 500 poin dan Gold mulai 2.000 poin. Transfer poin terbuka mulai Silver.',
    'Akun Anda. Jaga kerahasiaan PIN Anda. Kopi Senja dapat menangguhkan kartu yang digunakan bertentangan dengan syarat ini.',
    'Perubahan. Kami dapat mengubah syarat ini; kami memberi tahu Anda di kotak masuk paling lambat 14 hari sebelum perubahan berlaku.',
  ].join('\n\n'),
  privacyPolicy: [
    'Kopi Senja menyimpan nama, nomor ponsel, alamat e-mail, tanggal lahir dan riwayat kartu Anda untuk menjalankan program loyalitas.',
    'Kami menggunakannya untuk menambah dan memakai poin Anda, mengirim kode sekali pakai, pesan tentang kartu dan pesanan Anda, serta, jika Anda setuju, kabar terbaru kami.',
    'Kami hanya membagikan alamat pengiriman kepada kurir pesanan Anda, dan tidak pernah menjual data Anda.',
    'Anda dapat meminta penghapusan akun di Pengaturan. Penghapusan akun memerlukan beberapa hari; poin yang tersisa di kartunya akan hilang.',
    'Pertanyaan: halo@kopisenja.example.',
  ].join('\n\n'),
};

export async function seedKopiSenjaTerms(tx: Database, merchantId: number, { now }: { now: Date }): Promise<void> {
  await setTerms({ db: tx, merchantId, language: 'en', ...english, now });
  await setTerms({ db: tx, merchantId, language: 'id', ...indonesian, now });
}
