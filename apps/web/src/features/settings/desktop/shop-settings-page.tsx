import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHOP } from '@shopdesk/shared/constants';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import defaultShopLogo from '../../../assets/default-shop-logo.svg';
import { useShopSettingsForm, type ShopSettingsValues } from '../hooks/use-shop-settings-form.ts';
import { LOGO_MAX_MB } from '../hooks/use-logo-field.ts';
import { LogoSetting } from './logo-setting.tsx';
import '../settings.css';

function ShopSettingsForm() {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<ShopSettingsValues>();
  const s = useShopSettingsForm(form);
  const initial = s.initialValues;
  return (
    <QueryState query={s.info}>
      {(info) => (
        <div className="settings-page" data-testid="shop-settings-page">
          {!s.canEdit && <Alert type="info" showIcon message={t('adminOnly')} className="settings-admin-only" data-testid="settings-admin-only" />}
          <Form<ShopSettingsValues> form={form} layout="vertical" initialValues={initial} onFinish={(values) => void s.save(values)} disabled={!s.canEdit} data-testid="shop-settings-form">
            <Form.Item label={t('shop.logo')} extra={t('logo.hint', { maxMb: LOGO_MAX_MB, px: SHOP.LOGO_RECOMMENDED_PX })}>
              <LogoSetting target="shop" current={info.shopLogo} fallback={defaultShopLogo} disabled={!s.canEdit} testId="shop-logo-setting" />
            </Form.Item>
            <Form.Item label={t('shop.id')}>
              <Input value={String(info.shopId)} disabled aria-label={t('shop.id')} data-testid="shop-id-field" />
            </Form.Item>
            <Form.Item name="shopName" label={t('shop.name')} required rules={s.rules.shopName} validateFirst>
              <Input maxLength={SHOP.NAME_MAX} showCount data-testid="shop-name-input" />
            </Form.Item>
            <Form.Item name="whatsapp" label="WhatsApp" rules={s.rules.phoneSocial}>
              <Input inputMode="numeric" placeholder={t('shop.phonePlaceholder')} data-testid="shop-whatsapp-input" />
            </Form.Item>
            <Form.Item name="zalo" label="Zalo" rules={s.rules.phoneSocial}>
              <Input inputMode="numeric" placeholder={t('shop.phonePlaceholder')} data-testid="shop-zalo-input" />
            </Form.Item>
            <Form.Item name="facebook" label={t('shop.facebook')} rules={s.rules.facebook}>
              <Input maxLength={SHOP.SOCIAL_MAX} showCount placeholder={t('shop.facebookPlaceholder')} data-testid="shop-facebook-input" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={s.saving} data-testid="shop-settings-save">
              {t('save')}
            </Button>
          </Form>
        </div>
      )}
    </QueryState>
  );
}

/** Desktop /settings/shop: shop name, logo and contacts (SPEC §1, §5). */
export function ShopSettingsPage() {
  return (
    <PageFrame titleKey="shopSettings">
      <NamespaceGate ns="settings" fallback={<Skeleton active />}>
        <ShopSettingsForm />
      </NamespaceGate>
    </PageFrame>
  );
}
