import { PATHS } from '../../lib/route-table.ts';
import type { QueryClient } from '@tanstack/react-query';
import { requestStartAnswers, seedStartAnswers, type StartAnswer } from '../../lib/answer-batch.ts';
import { getSessionItem } from '../../lib/storage.ts';
import { meKey } from '../../features/auth/api/auth-keys.ts';
import { notificationKeys } from '../../features/notifications/api/notification-keys.ts';
import { publicConfigKey } from '../../features/support/api/support-keys.ts';
import { userLevelKey } from '../../features/marketing/api/rewards-keys.ts';
import { pendingCountKey } from '../../features/orders/api/order-count-keys.ts';
import { shopSettingsKeys } from '../../features/settings/api/shop-settings-keys.ts';
import { walletKeys } from '../../features/wallet/api/wallet-keys.ts';
import { dashboardWindowOf, healthHistoryGet, healthSummaryGet, sectionGet } from '../../features/dashboard/api/dashboard-keys.ts';

/** What both trees' frames (header, tab bar, menu) ask for on every signed-in page. */
function frameAnswers(): StartAnswer[] {
  const shopId = getSessionItem('shopId');
  const shop: StartAnswer[] = shopId
    ? [
        { queryKey: userLevelKey(shopId), path: '/systemSettings/getUserLevel', query: { shopId } },
        { queryKey: [...pendingCountKey, shopId], path: '/order/getPurchaseOrderCount', query: { shopId } },
      ]
    : [];
  return [
    { queryKey: meKey, path: '/sellAuth/me' },
    { queryKey: notificationKeys.unread(), path: '/notifications/unread' },
    { queryKey: publicConfigKey, path: '/systemSettings/getPublicConfig' },
    ...shop,
    // The frame copies the site name and logo from it (useShopSettings).
    { queryKey: shopSettingsKeys.info(), path: '/shop/info' },
  ];
}

/** The home's figures: every card's own query (features/shop/mobile/shop-figures.tsx, features/dashboard/desktop/dashboard-sections.tsx). */
function homeAnswers(search: URLSearchParams, phone: boolean): StartAnswer[] {
  const window = dashboardWindowOf(search);
  return [
    sectionGet('todo'),
    ...(phone ? [] : [sectionGet('overview')]),
    sectionGet('today'),
    sectionGet('traffic', { window }),
    sectionGet('orderStats', { window }),
    sectionGet('products'),
    healthSummaryGet(),
    ...(phone ? [healthHistoryGet(1, 3)] : []),
    { queryKey: walletKeys.summary(), path: '/wallet/summary' },
    sectionGet('rankings', { window }),
    sectionGet('recentActivity'),
  ];
}

// Only key modules here, never the query hooks' modules: the entry would then take in the query
// hooks and the build splits the entry's own modules (storage, constants) into more files.

/**
 * The answers a signed-in start asks for in one batch while the page's code loads (main.tsx,
 * lib/answer-batch.ts): the frame's, and on a home (/m/shop, /dashboard) its figures. A browser
 * test checks that a cold home sends no other request for them, so this list and the cards'
 * queries cannot drift apart unnoticed.
 */
export function startAnswers({ target, search, phone }: StartPage): StartAnswer[] {
  const home = target === (phone ? PATHS.mobileHome : PATHS.desktopLanding);
  return [...frameAnswers(), ...(home ? homeAnswers(new URLSearchParams(search), phone) : [])];
}

/** The signed-in page a start opens (router.tsx firstRoute): its path after the guard, its query, the tree. */
export interface StartPage {
  target: string;
  search: string;
  phone: boolean;
}

/**
 * Asks for a signed-in start's answers (main.tsx loads this module beside the page's code: the
 * login pages never need it). Resolves with what puts the answers that arrived into a cache.
 */
export async function askStartAnswers(page: StartPage): Promise<(client: QueryClient) => void> {
  const answers = startAnswers(page);
  const arrived = await requestStartAnswers(answers);
  return (client) => seedStartAnswers(client, arrived);
}
