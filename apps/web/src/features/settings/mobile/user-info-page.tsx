import { Button, DotLoading, Form, Input, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import defaultShopLogo from '../../../assets/default-shop-logo.svg';
import { useShopSettingsForm, type ShopSettingsValues } from '../hooks/use-shop-settings-form.ts';
import { MobileLogoSetting } from './logo-setting.tsx';
import '../settings.css';
import { graphemeLimit } from '../../../lib/text-limit.ts';

function MobileShopSettingsForm() {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<ShopSettingsValues>();
  const s = useShopSettingsForm(form);
  return (
    <MobileQueryState query={s.info}>
      {(info) => (
        <div data-testid="m-shop-settings">
          {!s.canEdit && <NoticeBar content={s.deniedReason} color="info" wrap />}
          <Form
            form={form}
            layout="vertical"
            initialValues={s.initialValues}
            disabled={!s.canEdit}
            onFinish={(values) => void s.save(values)}
            footer={
              <Button block type="submit" color="primary" size="large" loading={s.saving} disabled={!s.canEdit} data-testid="m-shop-settings-save">
                {t('save')}
              </Button>
            }
          >
            <Form.Item label={t('shop.logo')} description={s.logoHint}>
              <MobileLogoSetting target="shop" current={info.shopLogo} fallback={defaultShopLogo} disabled={!s.canEdit} testId="m-shop-logo" />
            </Form.Item>
            <Form.Item label={t('shop.id')}>
              <span data-testid="m-shop-id">{info.shopId}</span>
            </Form.Item>
            {s.fields.map((field) => (
              <Form.Item key={field.name} name={field.name} label={field.label} rules={field.rules} required={field.required} normalize={field.maxLength !== undefined ? graphemeLimit(field.maxLength).normalize : undefined}>
                <Input inputMode={field.inputMode} placeholder={field.placeholder} clearable data-testid={`m-${field.testId}`} />
              </Form.Item>
            ))}
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
