import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPage, type PageRoute } from '../../lib/route-table.ts';
import { useSiteName } from '../../features/settings/api/use-site-name.ts';
import { useUnreadCount } from '../../features/notifications/api/unread.ts';
import { formatBadge } from '../../lib/badge.ts';
import { usePageHidden } from '../../lib/use-page-hidden.ts';

/**
 * Keeps the browser tab title as "<page> · <site>", in the current language; while the tab is in the
 * background it starts with the unread notification count, e.g. "(3) Orders · ShopDesk".
 */
export function useDocumentTitle(pages: readonly PageRoute[]): void {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const site = useSiteName();
  const titleKey = findPage(pages, pathname)?.titleKey;
  const hidden = usePageHidden();
  const unread = formatBadge(useUnreadCount());
  const base = titleKey ? `${t(titleKey)} · ${site}` : site;
  const title = hidden && unread ? `(${unread}) ${base}` : base;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
