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
export type HighlightedMenu = z.infer<typeof highlightedMenuSchema>;

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

/** Any visitor may see this: never the merchant's secrets. */
export const publicMerchantSchema = z.object({
  id: z.number().int(),
  mid: z.string(),
  maskedMerchantId: z.string(),
  appId: z.string().nullable(),
  brand: z.string(),
  /** `icon.src` when the merchant has one, else a static file's. */
  iconUrl: z.string().nullable(),
  imgixIconUrl: z.string().nullable(),
  /** `banner.src` when the merchant has one, else a static file's. */
  bannerUrl: z.string().nullable(),
  /** Banner 16:9, icon square; resized by the server. */
  banner: imageSchema.nullable(),
  icon: imageSchema.nullable(),
  headerColor: colorSchema,
  buttonColor: colorSchema,
  buttonTextColor: colorSchema,
  countryCode: z.string().length(2),
  /** The merchant's country, else Indonesia (+62); dialCode without '+'. */
  phoneRegion: z.object({ code: z.string().length(2), dialCode: z.string().regex(/^\d{1,4}$/) }),
  currency: currencySchema,
  timezone: z.string(),
  defaultLogin: defaultLoginSchema,
  acceptsBothLogins: z.boolean(),
  /** "Contact us" opens a chat with the phone (E.164) when set, else a mail. */
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
  /** Made legible once by the server (core `brandingVariables`), which also writes them into the first HTML; set as they are. */
  branding: z.record(z.string().regex(/^--brand-[a-z-]+$/), colorSchema),
});
export type SiteState = z.infer<typeof siteStateSchema>;

export const merchantParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const healthSchema = z.object({ status: z.literal('ok') });
