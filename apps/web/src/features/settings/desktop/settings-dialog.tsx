import { Button, Flex, Form, Input, Modal, Segmented, Select, Upload, Switch } from 'antd';
import { DeleteOutlined, MoonOutlined, SunOutlined, UploadOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SHOP } from '@shopdesk/shared/constants';
import { LANGUAGES } from '@shopdesk/shared/languages';
import { notify } from '../../../lib/notifier.ts';
import { themeStore, type ThemeMode } from '../../../lib/theme.ts';
import { siteSettingsStore } from '../../../lib/site-settings.ts';
import { notificationSoundStore, playNotificationSound } from '../../../lib/notification-sound.ts';
import { changeLanguage, isLanguageCode } from '../../../i18n/language.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import siteLogo from '../../../assets/site-logo.svg';
import { readLogo } from '../logo-file.ts';

const MAX_MB = SHOP.LOGO_MAX_BYTES / 1024 / 1024;

function LogoField() {
  const { t } = useTranslation('settings');
  const settings = siteSettingsStore.use();
  const onFile = async (file: File) => {
    const result = await readLogo(file);
    if (result.ok) siteSettingsStore.set({ ...siteSettingsStore.get(), logo: result.dataUrl });
    else notify.error(t(result.reason === 'type' ? 'logoNotImage' : 'logoTooLarge', { maxMb: MAX_MB }));
    return false;
  };
  return (
    <Flex align="center" gap={12}>
      <img src={settings.logo || siteLogo} alt="" width={48} height={48} className="settings-logo-preview" />
      <Upload accept="image/*" showUploadList={false} beforeUpload={(file) => onFile(file)}>
        <Button icon={<UploadOutlined />}>{t('uploadLogo')}</Button>
      </Upload>
      {settings.logo && (
        <Button icon={<DeleteOutlined />} onClick={() => siteSettingsStore.set({ ...siteSettingsStore.get(), logo: '' })}>
          {t('resetLogo')}
        </Button>
      )}
    </Flex>
  );
}

/** Beyond SPEC §2: the notification sound on or off in this browser, and a test of it. */
function SoundSetting() {
  const { t } = useTranslation('notifications');
  const soundOn = notificationSoundStore.use();
  return (
    <Flex align="center" gap={12}>
      <Switch checked={soundOn} onChange={(on) => notificationSoundStore.set(on)} aria-label={t('sound.label')} data-testid="sound-switch" />
      <Button icon={<SoundOutlined />} onClick={playNotificationSound} data-testid="sound-test">
        {t('sound.test')}
      </Button>
    </Flex>
  );
}

/** The settings dialog (SPEC §2): theme, site name, logo and language, each applied at once and kept. */
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const mode = themeStore.use();
  const settings = siteSettingsStore.use();
  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={onClose}
      footer={<Button type="primary" onClick={onClose}>{t('common:actions.done')}</Button>}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="settings-form">
        <Form.Item label={t('theme')}>
          <Segmented<ThemeMode>
            value={mode}
            onChange={(value) => themeStore.set(value)}
            options={[
              { value: 'light', icon: <SunOutlined />, label: <span data-testid="theme-light">{t('light')}</span> },
              { value: 'dark', icon: <MoonOutlined />, label: <span data-testid="theme-dark">{t('dark')}</span> },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('siteName')} extra={t('siteNameHint')}>
          <Input
            value={settings.siteName}
            maxLength={SHOP.NAME_MAX}
            placeholder={t('siteNamePlaceholder')}
            onChange={(e) => siteSettingsStore.set({ ...siteSettingsStore.get(), siteName: e.target.value })}
            data-testid="site-name-input"
          />
        </Form.Item>
        <Form.Item label={t('logo')} extra={t('logoHint', { maxMb: MAX_MB, px: SHOP.LOGO_RECOMMENDED_PX })}>
          <LogoField />
        </Form.Item>
        <Form.Item label={t('notifications:sound.label')} extra={t('notifications:sound.hint')}>
          <SoundSetting />
        </Form.Item>
        <Form.Item label={t('language')}>
          <Select
            value={currentLanguage()}
            options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
            onChange={(value: string) => {
              if (isLanguageCode(value)) void changeLanguage(value);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
