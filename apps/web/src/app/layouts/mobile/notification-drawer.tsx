import { Popup } from 'antd-mobile';
import { UI } from '@shopdesk/shared/constants';
import { useOpenNotification } from '../../../features/notifications/api/mark-read.ts';
import { NotificationDrawerContent } from '../../../features/notifications/mobile/notification-drawer-content.tsx';

/** The right-side notifications drawer, 80% wide, with an empty state (SPEC §2). */
export function NotificationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const openNotification = useOpenNotification(true);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="right" bodyStyle={{ width: UI.MOBILE_DRAWER_WIDTH }} destroyOnClose>
      <div className="m-drawer" data-testid="m-drawer">
        <NotificationDrawerContent
          onOpen={(message) => {
            onClose();
            openNotification.mutate(message);
          }}
        />
      </div>
    </Popup>
  );
}
