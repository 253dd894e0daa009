import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { SHOP } from '@shopdesk/shared/constants';
import { facebookSchema, phoneSocialSchema, shopNameSchema, siteNameSchema } from '@shopdesk/shared/shop/schemas';
import { zodRule } from '../../../lib/form-rules.ts';

/** Field rules from the shared schemas, with their messages in the `settings` catalog. */
export function useSettingsRules() {
  const { t } = useTranslation('settings');
  const rule = (schema: ZodType, params: Record<string, unknown>) => zodRule(schema, (key, options) => t([key.replace(/^common:/, 'settings:'), key], options), params);
  return {
    shopName: [rule(shopNameSchema, { min: SHOP.NAME_MIN, max: SHOP.NAME_MAX })],
    phoneSocial: [rule(phoneSocialSchema, { max: SHOP.PHONE_SOCIAL_MAX })],
    facebook: [rule(facebookSchema, { max: SHOP.SOCIAL_MAX })],
    siteName: [rule(siteNameSchema, { max: SHOP.NAME_MAX })],
  };
}
