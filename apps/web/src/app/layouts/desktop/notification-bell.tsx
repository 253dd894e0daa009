import { useState } from 'react';
import { Badge, Button, Dropdown, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import { unreadLabel } from '../../../lib/badge.ts';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { useUnreadCount } from '../../../features/notifications/api/unread.ts';
import { useOpenNotification } from '../../../features/notifications/api/mark-read.ts';
import { NotificationPanel } from '../../../features/notifications/desktop/notification-panel.tsx';

/** The header bell: the real unread count ("99+" past 99) and the unread list; a click marks read and navigates (SPEC §4). */
export function NotificationBell() {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unreadCount = useUnreadCount();
  const openNotification = useOpenNotification(false);
  const onOpen = (message: NotificationMessage) => {
    setOpen(false);
    openNotification.mutate(message);
  };
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        <div className="notification-panel" style={{ background: token.colorBgElevated, boxShadow: token.boxShadowSecondary }} data-testid="notification-panel">
          <NotificationPanel
            onOpen={onOpen}
            onViewAll={() => {
              setOpen(false);
              void navigate('/notifications');
            }}
          />
        </div>
      )}
    >
      {/* The badge's number is read in the label, after the name (axe: a name that differs from the visible text). */}
      <Button type="text" aria-label={unreadLabel(t, unreadCount)} data-testid="notification-bell"
        icon={<Badge count={unreadCount} overflowCount={UI.BADGE_MAX} size="small" aria-hidden data-testid="notification-badge"><BellOutlined aria-hidden className="header-icon" /></Badge>} />
    </Dropdown>
  );
}
