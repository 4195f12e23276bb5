/*
 * QRIS: Indonesia's profile of the EMV QR Code Specification for Payment Systems, Merchant-Presented
 * Mode (EMV QRCPS MPM). A payload is a run of data objects: a 2-digit ID, a 2-digit length, the value.
 *
 * Lengths count characters, and the spec's own example counts '最佳运输' as 04, so a length here is a
 * number of Unicode code points (Array.from), never of UTF-16 units; the CRC runs over UTF-8 bytes.
 */

// Core is typed without DOM or Node globals; both runtimes provide TextEncoder.
declare const TextEncoder: new () => { encode(input: string): Uint8Array };

export interface TlvField {
  id: string;
  value: string;
}

export class QrisFormatError extends Error {
  override name = 'QrisFormatError';
}

export type QrisProblem = 'format' | 'crc' | 'not-qris' | 'amount';

export interface QrisMerchantAccount {
  /** The template's ID, '26' to '51'. */
  id: string;
  /** Reverse domain name or AID of the network, e.g. 'ID.CO.QRIS.WWW'. */
  globalId: string;
  merchantPan?: string;
  merchantId?: string;
  criteria?: string;
}

export type QrisTip = { kind: 'prompt' } | { kind: 'fixed'; amount: bigint } | { kind: 'percent'; percent: string };

export interface Qris {
  payload: string;
  initiation: 'static' | 'dynamic';
  merchantName: string;
  merchantCity: string;
  postalCode: string | null;
  countryCode: string;
  /** ISO 4217 numeric. */
  currency: string;
  categoryCode: string;
  /** Whole rupiah: the currency has no minor unit. */
  amount: bigint | null;
  tip: QrisTip | null;
  accounts: QrisMerchantAccount[];
  billNumber: string | null;
  terminalLabel: string | null;
}

export type QrisParse = { ok: true; qris: Qris } | { ok: false; problem: QrisProblem };

const ID = {
  payloadFormat: '00',
  initiation: '01',
  categoryCode: '52',
  currency: '53',
  amount: '54',
  tipIndicator: '55',
  tipFixed: '56',
  tipPercent: '57',
  countryCode: '58',
  merchantName: '59',
  merchantCity: '60',
  postalCode: '61',
  additionalData: '62',
  crc: '63',
  languageTemplate: '64',
} as const;

const REQUIRED_IDS = [ID.categoryCode, ID.currency, ID.countryCode, ID.merchantName, ID.merchantCity];
const INITIATION = { static: '11', dynamic: '12' } as const;
const RUPIAH = '360';
const INDONESIA = 'ID';
/** EMV QRCPS MPM caps the transaction amount at 13 characters. */
const AMOUNT_MAX_DIGITS = 13;
const CRC_LENGTH = 4;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the UTF-8 bytes. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function parseTlv(text: string): TlvField[] {
  const chars = Array.from(text);
  const fields: TlvField[] = [];
  let at = 0;
  while (at < chars.length) {
    const id = chars.slice(at, at + 2).join('');
    const length = chars.slice(at + 2, at + 4).join('');
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(length)) throw new QrisFormatError(`No ID and length at character ${at}`);
    const end = at + 4 + Number(length);
    if (end > chars.length) throw new QrisFormatError(`Field ${id} runs past the end`);
    fields.push({ id, value: chars.slice(at + 4, end).join('') });
    at = end;
  }
  return fields;
}

export function formatTlv(fields: readonly TlvField[]): string {
  return fields
    .map(({ id, value }) => {
      if (!/^\d{2}$/.test(id)) throw new QrisFormatError(`Field ID ${JSON.stringify(id)} is not two digits`);
      const length = Array.from(value).length;
      if (length > 99) throw new QrisFormatError(`Field ${id} holds ${length} characters; at most 99 fit`);
      return `${id}${String(length).padStart(2, '0')}${value}`;
    })
    .join('');
}

/** The CRC is always computed here: any ID 63 given is dropped. */
export function buildQris(fields: readonly TlvField[]): string {
  const head = `${formatTlv(fields.filter(({ id }) => id !== ID.crc))}${ID.crc}${String(CRC_LENGTH).padStart(2, '0')}`;
  return `${head}${crc16CcittFalse(head)}`;
}

/** A static or dynamic QRIS made dynamic for this amount, the other fields kept. */
export function withAmount(payload: string, amount: bigint): string {
  if (amount <= 0n) throw new RangeError('A QRIS amount must be positive');
  if (amount.toString().length > AMOUNT_MAX_DIGITS) throw new RangeError(`A QRIS amount has at most ${AMOUNT_MAX_DIGITS} digits`);
  const parsed = parseQris(payload);
  if (!parsed.ok) throw new QrisFormatError(`Not a QRIS payload (${parsed.problem})`);
  let fields = parseTlv(parsed.qris.payload);
  fields = upsertField(fields, ID.initiation, INITIATION.dynamic);
  fields = upsertField(fields, ID.amount, amount.toString());
  return buildQris(fields);
}

/** Replaces the field in place, or inserts it before the first higher ID. */
function upsertField(fields: readonly TlvField[], id: string, value: string): TlvField[] {
  if (fields.some((field) => field.id === id)) return fields.map((field) => (field.id === id ? { id, value } : field));
  const before = fields.findIndex((field) => field.id > id);
  const at = before === -1 ? fields.length : before;
  return [...fields.slice(0, at), { id, value }, ...fields.slice(at)];
}

/** Carries a problem out of the checks below; parseQris turns it into its answer. */
class QrisProblemError extends Error {
  readonly problem: QrisProblem;

