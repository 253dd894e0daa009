import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOP } from '@shopdesk/shared/constants';
import type { ShopUpdateBody } from '@shopdesk/shared/shop/schemas';
import { notify } from '../../../lib/notifier.ts';
import { usePermissions } from '../../users/api/permissions.ts';
import { useShopSettings } from '../api/shop-info.ts';
import { useUpdateShop } from '../api/update-shop.ts';
import { LOGO_MAX_MB } from './use-logo-field.ts';
import { useSettingsRules } from './use-settings-rules.ts';

export interface ShopSettingsValues {
  shopName: string;
  whatsapp: string;
  zalo: string;
  facebook: string;
}

/** One text field of the shop settings, as both devices render it. */
export interface ShopSettingsField {
  name: keyof ShopSettingsValues;
  label: string;
  rules: object[];
  required?: boolean;
  /** In user-perceived characters; the phone numbers have none (their rule says why). */
  maxLength?: number;
  inputMode?: 'numeric';
  placeholder?: string;
  /** The field's test id without the device prefix (`m-` on the phone). */
  testId: string;
}

/**
 * Shop settings on both devices: the saved values (put into `form` whenever they change on the
 * server), the fields with their rules, and a save that the header follows.
 */
export function useShopSettingsForm(form: { setFieldsValue(values: ShopSettingsValues): void }) {
  const { t } = useTranslation('settings');
  const info = useShopSettings();
  const update = useUpdateShop();
  const permissions = usePermissions();
  const rules = useSettingsRules();
  const initialValues: ShopSettingsValues | undefined = info.data && {
    shopName: info.data.shopName,
    whatsapp: info.data.whatsapp,
    zalo: info.data.zalo,
    facebook: info.data.facebook,
  };
  const { shopName, whatsapp, zalo, facebook } = initialValues ?? {};
  useEffect(() => {
    if (shopName !== undefined) form.setFieldsValue({ shopName, whatsapp: whatsapp ?? '', zalo: zalo ?? '', facebook: facebook ?? '' });
  }, [form, shopName, whatsapp, zalo, facebook]);
  const save = async (values: ShopSettingsValues) => {
    const body: ShopUpdateBody = { shopName: values.shopName, whatsapp: values.whatsapp ?? '', zalo: values.zalo ?? '', facebook: values.facebook ?? '' };
    try {
      await update.mutateAsync(body);
      notify.success(t('shop.saved'));
    } catch {
      // shown by the HTTP client
    }
  };
  const phone = { rules: rules.phoneSocial, inputMode: 'numeric', placeholder: t('shop.phonePlaceholder') } as const;
  const fields: ShopSettingsField[] = [
    { name: 'shopName', label: t('shop.name'), rules: rules.shopName, required: true, maxLength: SHOP.NAME_MAX, testId: 'shop-name-input' },
    { name: 'whatsapp', label: 'WhatsApp', ...phone, testId: 'shop-whatsapp-input' },
    { name: 'zalo', label: 'Zalo', ...phone, testId: 'shop-zalo-input' },
    { name: 'facebook', label: t('shop.facebook'), rules: rules.facebook, maxLength: SHOP.SOCIAL_MAX, placeholder: t('shop.facebookPlaceholder'), testId: 'shop-facebook-input' },
  ];
  return {
    info,
    initialValues,
    fields,
    logoHint: t('logo.hint', { maxMb: LOGO_MAX_MB, px: SHOP.LOGO_RECOMMENDED_PX }),
    save,
    saving: update.isPending,
    canEdit: permissions.can('settings:edit'),
    /** Why the form is disabled, in the reader's language. */
    deniedReason: permissions.reason('settings:edit'),
  };
}
