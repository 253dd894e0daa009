import { List, Switch } from 'antd-mobile';
import { MessageOutline, SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { chatSoundStore, notificationSoundStore, playNotificationSound } from '../../../lib/notification-sound.ts';

/** Beyond SPEC §2: the notification sound on or off in this browser, and a test of it (profile page). */
export function MobileSoundSettings() {
  const { t } = useTranslation('notifications');
  const soundOn = notificationSoundStore.use();
  const chatSoundOn = chatSoundStore.use();
  return (
    <>
      <List.Item
        prefix={<SoundOutline />}
        description={t('sound.hint')}
        extra={<Switch checked={soundOn} onChange={(on) => notificationSoundStore.set(on)} aria-label={t('sound.label')} data-testid="m-sound-switch" />}
      >
        {t('sound.label')}
      </List.Item>
      <List.Item
        prefix={<MessageOutline />}
        description={t('chat:sound.hint')}
        extra={<Switch checked={chatSoundOn} onChange={(on) => chatSoundStore.set(on)} aria-label={t('chat:sound.label')} data-testid="m-chat-sound-switch" />}
      >
        {t('chat:sound.label')}
      </List.Item>
      <List.Item prefix={<SoundOutline />} onClick={playNotificationSound} arrowIcon={false} data-testid="m-sound-test">
        {t('sound.test')}
      </List.Item>
    </>
  );
}