  constructor(problem: QrisProblem) {
    super(problem);
    this.problem = problem;
  }
}

export function parseQris(text: string): QrisParse {
  const payload = text.trim();
  try {
    return { ok: true, qris: readQris(payload) };
  } catch (error) {
    if (error instanceof QrisProblemError) return { ok: false, problem: error.problem };
    if (error instanceof QrisFormatError) return { ok: false, problem: 'format' };
    throw error;
  }
}

/** Checked in this order so a payload answers with its most basic fault. */
function readQris(payload: string): Qris {
  const fields = parseTlv(payload);
  const [first] = fields;
  if (first?.id !== ID.payloadFormat || first.value !== '01') throw new QrisFormatError('The payload does not start with 000201');
  checkCrc(payload, fields);
  const byId = fieldsById(fields);
  for (const id of REQUIRED_IDS) {
    if (!byId.has(id)) throw new QrisFormatError(`Field ${id} is missing`);
  }
  const initiation = initiationOf(byId.get(ID.initiation));
  const accounts = fields.filter(({ id }) => isAccountTemplate(id)).map(accountOf);
  const additional = byId.has(ID.additionalData) ? fieldsById(parseTlv(byId.get(ID.additionalData) ?? '')) : new Map<string, string>();
  if (byId.has(ID.languageTemplate)) parseTlv(byId.get(ID.languageTemplate) ?? '');
  const countryCode = byId.get(ID.countryCode) ?? '';
  const currency = byId.get(ID.currency) ?? '';
  if (accounts.length === 0 || countryCode !== INDONESIA || currency !== RUPIAH) throw new QrisProblemError('not-qris');
  const amountText = byId.get(ID.amount);
  return {
    payload,
    initiation,
    merchantName: byId.get(ID.merchantName) ?? '',
    merchantCity: byId.get(ID.merchantCity) ?? '',
    postalCode: byId.get(ID.postalCode) ?? null,
    countryCode,
    currency,
    categoryCode: byId.get(ID.categoryCode) ?? '',
    amount: amountText === undefined ? null : wholeAmountOf(amountText),
    tip: tipOf(byId),
    accounts,
    billNumber: additional.get('01') ?? null,
    terminalLabel: additional.get('07') ?? null,
  };
}

/** ID 63 closes the payload and covers every character before its own value. */
function checkCrc(payload: string, fields: readonly TlvField[]): void {
  const last = fields.at(-1);
  if (last?.id !== ID.crc || Array.from(last.value).length !== CRC_LENGTH) throw new QrisProblemError('crc');
  const covered = payload.slice(0, payload.length - last.value.length);
  if (crc16CcittFalse(covered) !== last.value.toUpperCase()) throw new QrisProblemError('crc');
}

/** Each ID appears once: a repeated one would let two readers see two different payments. */
function fieldsById(fields: readonly TlvField[]): Map<string, string> {
  const byId = new Map<string, string>();
  for (const { id, value } of fields) {
    if (byId.has(id)) throw new QrisFormatError(`Field ${id} appears twice`);
    byId.set(id, value);
  }
  return byId;
}

function initiationOf(value: string | undefined): Qris['initiation'] {
  if (value === undefined || value === INITIATION.static) return 'static';
  if (value === INITIATION.dynamic) return 'dynamic';
  throw new QrisFormatError(`Point of initiation ${JSON.stringify(value)} is neither 11 nor 12`);
}

function isAccountTemplate(id: string): boolean {
  const number = Number(id);
  return number >= 26 && number <= 51;
}

function accountOf({ id, value }: TlvField): QrisMerchantAccount {
  const inner = fieldsById(parseTlv(value));
  const globalId = inner.get('00');
  if (globalId === undefined) throw new QrisFormatError(`Merchant account ${id} has no globally unique identifier`);
  const account: QrisMerchantAccount = { id, globalId };
  const merchantPan = inner.get('01');
  const merchantId = inner.get('02');
  const criteria = inner.get('03');
  if (merchantPan !== undefined) account.merchantPan = merchantPan;
  if (merchantId !== undefined) account.merchantId = merchantId;
  if (criteria !== undefined) account.criteria = criteria;
  return account;
}

/** Rupiah has no minor unit: '25000' and '25000.00' are accepted, '25000.50' is not. */
function wholeAmountOf(text: string): bigint {
  const match = /^(\d+)(?:\.00?)?$/.exec(text);
  const amount = match?.[1] === undefined ? 0n : BigInt(match[1]);
  if (amount <= 0n) throw new QrisProblemError('amount');
  return amount;
}

function tipOf(byId: ReadonlyMap<string, string>): QrisTip | null {
  const indicator = byId.get(ID.tipIndicator);
  if (indicator === undefined) return null;
  if (indicator === '01') return { kind: 'prompt' };
  if (indicator === '02') {
    const fixed = byId.get(ID.tipFixed);
    if (fixed === undefined) throw new QrisFormatError('A fixed convenience fee needs field 56');
    return { kind: 'fixed', amount: wholeAmountOf(fixed) };
  }
  if (indicator === '03') {
    const percent = byId.get(ID.tipPercent);
    if (percent === undefined || !/^\d{1,2}(?:\.\d{1,2})?$/.test(percent)) throw new QrisFormatError('A percentage convenience fee needs a percentage in field 57');
    return { kind: 'percent', percent };
  }
  throw new QrisFormatError(`Tip indicator ${JSON.stringify(indicator)} is not 01, 02 or 03`);
}
