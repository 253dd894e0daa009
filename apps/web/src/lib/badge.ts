import { UI } from '@shopdesk/shared/constants';

/** A badge text capped at UI.BADGE_MAX ("99+"); nothing for zero or less. */
export function formatBadge(count: number | null | undefined): string | undefined {
  if (!count || count <= 0) return undefined;
  return count > UI.BADGE_MAX ? `${UI.BADGE_MAX}+` : String(count);
}

/**
 * The name of a bell button: "Notifications", then the unread count its badge shows ("99+" past
 * 99). The badge itself is hidden from screen readers, so the name holds everything on the button.
 */
export function unreadLabel(t: (key: 'layout:notifications' | 'layout:notificationsUnread', options?: { unread: string }) => string, count: number | null | undefined): string {
  const badge = formatBadge(count);
  return badge ? t('layout:notificationsUnread', { unread: badge }) : t('layout:notifications');
}
