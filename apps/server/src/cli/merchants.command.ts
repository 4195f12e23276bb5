import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { languages, type Language } from '@kartu/contracts';
import { normalizeHost } from '../modules/tenancy/tenancy.service.ts';
import { removeMerchantWebhook, setMerchantWebhook } from '../modules/webhooks/webhooks.service.ts';
import { CommandError, merchantByMid, oneOf, readOptions, required, UsageError, type CliContext } from './cli.context.ts';
import {
  insertMerchantUnlessTaken,
  insertSiteUnlessTaken,
  listMerchantsWithHosts,
  updateMerchantSettings,
  type MerchantSettings,
} from './operator.repository.ts';

/** How amounts look in the merchant's country and currency, from the ICU data Node ships. */
function currencyFormatOf(countryCode: string, currencyCode: string) {
  let currency: Intl.NumberFormat;
  try {
    currency = new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode, currencyDisplay: 'narrowSymbol' });
  } catch {
    throw new UsageError(`--currency ${currencyCode} is not an ISO 4217 currency code`);
  }
  // The country's likely language decides the separators: id-ID writes 1.234,5, en-PH 1,234.5.
  const local = new Intl.NumberFormat(new Intl.Locale(`und-${countryCode}`).maximize().baseName).formatToParts(1234.5);
  return {
    currencySymbol: currency.formatToParts(1).find((part) => part.type === 'currency')?.value ?? currencyCode,
    currencyDecimals: currency.resolvedOptions().maximumFractionDigits ?? 0,
    thousandSeparator: local.find((part) => part.type === 'group')?.value ?? ',',
    decimalSeparator: local.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

function validTimeZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new UsageError(`--timezone ${zone} is not an IANA time zone`);
  }
}

export async function createMerchantCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, {
    mid: { type: 'string' },
    brand: { type: 'string' },
    country: { type: 'string' },
    currency: { type: 'string' },
    login: { type: 'string' },
    ui: { type: 'string' },
    timezone: { type: 'string' },
  });
  const mid = required(values, 'mid').toUpperCase();
  if (!/^[A-Z0-9_-]{2,32}$/.test(mid)) throw new UsageError('--mid must be 2 to 32 letters, digits, - or _');
  const countryCode = (values.country ?? 'ID').toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode)) throw new UsageError('--country must be a two-letter ISO 3166 code');
  const currencyCode = (values.currency ?? 'IDR').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currencyCode)) throw new UsageError('--currency must be a three-letter ISO 4217 code');
  const merchant = await insertMerchantUnlessTaken(db, {
    mid,
    // Public ids are random, so they say nothing about how many merchants there are.
    maskedMerchantId: `m${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`,
    brand: required(values, 'brand'),
    countryCode,
    currencyCode,
    ...currencyFormatOf(countryCode, currencyCode),
    // spec: app-core §9 — Asia/Jakarta unless the merchant's own zone is given
    timezone: validTimeZone(values.timezone ?? 'Asia/Jakarta'),
    defaultLogin: oneOf(values.login, ['phone', 'email'], 'phone', 'login'),
    uiVersion: oneOf(values.ui, ['v1', 'v2'], 'v1', 'ui'),
  });
  if (!merchant) throw new CommandError(`A merchant with the mid ${mid} already exists`);
  out(`Merchant ${merchant.mid} created (id ${merchant.id}, public id ${merchant.maskedMerchantId}).`);
  out(`Next: kartu sites create --host <host> --merchant ${merchant.mid}`);
}

/** `none` clears an optional setting. */
const clear = 'none';

function supportPhoneOf(value: string): string | null {
  if (value === clear) return null;
  // Written as people write numbers (+62 812-3450-0077), kept in E.164 for wa.me links.
  const phone = value.replace(/[\s().-]/g, '');
  if (!/^\+[1-9]\d{6,14}$/.test(phone)) throw new UsageError('--support-phone must be an international number such as +6281234500077, or none');
  return phone;
}

function supportEmailOf(value: string): string | null {
  if (value === clear) return null;
  const email = value.trim().toLowerCase();
  // Any deliverable address: the members' sign-in rule (2–3 letter endings) is not the merchant's.
  if (!z.string().email().safeParse(email).success) throw new UsageError('--support-email must be an e-mail address, or none');
  return email;
}

