import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Segmented, Select, Switch } from 'antd';
import { MoonOutlined, SoundOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SHOP } from '@shopdesk/shared/constants';
import { LANGUAGES } from '@shopdesk/shared/languages';
import type { ThemeMode } from '../../../lib/theme.ts';
import { playNotificationSound } from '../../../lib/notification-sound.ts';
import siteLogo from '../../../assets/site-logo.svg';
import { useGeneralSettings } from '../hooks/use-general-settings.ts';
import { useSettingsRules } from '../hooks/use-settings-rules.ts';
import { LOGO_MAX_MB } from '../hooks/use-logo-field.ts';
import { LogoSetting } from './logo-setting.tsx';
import { graphemeLimit } from '../../../lib/text-limit.ts';

/** The site name of the shop, saved by an admin. */
function SiteNameField({ value, disabled, saving, onSave }: { value: string; disabled: boolean; saving: boolean; onSave: (name: string) => Promise<void> }) {
  const { t } = useTranslation('settings');
  const rules = useSettingsRules();
  const [form] = Form.useForm<{ siteName: string }>();
  useEffect(() => form.setFieldsValue({ siteName: value }), [form, value]);
  return (
    <Form form={form} layout="inline" initialValues={{ siteName: value }} onFinish={(v) => void onSave(v.siteName ?? '')} className="site-name-form">
      <Form.Item name="siteName" rules={rules.siteName} style={{ flex: 1, minWidth: 220 }}>
        <Input count={{ ...graphemeLimit(SHOP.NAME_MAX).count, show: false }} placeholder={t('general.siteNamePlaceholder')} disabled={disabled} data-testid="site-name-input" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} disabled={disabled} data-testid="site-name-save">
        {t('save')}
      </Button>
    </Form>
  );
}

/** Theme, site name, site logo, language and sound: the settings dialog and /settings/index (SPEC §2). */
export function GeneralSettingsForm() {
  const { t } = useTranslation(['settings', 'notifications']);
  const s = useGeneralSettings();
  const [sounding, setSounding] = useState(false);
  return (
    <Form layout="vertical" data-testid="settings-form" component="div">
      <Form.Item label={t('general.theme')} extra={t('general.browserHint')}>
        <Segmented<ThemeMode>
          aria-label={t('general.theme')}
          value={s.theme}
          onChange={s.setTheme}
          options={[
            { value: 'light', icon: <SunOutlined aria-hidden />, label: <span data-testid="theme-light">{t('general.light')}</span> },
            { value: 'dark', icon: <MoonOutlined aria-hidden />, label: <span data-testid="theme-dark">{t('general.dark')}</span> },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('general.language')} extra={t('general.browserHint')}>
        <Select value={s.language} aria-label={t('general.language')} options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))} onChange={s.setLanguage} style={{ maxWidth: 320 }} data-testid="language-select" />
      </Form.Item>
      <Form.Item label={t('notifications:sound.label')} extra={t('notifications:sound.hint')}>
        <Flex align="center" gap={12}>
          <Switch checked={s.soundOn} onChange={s.setSoundOn} aria-label={t('notifications:sound.label')} data-testid="sound-switch" />
          <Button
            icon={<SoundOutlined aria-hidden />}
            loading={sounding}
            onClick={() => {
              setSounding(true);
              void Promise.resolve(playNotificationSound()).finally(() => setSounding(false));
            }}
            data-testid="sound-test"
          >
            {t('notifications:sound.test')}
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item label={t('chat:sound.label')} extra={t('chat:sound.hint')}>
        <Switch checked={s.chatSoundOn} onChange={s.setChatSoundOn} aria-label={t('chat:sound.label')} data-testid="chat-sound-switch" />
      </Form.Item>
      {!s.canEditShop && !s.infoLoading && s.deniedReason && <Alert type="info" showIcon message={s.deniedReason} className="settings-admin-only" />}
      {s.infoFailed && (
        <Alert
          type="warning"
          showIcon
          message={t('common:states.loadFailed')}
          action={
            <Button size="small" onClick={s.retryInfo} loading={s.retryingInfo} data-testid="shop-info-retry">
              {t('common:actions.retry')}
            </Button>
          }
          className="settings-admin-only"
          data-testid="shop-info-error"
        />
      )}
      <Form.Item label={t('general.siteName')} extra={t('general.shopHint')}>
        <SiteNameField value={s.siteName} disabled={!s.canEditShop || !s.shopReady} saving={s.savingSiteName} onSave={s.saveSiteName} />
      </Form.Item>
      <Form.Item label={t('general.siteLogo')} extra={t('logo.hint', { maxMb: LOGO_MAX_MB, px: SHOP.LOGO_RECOMMENDED_PX })}>
        <LogoSetting target="site" current={s.siteLogo} fallback={siteLogo} disabled={!s.canEditShop || !s.shopReady} testId="site-logo" />
      </Form.Item>
    </Form>
  );
}
