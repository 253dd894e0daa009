import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseChoice, parsePage } from '../../../lib/list-params.ts';
import { notify } from '../../../lib/notifier.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { formatBadge } from '../../../lib/badge.ts';
import { useInfiniteNotifications, useNotificationPage } from '../api/notification-list.ts';
import { useMarkAllRead, useOpenNotification } from '../api/mark-read.ts';
import { unreadQuery, useUnreadCount } from '../api/unread.ts';
import type { NotificationStatus } from '../api/notification-keys.ts';

const STATUSES: readonly NotificationStatus[] = ['all', 'unread'];
/** The phone's drawer opens on what is new. */
const DRAWER_TABS: readonly NotificationStatus[] = ['unread', 'all'];
const PAGE_DEFAULTS = { page: 1, pageSize: 20, status: 'all' };

function parseSearch(search: URLSearchParams) {
  return { ...parsePage(search), status: parseChoice(search.get('status'), STATUSES) ?? 'all' };
}

/** "Mark all as read" wherever it is offered (the bell, the notifications page, the phone's drawer): the count, the send, the confirmation. */
export function useMarkAllReadAction() {
  const { t } = useTranslation('notifications');
  const unreadCount = useUnreadCount();
  const markAll = useMarkAllRead();
  return {
    unreadCount,
    disabled: unreadCount === 0,
    pending: markAll.isPending,
    run: () => markAll.mutate(undefined, { onSuccess: () => notify.success(t('allRead')) }),
  };
}

/** The empty text of a status: "no unread notifications" or "no notifications". */
function useEmptyText(status: NotificationStatus, unreadKey: string): string {
  const { t } = useTranslation('notifications');
  return t(status === 'unread' ? unreadKey : 'empty');
}

/**
 * The notification list (the desktop's /notifications page, the phone's drawer): which messages
 * (all or unread: in the URL on the desktop, a tab of the drawer on the phone), their pages (a
 * pager, or the drawer's endless scroll), opening one, and "mark all as read".
 */
export function useNotificationsScreen() {
  const [state, update] = useSearchState(parseSearch, PAGE_DEFAULTS);
  return {
    state,
    statuses: STATUSES,
    setStatus: (status: NotificationStatus) => update({ status }),
    // A new page size starts at its first page.
    setPage: (page: number, pageSize: number) => update({ page: pageSize !== state.pageSize ? 1 : page, pageSize }),
    query: useNotificationPage(state),
    emptyText: useEmptyText(state.status, 'emptyUnread'),
    open: useOpenNotification(false),
    markAll: useMarkAllReadAction(),
  };
}

/** The phone drawer's tabs (unread first, with the real unread count) and "mark all as read". */
export function useNotificationDrawer() {
  const { t } = useTranslation('notifications');
  // Opening the drawer re-reads the count its tab shows, as its lists re-read their messages.
  useQuery({ ...unreadQuery, refetchOnMount: 'always' });
  const [status, setStatus] = useState<NotificationStatus>('unread');
  const markAll = useMarkAllReadAction();
  return {
    status,
    setStatus,
    tabs: DRAWER_TABS.map((s) => ({ key: s, title: s === 'unread' && markAll.unreadCount > 0 ? `${t('status.unread')} (${formatBadge(markAll.unreadCount)})` : t(`status.${s}`) })),
    markAll,
  };
}

/** One tab of the drawer: its messages page by page as the phone scrolls, and its empty text. */
export function useNotificationFeed(status: NotificationStatus) {
  const query = useInfiniteNotifications(status);
  return { query, list: query.data?.pages.flatMap((page) => page.list) ?? [], emptyText: useEmptyText(status, 'layout:noNotifications') };
}
