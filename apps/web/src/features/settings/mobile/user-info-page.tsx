import { Button, DotLoading, Form, Input, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SHOP } from '@shopdesk/shared/constants';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import defaultShopLogo from '../../../assets/default-shop-logo.svg';
import { useShopSettingsForm, type ShopSettingsValues } from '../hooks/use-shop-settings-form.ts';
import { LOGO_MAX_MB } from '../hooks/use-logo-field.ts';
import { MobileLogoSetting } from './logo-setting.tsx';
import '../settings.css';

function MobileShopSettingsForm() {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<ShopSettingsValues>();
  const s = useShopSettingsForm(form);
  const initial = s.initialValues;
  return (
    <MobileQueryState query={s.info}>
      {(info) => (
        <div data-testid="m-shop-settings">
          {!s.canEdit && <NoticeBar content={t('adminOnly')} color="info" wrap />}
          <Form
            form={form}
            layout="vertical"
            initialValues={initial}
            disabled={!s.canEdit}
            onFinish={(values) => void s.save(values)}
            footer={
              <Button block type="submit" color="primary" size="large" loading={s.saving} disabled={!s.canEdit} data-testid="m-shop-settings-save">
                {t('save')}
              </Button>
            }
          >
            <Form.Item label={t('shop.logo')} description={t('logo.hint', { maxMb: LOGO_MAX_MB, px: SHOP.LOGO_RECOMMENDED_PX })}>
              <MobileLogoSetting target="shop" current={info.shopLogo} fallback={defaultShopLogo} disabled={!s.canEdit} testId="m-shop-logo" />
            </Form.Item>
            <Form.Item label={t('shop.id')}>
              <span data-testid="m-shop-id">{info.shopId}</span>
            </Form.Item>
            <Form.Item name="shopName" label={t('shop.name')} rules={s.rules.shopName} required>
              <Input maxLength={SHOP.NAME_MAX} clearable data-testid="m-shop-name-input" />
            </Form.Item>
            <Form.Item name="whatsapp" label="WhatsApp" rules={s.rules.phoneSocial}>
              <Input inputMode="numeric" placeholder={t('shop.phonePlaceholder')} clearable data-testid="m-shop-whatsapp-input" />
            </Form.Item>
            <Form.Item name="zalo" label="Zalo" rules={s.rules.phoneSocial}>
              <Input inputMode="numeric" placeholder={t('shop.phonePlaceholder')} clearable data-testid="m-shop-zalo-input" />
            </Form.Item>
            <Form.Item name="facebook" label={t('shop.facebook')} rules={s.rules.facebook}>
              <Input maxLength={SHOP.SOCIAL_MAX} placeholder={t('shop.facebookPlaceholder')} clearable data-testid="m-shop-facebook-input" />
            </Form.Item>
          </Form>
        </div>
      )}
    </MobileQueryState>
  );
}

/** Phone /m/user-info ("shop info"), reached from the profile: the shop settings of /settings/shop. */
export function MobileUserInfoPage() {
  return (
    <MobilePageFrame titleKey="userInfo">
      <NamespaceGate
        ns="settings"
        fallback={
          <div className="m-state">
            <DotLoading color="primary" />
          </div>
        }
      >
        <MobileShopSettingsForm />
      </NamespaceGate>
    </MobilePageFrame>
  );
}
