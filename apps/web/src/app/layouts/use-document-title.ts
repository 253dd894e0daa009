import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPage, type PageRoute } from '../router/route-table.ts';
import { useSiteName } from '../../features/settings/use-site-name.ts';

/** Keeps the browser tab title as "<page> · <site>", in the current language. */
export function useDocumentTitle(pages: readonly PageRoute[]): void {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const site = useSiteName();
  const titleKey = findPage(pages, pathname)?.titleKey;
  const title = titleKey ? `${t(titleKey)} · ${site}` : site;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
