import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationMessage } from '@shopdesk/shared/notifications';
import { useNavigate } from 'react-router';
import { http } from '../../../lib/http.ts';
import { pendingCountKey } from '../../orders/api/pending-count.ts';
import { notificationTarget } from '../notification-target.ts';
import { unreadKey } from './unread.ts';

export function markRead(ids: number[]): Promise<unknown> {
  return http.post('/sse/updateMsg', { ids });
}

/**
 * SPEC §4: clicking a notification marks it read on the server and removes it, refreshes the
 * pending count, then navigates by its title code.
 */
export function useOpenNotification(mobile: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (message: NotificationMessage) => markRead([message.id]),
    onSuccess: async (_data, message) => {
      queryClient.setQueryData<NotificationMessage[]>(unreadKey, (list) => list?.filter((m) => m.id !== message.id));
      await queryClient.invalidateQueries({ queryKey: pendingCountKey });
      void queryClient.invalidateQueries({ queryKey: unreadKey });
      await navigate(notificationTarget(message.title, mobile));
    },
  });
}
