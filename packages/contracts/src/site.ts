import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '@kartu/core';
import { imageSchema } from './media.ts';

export const languages = SUPPORTED_LANGUAGES;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const viewModeSchema = z.enum(['browser', 'app', 'app-ios']);
export type ViewMode = z.infer<typeof viewModeSchema>;

export const uiVersionSchema = z.enum(['v1', 'v2']);
export type UiVersion = z.infer<typeof uiVersionSchema>;

export const defaultLoginSchema = z.enum(['email', 'phone']);
export type DefaultLogin = z.infer<typeof defaultLoginSchema>;

export const highlightedMenuSchema = z.enum(['scanQris', 'claimPoint', 'transferPoint', 'targetAchievement']);

export const currencySchema = z.object({
  code: z.string().length(3),
  symbol: z.string(),
  decimalDigits: z.number().int().min(0).max(4),
  thousandSeparator: z.string().max(1),
  decimalSeparator: z.string().max(1),
});
export type Currency = z.infer<typeof currencySchema>;

/** Per-merchant switches (spec app-core §6). */
export const merchantFlagsSchema = z.object({
  ageGate: z.boolean(),
  activationCodeWhitelist: z.boolean(),
  hidePoweredBy: z.boolean(),
  exclusiveCategories: z.array(z.string()),
  highlightedMenus: z.array(highlightedMenuSchema),
});
export type MerchantFlags = z.infer<typeof merchantFlagsSchema>;

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** What any visitor may know of a merchant: its brand and settings, never its secrets. */
export const publicMerchantSchema = z.object({
  id: z.number().int(),
  mid: z.string(),
  maskedMerchantId: z.string(),
  appId: z.string().nullable(),
  brand: z.string(),
  /** The icon's URL: the `src` of `icon` when the merchant has one, else a static file's. */
  iconUrl: z.string().nullable(),
  imgixIconUrl: z.string().nullable(),
  /** The banner's URL: the `src` of `banner` when the merchant has one, else a static file's. */
  bannerUrl: z.string().nullable(),
  /** The landing page's banner (16:9) and the brand icon (square), resized by the server. */
  banner: imageSchema.nullable(),
  icon: imageSchema.nullable(),
  headerColor: colorSchema,
  buttonColor: colorSchema,
  buttonTextColor: colorSchema,
  countryCode: z.string().length(2),
  /** Where the merchant's phone fields start: its country, else Indonesia (+62); dialCode without '+'. */
  phoneRegion: z.object({ code: z.string().length(2), dialCode: z.string().regex(/^\d{1,4}$/) }),
  currency: currencySchema,
  timezone: z.string(),
  defaultLogin: defaultLoginSchema,
  /** Members may also sign in with the other kind of identifier. */
  acceptsBothLogins: z.boolean(),
  /** Where "Contact us" reaches the merchant: a chat with this phone (E.164), else a mail. */
  support: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  notificationVendor: z.string().nullable(),
  uiVersion: uiVersionSchema,
  homePage: z.object({
    headerButtonColor: colorSchema,
    headerButtonTextColor: colorSchema,
    addCardButton: z.boolean(),
    defaultLanguage: languageSchema,
  }),
  analytics: z.object({ gaId: z.string().nullable(), fbPixelId: z.string().nullable() }),
  flags: merchantFlagsSchema,
});
export type PublicMerchant = z.infer<typeof publicMerchantSchema>;

/** GET /api/site: everything the web app boots from. */
export const siteStateSchema = z.object({
  host: z.string(),
  viewMode: viewModeSchema,
  defaultLanguage: languageSchema,
  uiVersion: uiVersionSchema,
  maintenance: z.boolean(),
  active: z.boolean(),
  /** Some hosts only open `/` with a `referenceId` query (spec app-core §2 Guards). */
  requireReferenceId: z.boolean(),
  merchant: publicMerchantSchema,
  /**
   * The merchant's colours as the CSS variables every page reads (`--brand-header`, …), each pair
   * already made legible (core `brandingVariables`): worked out once by the server, which also writes
   * them into the page's first HTML, and set as they are by the app.
   */
  branding: z.record(z.string().regex(/^--brand-[a-z-]+$/), colorSchema),
});
export type SiteState = z.infer<typeof siteStateSchema>;

export const merchantParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const healthSchema = z.object({ status: z.literal('ok') });
