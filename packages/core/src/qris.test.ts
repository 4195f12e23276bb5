import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildQris,
  crc16CcittFalse,
  formatTlv,
  parseQris,
  parseTlv,
  QrisFormatError,
  withAmount,
  type Qris,
  type TlvField,
} from './qris.ts';

/** The example payload of EMV QRCPS MPM v1.1 Annex A: Chinese merchant, yuan, alternate-language template. */
const EMVCO_EXAMPLE =
  '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A';

const qrisAccount: TlvField = {
  id: '26',
  value: formatTlv([
    { id: '00', value: 'ID.CO.QRIS.WWW' },
    { id: '01', value: '936008990000000001' },
    { id: '02', value: 'ID1020000000001' },
    { id: '03', value: 'UMI' },
  ]),
};

function staticFields(name = 'KOPI SENJA', city = 'JAKARTA'): TlvField[] {
  return [
    { id: '00', value: '01' },
    { id: '01', value: '11' },
    qrisAccount,
    { id: '52', value: '5812' },
    { id: '53', value: '360' },
    { id: '58', value: 'ID' },
    { id: '59', value: name },
    { id: '60', value: city },
    { id: '61', value: '10270' },
  ];
}

function parsed(payload: string): Qris {
  const answer = parseQris(payload);
  if (!answer.ok) throw new Error(`expected a QRIS, got problem ${answer.problem}`);
  return answer.qris;
}

function without(fields: readonly TlvField[], id: string): TlvField[] {
  return fields.filter((field) => field.id !== id);
}

function replaced(fields: readonly TlvField[], id: string, value: string): TlvField[] {
  return fields.map((field) => (field.id === id ? { id, value } : field));
}

