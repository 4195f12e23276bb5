import { createHash } from 'node:crypto';
import type { BillerAdapter, BillerInquiryAnswer, BillerRequest, BillerResult } from './biller.ts';
import { digiflazzCallbackSignature, readDigiflazzCallback } from './digiflazz.biller.ts';

/** The key the sandbox's callbacks are signed with, as Digiflazz signs its own (X-Hub-Signature). */
export const sandboxBillerSecret = 'sandbox-biller-secret';

/** The headers of a callback the sandbox takes: the body signed as Digiflazz would with the sandbox's key. */
export function signSandboxBillerCallback(body: string): Record<string, string> {
  return { 'content-type': 'application/json', 'x-digiflazz-event': 'update', 'x-hub-signature': digiflazzCallbackSignature(body, sandboxBillerSecret) };
}

/**
 * What a customer number does, by its last digit. It replays Digiflazz's published test numbers
 * (API Buyer › Test Case, product xld10): 087800001230 succeeds, 087800001232 fails, 087800001233
 * is pending then succeeds, 087800001234 is pending then fails; any other number ending in 2, 3 or
 * 4 does the same, and the rest succeed. A bill number ending in 9 has no bill.
 */
type SandboxOutcome = 'success' | 'failed' | 'pending_then_success' | 'pending_then_failed' | 'no_bill';

function outcomeOf({ customerNo, kind }: BillerRequest): SandboxOutcome {
  const last = customerNo.at(-1);
  if (kind === 'postpaid' && last === '9') return 'no_bill';
  return ({ '2': 'failed', '3': 'pending_then_success', '4': 'pending_then_failed' } as const)[last ?? ''] ?? 'success';
}

/** The bill's kind, by the SKU code's start (Digiflazz's buyer codes are the merchant's own: pln, bpjs, pdam…). */
function productOf(skuCode: string): 'pln' | 'bpjs' | 'pdam' | 'other' {
  const code = skuCode.toLowerCase();
  return code.startsWith('pln') ? 'pln' : code.startsWith('bpjs') ? 'bpjs' : code.startsWith('pdam') ? 'pdam' : 'other';
}

const customerNames = ['RANI SUSANTI', 'BUDI SANTOSO', 'SITI AMINAH', 'AGUS PRASETYO', 'DEWI LESTARI', 'EKO WAHYUDI', 'NURUL HIDAYAH', 'HENDRA GUNAWAN'];

/** A number made from the customer number's last nine digits: the same customer, the same bill. */
function numberOf(customerNo: string): number {
  return Number(customerNo.replace(/\D/g, '').slice(-9) || '0');
}

function nameOf(customerNo: string): string {
  const digitSum = [...customerNo].reduce((sum, digit) => sum + (Number(digit) || 0), 0);
  return customerNames[digitSum % customerNames.length] ?? 'RANI SUSANTI';
}

/** Digits made up from the request, the same each time it is asked about. */
function digitsOf(seed: string, length: number): string {
  const bytes = createHash('sha256').update(seed).digest();
  return Array.from({ length }, (_, index) => String((bytes[index % bytes.length] ?? 0) % 10)).join('');
}

/** What a success carries: an electricity token as PLN prints it, a bill's reference, or an operator's serial number. */
function serialNumberOf(request: BillerRequest): string {
  const seed = `${request.refId}:${request.customerNo}`;
  if (request.kind === 'postpaid') return createHash('sha256').update(seed).digest('hex').slice(0, 32).toUpperCase();
  if (productOf(request.skuCode) !== 'pln') return `88${digitsOf(seed, 17)}`;
  // Digiflazz's token SN: twenty digits in fours, then the meter's name, tariff, power and kWh.
  const token = digitsOf(seed, 20).replace(/(\d{4})(?=\d)/g, '$1-');
  const kwh = (numberOf(request.customerNo) % 900) / 10 + 10;
  return `${token}/${nameOf(request.customerNo).split(' ')[0]}/R1/1300VA/${kwh.toFixed(1)}`;
}

function resultOf(request: BillerRequest, status: BillerResult['status']): BillerResult {
  const { refId } = request;
  if (status === 'success') return { refId, status, serialNumber: serialNumberOf(request), message: 'Transaksi Sukses', code: '00' };
  if (status === 'pending') return { refId, status, serialNumber: null, message: 'Transaksi Pending', code: '03' };
  return { refId, status, serialNumber: null, message: 'Transaksi Gagal', code: '02' };
}

const noBill = (request: BillerRequest): BillerResult => ({ refId: request.refId, status: 'failed', serialNumber: null, message: 'Bill not found', code: '60' });

/** The months billed, as Digiflazz words a period ("202603"), the latest being last month. */
function periodsOf(now: Date, months: number): string {
  return Array.from({ length: months }, (_, index) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months + index, 1));
    return `${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
  }).join(', ');
}

const adminFee = 2_500n;

function billOf(request: BillerRequest, now: Date): BillerInquiryAnswer {
  const number = numberOf(request.customerNo);
  const product = productOf(request.skuCode);
  const months = product === 'pln' ? 1 + (number % 2) : 1 + (number % 3);
  // The bill itself from Rp 50,000 to Rp 747,000, so that with the admin fee it stays under Rp 750,000.
  const bill = 50_000n + BigInt(number % 698) * 1_000n;
  const details: Record<string, string> =
    product === 'pln'
      ? { tarif: 'R1', daya: '1300', lembar_tagihan: String(months) }
      : product === 'bpjs'
        ? { jumlah_peserta: String(1 + (number % 4)), lembar_tagihan: String(months) }
        : product === 'pdam'
          ? { tarif: '2A', lembar_tagihan: String(months) }
          : { lembar_tagihan: String(months) };
  return { found: true, customerName: nameOf(request.customerNo), period: periodsOf(now, months), amount: bill + adminFee, adminFee, details };
}

/** An electricity meter's check, as Digiflazz's Inquiry PLN answers it: a name and a power, nothing to pay. */
function meterOf(request: BillerRequest): BillerInquiryAnswer {
  if (request.customerNo.endsWith('9')) return { found: false, message: 'Customer number not found' };
  return { found: true, customerName: nameOf(request.customerNo), period: null, amount: 0n, adminFee: 0n, details: { meter_no: request.customerNo, segment_power: 'R1 /000001300' } };
}

/**
 * A biller without a network that answers as Digiflazz's development mode would, by the customer
 * number alone (outcomeOf). It keeps nothing: a pending payment is settled by the next question
 * about it, and the same request always gets the same token.
 */
export function sandboxBiller({ now = () => new Date() }: { now?: () => Date } = {}): BillerAdapter {
  return {
    name: 'sandbox',
    inquiry: async (request) => {
      if (request.kind === 'prepaid') return meterOf(request);
      return outcomeOf(request) === 'no_bill' ? { found: false, message: 'Bill not found' } : billOf(request, now());
    },
    pay: async (request) => {
      const outcome = outcomeOf(request);
      if (outcome === 'no_bill') return noBill(request);
      return resultOf(request, outcome === 'success' ? 'success' : outcome === 'failed' ? 'failed' : 'pending');
    },
    status: async (request) => {
      const outcome = outcomeOf(request);
      if (outcome === 'no_bill') return noBill(request);
      return resultOf(request, outcome === 'success' || outcome === 'pending_then_success' ? 'success' : 'failed');
    },
    verifyWebhook: ({ body, headers }) => readDigiflazzCallback({ body, headers, secret: sandboxBillerSecret }),
  };
}
