import { z } from 'zod';
import { SHOP } from '../constants.ts';
import { atLeastGraphemes, withinGraphemes } from '../text-length.ts';

/**
 * Shop settings and the shop's general settings. Message keys are
 * translated by the server (`validation.*`) and by the web app (`settings:validation.*`).
 */
export const SV = {
  required: 'validation.required',
  shopName: 'validation.shopName',
  socialDigits: 'validation.socialDigits',
  facebook: 'validation.facebook',
  siteName: 'validation.siteName',
} as const;

export const shopNameSchema = z
  .string({ error: SV.required })
  .trim()
  .min(1, SV.required)
  // In user-perceived characters: a flag or an emoji with a skin tone is one (text-length.ts).
  .refine(atLeastGraphemes(SHOP.NAME_MIN), SV.shopName)
  .refine(withinGraphemes(SHOP.NAME_MAX), SV.shopName);

/** WhatsApp and Zalo: digits only, at most SHOP.PHONE_SOCIAL_MAX; empty means none. */
export const phoneSocialSchema = z
  .string({ error: SV.socialDigits })
  .trim()
  .regex(/^\d*$/, SV.socialDigits)
  .max(SHOP.PHONE_SOCIAL_MAX, SV.socialDigits);

/**
 * Facebook page name: at most SHOP.SOCIAL_MAX characters. SPEC §5 keeps two readings (100 for
 * social fields, or 20 for "Facebook or Zalo"); we follow 100 (docs/decisions.md, "Shop settings and logo"), changed in one place.
 */
export const facebookSchema = z.string({ error: SV.facebook }).trim().refine(withinGraphemes(SHOP.SOCIAL_MAX), SV.facebook);

export const shopUpdateBody = z.object({
  shopName: shopNameSchema,
  whatsapp: phoneSocialSchema.optional().default(''),
  zalo: phoneSocialSchema.optional().default(''),
  facebook: facebookSchema.optional().default(''),
});
export type ShopUpdateBody = z.input<typeof shopUpdateBody>;

/** The site name of the shop's back office; empty means the default name. */
export const siteNameSchema = z.string({ error: SV.siteName }).trim().refine(withinGraphemes(SHOP.NAME_MAX), SV.siteName);

export const shopPreferencesBody = z.object({ siteName: siteNameSchema });
export type ShopPreferencesBody = z.input<typeof shopPreferencesBody>;

export const shopInfo = z.object({
  shopId: z.number(),
  shopName: z.string(),
  /** URL of the shop logo, empty for the default one. */
  shopLogo: z.string(),
  whatsapp: z.string(),
  zalo: z.string(),
  facebook: z.string(),
  /** General settings kept per shop (docs/decisions.md, "General settings: per browser or per shop"): site name and site logo (URL), empty for defaults. */
  siteName: z.string(),
  siteLogo: z.string(),
});
export type ShopInfo = z.infer<typeof shopInfo>;

/** Which picture a logo upload replaces: the shop's logo (header) or the site logo (sidebar). */
export const LOGO_TARGETS = ['shop', 'site'] as const;
export type LogoTarget = (typeof LOGO_TARGETS)[number];
export const logoUploadQuery = z.object({ target: z.enum(LOGO_TARGETS).default('shop') });
export const logoRemoveBody = z.object({ target: z.enum(LOGO_TARGETS).default('shop') });
export const logoAnswer = z.object({ logo: z.string() });

/** Logo images accepted, by their first bytes (SVG is refused: it can carry script). */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
