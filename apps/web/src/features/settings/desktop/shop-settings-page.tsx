import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import defaultShopLogo from '../../../assets/default-shop-logo.svg';
import { useShopSettingsForm, type ShopSettingsValues } from '../hooks/use-shop-settings-form.ts';
import { LogoSetting } from './logo-setting.tsx';
import '../settings.css';
import { graphemeLimit } from '../../../lib/text-limit.ts';

function ShopSettingsForm() {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<ShopSettingsValues>();
  const s = useShopSettingsForm(form);
  return (
    <QueryState query={s.info}>
      {(info) => (
        <div className="settings-page" data-testid="shop-settings-page">
          {!s.canEdit && <Alert type="info" showIcon message={s.deniedReason} className="settings-admin-only" data-testid="settings-admin-only" />}
          <Form<ShopSettingsValues> form={form} layout="vertical" initialValues={s.initialValues} onFinish={(values) => void s.save(values)} disabled={!s.canEdit} data-testid="shop-settings-form">
            <Form.Item label={t('shop.logo')} extra={s.logoHint}>
              <LogoSetting target="shop" current={info.shopLogo} fallback={defaultShopLogo} disabled={!s.canEdit} testId="shop-logo-setting" />
            </Form.Item>
            <Form.Item label={t('shop.id')}>
              <Input value={String(info.shopId)} disabled aria-label={t('shop.id')} data-testid="shop-id-field" />
            </Form.Item>
            {s.fields.map((field) => (
              <Form.Item key={field.name} name={field.name} label={field.label} required={field.required} rules={field.rules} validateFirst>
                <Input count={field.maxLength !== undefined ? graphemeLimit(field.maxLength).count : undefined} inputMode={field.inputMode} placeholder={field.placeholder} data-testid={field.testId} />
              </Form.Item>
            ))}
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
