import { useState } from 'react';
import { Popup } from 'antd-mobile';
import { UI } from '@shopdesk/shared/constants';
import { useOpenNotification } from '../../../features/notifications/api/mark-read.ts';
import { NotificationDrawerContent } from '../../../features/notifications/mobile/notification-drawer-content.tsx';

/** The right-side notifications drawer, 80% wide, with an empty state (SPEC §2). */
export function NotificationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const openNotification = useOpenNotification(true);
  // Each opening mounts the lists afresh, so they re-read what is unread (a message read on another
  // device sends no live event). destroyOnClose alone is not enough: it unmounts only once the closing
  // animation has finished, and a drawer opened again before then kept the old lists.
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((n) => n + 1);
  }
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="right" bodyStyle={{ width: UI.MOBILE_DRAWER_WIDTH }} destroyOnClose>
      <div className="m-drawer" data-testid="m-drawer">
        <NotificationDrawerContent
          key={opening}
          onOpen={(message) => {
            onClose();
            openNotification.mutate(message);
          }}
        />
      </div>
    </Popup>
  );
}
