import { useEffect, useRef, useState } from 'react';
import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DESKTOP_PAGES, findPage } from '../../../lib/route-table.ts';
import { PAGE_TABS_KEY } from '../../../lib/storage.ts';
import { closeTab, isClosable, openTab, restoreTabs, type PageTab } from './tabs-model.ts';

function readSaved(): string | null {
  try {
    return sessionStorage.getItem(PAGE_TABS_KEY);
  } catch {
    return null;
  }
}

/** The strip of opened pages (kept in sessionStorage across reloads, cleared with the session); titles are translated at render, so they follow the language. */
export function PageTabs() {
  const { t } = useTranslation('menu');
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<PageTab[]>(() => restoreTabs(readSaved()));
  const strip = useRef<HTMLElement>(null);
  // antd puts each tab's close button and the overflow "more" button inside role="tablist", where
  // only tabs belong (axe: aria-required-children). Both stay for the mouse; keyboard and screen
  // reader users reach every tab with the arrow keys and close the focused one with Delete (antd's
  // own key handling), announced through aria-keyshortcuts. After every render: antd re-creates
  // the buttons when the tabs change, and sets the close button's tabindex when the active tab does.
  useEffect(() => {
    const nav = strip.current?.querySelector('.ant-tabs-nav');
    if (!nav) return;
    for (const button of nav.querySelectorAll('.ant-tabs-tab-remove, .ant-tabs-nav-more')) {
      button.setAttribute('aria-hidden', 'true');
      button.setAttribute('tabindex', '-1');
    }
    for (const tab of nav.querySelectorAll('.ant-tabs-tab-with-remove > [role="tab"]')) tab.setAttribute('aria-keyshortcuts', 'Delete');
  });
  useEffect(() => setTabs((current) => openTab(current, location.pathname, location.search)), [location.pathname, location.search]);
  useEffect(() => {
    try {
      sessionStorage.setItem(PAGE_TABS_KEY, JSON.stringify(tabs));
    } catch {
      // Storage full or blocked: the tabs just do not survive a reload.
    }
  }, [tabs]);

  const onClose = (path: string) => {
    // The browser's URL, not `location`: while a clicked page is still loading (React keeps the
    // old page on screen during the transition) `location` names the page being left, and closing
    // the tab just clicked would otherwise strand the seller on it.
    const result = closeTab(tabs, path, window.location.pathname);
    setTabs(result.tabs);
    if (result.navigateTo) void navigate(result.navigateTo);
  };

  return (
    // A landmark of its own: outside one, a screen reader's landmark list skips the open pages.
    <nav ref={strip} aria-label={t('common:icons.openPages')}>
      <Tabs
        className="page-tabs"
        data-testid="page-tabs"
        type="editable-card"
        hideAdd
        locale={{ removeAriaLabel: t('common:icons.closeTab') }}
        size="small"
        activeKey={location.pathname}
        onChange={(path) => void navigate(tabs.find((tab) => tab.path === path)?.url ?? path)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') onClose(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.path,
          closable: isClosable(tab.path),
          label: <span data-testid={`tab-${tab.path}`}>{t(findPage(DESKTOP_PAGES, tab.path)?.titleKey ?? 'dashboard')}</span>,
        }))}
      />
    </nav>
  );
}
