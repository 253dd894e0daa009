import { useQuery } from '@tanstack/react-query';
import type { NotificationMessage } from '@shopdesk/shared/notifications';
import { http } from '../../../lib/http.ts';

export const unreadKey = ['notifications', 'unread'] as const;

export function useUnreadNotifications() {
  return useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => http.get<NotificationMessage[]>('/notifications/unread', undefined, { signal, silent: true }),
    refetchOnWindowFocus: true,
  });
}