export async function updateMerchantCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, {
    mid: { type: 'string' },
    login: { type: 'string' },
    'both-logins': { type: 'string' },
    'support-phone': { type: 'string' },
    'support-email': { type: 'string' },
    'ga-id': { type: 'string' },
    'fb-pixel-id': { type: 'string' },
  });
  const merchant = await merchantByMid(db, required(values, 'mid').toUpperCase());
  const settings: MerchantSettings = {};
  if (values['ga-id'] !== undefined) settings.gaId = vendorIdOf(values['ga-id'], /^(G|GTM|AW)-[A-Z0-9]{4,20}$/, 'ga-id', 'G-XXXXXXXXXX');
  if (values['fb-pixel-id'] !== undefined) settings.fbPixelId = vendorIdOf(values['fb-pixel-id'], /^\d{6,20}$/, 'fb-pixel-id', 'its digits');
  if (values.login !== undefined) settings.defaultLogin = oneOf(values.login, ['phone', 'email'], 'phone', 'login');
  if (values['both-logins'] !== undefined) settings.acceptsBothLogins = oneOf(values['both-logins'], ['yes', 'no'], 'no', 'both-logins') === 'yes';
  if (values['support-phone'] !== undefined) settings.supportPhone = supportPhoneOf(values['support-phone']);
  if (values['support-email'] !== undefined) settings.supportEmail = supportEmailOf(values['support-email']);
  if (Object.keys(settings).length === 0) throw new UsageError('Say what to change: --login, --both-logins, --support-phone, --support-email, --ga-id or --fb-pixel-id');
  const saved = await updateMerchantSettings(db, merchant.id, settings);
  const logins = saved.acceptsBothLogins ? `${saved.defaultLogin} first, both accepted` : `${saved.defaultLogin} only`;
  out(`Merchant ${saved.mid} updated.`);
  out(`  sign-in:  ${logins}`);
  out(`  support:  ${[saved.supportPhone, saved.supportEmail].filter(Boolean).join(', ') || 'none: "Contact us" is not offered'}`);
  out(`  analytics: ${[saved.gaId && `tag manager ${saved.gaId}`, saved.fbPixelId && `pixel ${saved.fbPixelId}`].filter(Boolean).join(', ') || 'none loaded'}`);
}

/** A tag manager or pixel id as its vendor writes it, or `none` to stop loading it. */
function vendorIdOf(value: string, pattern: RegExp, name: string, example: string): string | null {
  const id = value.trim().toUpperCase();
  if (id === 'NONE') return null;
  if (!pattern.test(id)) throw new UsageError(`--${name} takes ${example}, or none`);
  return id;
}

export async function listMerchantsCommand(args: string[], { db, out }: CliContext): Promise<void> {
  readOptions(args, {});
  const merchants = await listMerchantsWithHosts(db);
  if (merchants.length === 0) {
    out('No merchants yet. Create one: kartu merchants create --mid <MID> --brand <name>');
    return;
  }
  const rows = merchants.map((merchant) => [
    String(merchant.id),
    merchant.mid,
    merchant.brand,
    merchant.countryCode,
    merchant.currencyCode,
    merchant.defaultLogin,
    merchant.uiVersion,
    merchant.hosts.join(', ') || '-',
  ]);
  const header = ['id', 'mid', 'brand', 'country', 'currency', 'login', 'ui', 'hosts'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  for (const row of [header, ...rows]) out(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd());
}

export async function createSiteCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { host: { type: 'string' }, merchant: { type: 'string' }, language: { type: 'string' } });
  const host = normalizeHost(required(values, 'host'));
  if (!/^[a-z0-9.-]+$/.test(host) || host.includes('..')) throw new UsageError('--host must be a host name such as loyalty.example.com, without a port');
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const defaultLanguage: Language = oneOf(values.language, languages, 'en', 'language');
  const site = await insertSiteUnlessTaken(db, { host, merchantId: merchant.id, defaultLanguage });
  if (!site) throw new CommandError(`The host ${host} already serves a merchant`);
  out(`Site ${site.host} now serves ${merchant.brand} (${merchant.mid}), in ${site.defaultLanguage} by default.`);
}

/** `kartu merchants webhook`: where the merchant's systems hear of new and paid orders, with a new signing secret; or `--remove`. */
export async function setMerchantWebhookCommand(args: string[], { db, out, now, webhookSealKey, production = false }: CliContext): Promise<void> {
  const values = readOptions(args, { mid: { type: 'string' }, url: { type: 'string' }, remove: { type: 'boolean' } });
  const merchant = await merchantByMid(db, required(values, 'mid').toUpperCase());
  if (values.remove) {
    await removeMerchantWebhook({ db, merchantId: merchant.id });
    out(`${merchant.mid} gets no more webhooks.`);
    return;
  }
  if (!webhookSealKey) throw new CommandError('This command needs the server configuration (CODE_SECRET) to keep the secret');
  const { secret } = await setMerchantWebhook({ db, merchantId: merchant.id, url: required(values, 'url'), sealKey: webhookSealKey, production, now: now() });
  out(`${merchant.mid}'s webhooks go to ${values.url}. Signing secret (shown once, keep it safe): ${secret}`);
  out('Each message carries a Kartu-Signature header: t=<unix time>,v1=<HMAC-SHA256 of "<t>.<body>" with the secret, in hex> (docs/integration.md Webhooks).');
}