describe('crc16CcittFalse', () => {
  it('gives the CRC-16/CCITT-FALSE check value', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('pads to four uppercase hex digits', () => {
    expect(crc16CcittFalse('')).toBe('FFFF');
    expect(crc16CcittFalse('123456789')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('parseTlv and formatTlv', () => {
  it("verifies the EMVCo example's CRC over its UTF-8 bytes", () => {
    expect(crc16CcittFalse(EMVCO_EXAMPLE.slice(0, -4))).toBe('A13A');
  });

  it('counts lengths in characters: the example holds 最佳运输 in four', () => {
    const fields = parseTlv(EMVCO_EXAMPLE);
    expect(fields.map(({ id }) => id)).toEqual(['00', '01', '29', '31', '52', '58', '59', '60', '64', '54', '53', '55', '62', '91', '63']);
    const language = fields.find(({ id }) => id === '64')?.value ?? '';
    expect(parseTlv(language)).toEqual([
      { id: '00', value: 'ZH' },
      { id: '01', value: '最佳运输' },
      { id: '02', value: '北京' },
    ]);
  });

  it('formats back to the same text', () => {
    expect(formatTlv(parseTlv(EMVCO_EXAMPLE))).toBe(EMVCO_EXAMPLE);
  });

  it('counts a character outside the Basic Multilingual Plane once', () => {
    expect(formatTlv([{ id: '59', value: 'Kopi ☕🍰' }])).toBe('5907Kopi ☕🍰');
    expect(parseTlv('5907Kopi ☕🍰')).toEqual([{ id: '59', value: 'Kopi ☕🍰' }]);
  });

  it.each([
    ['a field that runs past the end', '000201590510'],
    ['a letter where the ID goes', 'A00201'],
    ['a letter where the length goes', '00A201'],
    ['a dangling ID', '00020159'],
  ])('refuses %s', (_case, text) => {
    expect(() => parseTlv(text)).toThrow(QrisFormatError);
  });

  it('refuses a value longer than 99 characters or an ID that is not two digits', () => {
    expect(() => formatTlv([{ id: '59', value: 'x'.repeat(100) }])).toThrow(QrisFormatError);
    expect(formatTlv([{ id: '59', value: 'x'.repeat(99) }])).toHaveLength(103);
    expect(() => formatTlv([{ id: '5', value: 'x' }])).toThrow(QrisFormatError);
  });
});

describe('parseQris', () => {
  it('answers not-qris for the EMVCo example: Chinese, in yuan', () => {
    expect(parseQris(EMVCO_EXAMPLE)).toEqual({ ok: false, problem: 'not-qris' });
  });

  it('reads a static QRIS built from its fields', () => {
    const payload = buildQris(staticFields());
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(parseQris(`  ${payload}\n`)).toEqual({
      ok: true,
      qris: {
        payload,
        initiation: 'static',
        merchantName: 'KOPI SENJA',
        merchantCity: 'JAKARTA',
        postalCode: '10270',
        countryCode: 'ID',
        currency: '360',
        categoryCode: '5812',
        amount: null,
        tip: null,
        accounts: [{ id: '26', globalId: 'ID.CO.QRIS.WWW', merchantPan: '936008990000000001', merchantId: 'ID1020000000001', criteria: 'UMI' }],
        billNumber: null,
        terminalLabel: null,
      },
    });
    expect(buildQris(parseTlv(payload))).toBe(payload);
  });

  it('reads the bill number and terminal label from the additional data template', () => {
    const additional = { id: '62', value: formatTlv([{ id: '01', value: 'INV-0042' }, { id: '07', value: 'KASIR-2' }]) };
    const qris = parsed(buildQris([...staticFields(), additional]));
    expect(qris.billNumber).toBe('INV-0042');
    expect(qris.terminalLabel).toBe('KASIR-2');
  });

  it('accepts an amount with zero decimals and a lowercase CRC', () => {
    expect(parsed(buildQris([...staticFields(), { id: '54', value: '25000.00' }])).amount).toBe(25000n);
    expect(parsed(buildQris([...staticFields(), { id: '54', value: '25000.0' }])).amount).toBe(25000n);
    const payload = buildQris(staticFields());
    expect(parseQris(`${payload.slice(0, -4)}${payload.slice(-4).toLowerCase()}`).ok).toBe(true);
  });

  it.each([
    ['01', { kind: 'prompt' }],
    ['02', { kind: 'fixed', amount: 1500n }],
    ['03', { kind: 'percent', percent: '2.5' }],
  ])('reads tip indicator %s', (indicator, tip) => {
    const fields = [...staticFields(), { id: '55', value: indicator }, { id: '56', value: '1500' }, { id: '57', value: '2.5' }];
    expect(parsed(buildQris(fields)).tip).toEqual(tip);
  });

  it('answers crc for a one-character change, a missing CRC or a CRC that is not last', () => {
    const payload = buildQris(staticFields());
    expect(parseQris(payload.replace('KOPI SENJA', 'KOPI SENJO'))).toEqual({ ok: false, problem: 'crc' });
    expect(parseQris(formatTlv(staticFields()))).toEqual({ ok: false, problem: 'crc' });
    expect(parseQris(`${payload}5802ID`)).toEqual({ ok: false, problem: 'crc' });
  });

  it.each([
    ['a missing merchant name', without(staticFields(), '59')],
    ['a missing city', without(staticFields(), '60')],
    ['a payload format other than 01', replaced(staticFields(), '00', '02')],
    ['a point of initiation other than 11 or 12', replaced(staticFields(), '01', '13')],
    ['a repeated field', [...staticFields(), { id: '59', value: 'LAIN' }]],
    ['an account template without a global ID', [...staticFields(), { id: '27', value: formatTlv([{ id: '01', value: '1234' }]) }]],
    ['a broken additional data template', [...staticFields(), { id: '62', value: '0199' }]],
  ])('answers format for %s', (_case, fields) => {
    expect(parseQris(buildQris(fields))).toEqual({ ok: false, problem: 'format' });
  });

  it('answers format for text that is not TLV at all', () => {
    expect(parseQris('https://example.com/menu')).toEqual({ ok: false, problem: 'format' });
    expect(parseQris('')).toEqual({ ok: false, problem: 'format' });
  });

  it('answers not-qris without a merchant account, outside Indonesia or outside rupiah', () => {
    expect(parseQris(buildQris(without(staticFields(), '26')))).toEqual({ ok: false, problem: 'not-qris' });
    expect(parseQris(buildQris(replaced(staticFields(), '58', 'MY')))).toEqual({ ok: false, problem: 'not-qris' });
    expect(parseQris(buildQris(replaced(staticFields(), '53', '458')))).toEqual({ ok: false, problem: 'not-qris' });
  });

  it.each(['25000.50', '0', '0.00', '-25000', '25.000', '1e5', ''])('answers amount for %j', (amount) => {
    expect(parseQris(buildQris([...staticFields(), { id: '54', value: amount }]))).toEqual({ ok: false, problem: 'amount' });
  });
});

describe('withAmount', () => {
  it('makes a static QRIS dynamic for the amount, with a fresh CRC', () => {
    const payload = withAmount(buildQris(staticFields()), 25000n);
    const qris = parsed(payload);
    expect(qris.initiation).toBe('dynamic');
    expect(qris.amount).toBe(25000n);
    expect(crc16CcittFalse(payload.slice(0, -4))).toBe(payload.slice(-4));
    expect(parseTlv(payload).map(({ id }) => id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '61', '63']);
  });

  it('replaces the amount of a dynamic QRIS and keeps its tip fields', () => {
    const fields = [...staticFields(), { id: '54', value: '10000' }, { id: '55', value: '02' }, { id: '56', value: '500' }];
    const qris = parsed(withAmount(buildQris(replaced(fields, '01', '12')), 7500n));
    expect(qris.amount).toBe(7500n);
    expect(qris.tip).toEqual({ kind: 'fixed', amount: 500n });
  });

  it('adds the point of initiation when the payload had none', () => {
    const payload = withAmount(buildQris(without(staticFields(), '01')), 1n);
    expect(parseTlv(payload).slice(0, 2)).toEqual([
      { id: '00', value: '01' },
      { id: '01', value: '12' },
    ]);
  });

  it('refuses a payload that is not a QRIS, and an amount that is not positive', () => {
    expect(() => withAmount('not a qris', 1000n)).toThrow(QrisFormatError);
    expect(() => withAmount(EMVCO_EXAMPLE, 1000n)).toThrow(QrisFormatError);
    expect(() => withAmount(buildQris(staticFields()), 0n)).toThrow(RangeError);
    expect(() => withAmount(buildQris(staticFields()), -5n)).toThrow(RangeError);
  });
});

describe('QRIS round trip', () => {
  const printable = fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }),
    fc.integer({ min: 0xa1, max: 0x17f }),
    fc.integer({ min: 0x4e00, max: 0x9fff }),
    fc.integer({ min: 0x1f300, max: 0x1f5ff }),
  );
  const text = fc.array(printable, { minLength: 1, maxLength: 25 }).map((codePoints) => String.fromCodePoint(...codePoints));

  it('gives back the name, city and amount it was built with', () => {
    fc.assert(
      fc.property(text, text, fc.bigInt({ min: 1n, max: 2_000_000n }), (name, city, amount) => {
        const qris = parsed(withAmount(buildQris(staticFields(name, city)), amount));
        expect(qris.merchantName).toBe(name);
        expect(qris.merchantCity).toBe(city);
        expect(qris.amount).toBe(amount);
      }),
    );
  });
});
