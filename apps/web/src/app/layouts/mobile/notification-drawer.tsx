import { List, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import type { NotificationMessage } from '@shopdesk/shared/notifications';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { useUnreadNotifications } from '../../../features/notifications/api/unread.ts';
import { useOpenNotification } from '../../../features/notifications/api/mark-read.ts';
import { useNotificationText } from '../../../features/notifications/components/use-notification-text.ts';

function DrawerList({ onOpen }: { onOpen: (message: NotificationMessage) => void }) {
  const { t } = useTranslation('layout');
  const query = useUnreadNotifications();
  const text = useNotificationText();
  return (
    <MobileQueryState query={query} isEmpty={(list) => list.length === 0} emptyText={t('noNotifications')}>
      {(list) => (
        <List>
          {list.map((message) => {
            const { title, content, time, danger } = text(message);
            return (
              <List.Item key={message.id} clickable onClick={() => onOpen(message)} description={<span className={danger ? 'm-danger' : undefined}>{content}</span>} extra={<span className="m-time">{time}</span>} data-testid="m-notification-item">
                {title}
              </List.Item>
            );
          })}
        </List>
      )}
    </MobileQueryState>
  );
}

/** The right-side notifications drawer, 80% wide, with an empty state (SPEC §2). */
export function NotificationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const openNotification = useOpenNotification(true);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="right" bodyStyle={{ width: UI.MOBILE_DRAWER_WIDTH }}>
      <div className="m-drawer" data-testid="m-drawer">
        <div className="m-drawer-title">{t('notifications')}</div>
        <DrawerList
          onOpen={(message) => {
            onClose();
            openNotification.mutate(message);
          }}
        />
      </div>
    </Popup>
  );
}
