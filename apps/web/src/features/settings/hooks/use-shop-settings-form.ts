import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopUpdateBody } from '@shopdesk/shared/shop/schemas';
import { notify } from '../../../lib/notifier.ts';
import { useShopRole } from '../../users/api/shop-role.ts';
import { useShopSettings } from '../api/shop-info.ts';
import { useUpdateShop } from '../api/update-shop.ts';
import { useSettingsRules } from './use-settings-rules.ts';

export interface ShopSettingsValues {
  shopName: string;
  whatsapp: string;
  zalo: string;
  facebook: string;
}

/**
 * Shop settings on both devices: the saved values (put into `form` whenever they change on the
 * server), the rules, and a save that the header follows.
 */
export function useShopSettingsForm(form: { setFieldsValue(values: ShopSettingsValues): void }) {
  const { t } = useTranslation('settings');
  const info = useShopSettings();
  const update = useUpdateShop();
  const role = useShopRole();
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
  return { info, initialValues, rules, save, saving: update.isPending, canEdit: role.isAdmin };
}
