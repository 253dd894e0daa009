import { PATHS } from '../../lib/route-table.ts';
import type { QueryClient } from '@tanstack/react-query';
import { requestPublicAnswers, requestStartAnswers, seedStartAnswers, type StartAnswer } from '../../lib/answer-batch.ts';
import { getSessionItem } from '../../lib/storage.ts';
import { afterFirstPaint } from '../../lib/after-first-paint.ts';
import { meKey } from '../../features/auth/api/auth-keys.ts';
import { notificationKeys } from '../../features/notifications/api/notification-keys.ts';
import { publicConfigKey } from '../../features/support/api/support-keys.ts';
import { userLevelKey } from '../../features/marketing/api/rewards-keys.ts';
import { pendingCountKey } from '../../features/orders/api/order-count-keys.ts';
import { shopSettingsKeys } from '../../features/settings/api/shop-settings-keys.ts';
import { walletKeys } from '../../features/wallet/api/wallet-keys.ts';
import { dashboardWindowOf, healthHistoryGet, healthSummaryGet, viewGet } from '../../features/dashboard/api/dashboard-keys.ts';

/** The public settings (the site's name, the customer-service link): every login page and every signed-in frame shows them. */
const publicConfigAnswer = (): StartAnswer => ({ queryKey: publicConfigKey, path: '/systemSettings/getPublicConfig' });

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
    // The chat's unread badge (the desktop's sidebar, the phone home's shortcut), by chatKeys.unread()'s
    // value: a module of its own here added a file to every first page. Refused for a role without chat.
    { queryKey: ['chat', 'unread'], path: '/chat/unread' },
    publicConfigAnswer(),
    ...shop,
    // The frame copies the site name and logo from it (useShopSettings).
    { queryKey: shopSettingsKeys.info(), path: '/shop/info' },
  ];
}

/**
 * The home's figures: the window's dashboard view (every figure card's section in one answer) and
 * the other modules' cards (features/dashboard/mobile/shop-figures.tsx,
 * features/dashboard/desktop/dashboard-sections.tsx). On a phone the cards under the first screen
 * render once it has painted (lib/after-first-paint.ts), and the answers only they need are asked
 * for then, in a second batch: the first screen's batch is smaller and answers sooner.
 */
function homeAnswers(search: URLSearchParams, phone: boolean): StartAnswers {
  const window = dashboardWindowOf(search);
  const rest: StartAnswer[] = [
    healthSummaryGet(),
    ...(phone ? [healthHistoryGet(1, 3)] : []),
    { queryKey: walletKeys.summary(), path: '/wallet/summary' },
    // The chat response card (features/dashboard/hooks/use-chat-response.ts), by chatKeys.responseRate()'s
    // value as the unread badge above. Refused for a role without chat, whose card is hidden.
    { queryKey: ['chat', 'responseRate'], path: '/chat/responseRate' },
  ];
  const top: StartAnswer[] = [viewGet(window)];
  return phone ? { now: top, afterPaint: rest } : { now: [...top, ...rest], afterPaint: [] };
}

// Only key modules here, never the query hooks' modules: the entry would then take in the query
// hooks and the build splits the entry's own modules (storage, constants) into more files.

/** A start's answers: those its first render waits for, and those of its part rendered once that has painted. */
export interface StartAnswers {
  now: StartAnswer[];
  afterPaint: StartAnswer[];
}

/**
 * The answers a signed-in start asks for, each set in one batch: the frame's and, on a home
 * (/m/shop, /dashboard), its figures, while the page's code loads (main.tsx, lib/answer-batch.ts).
 * A browser test checks that a cold home sends no other request for them, so these lists and the
 * cards' queries cannot drift apart unnoticed.
 */
export function startAnswers({ target, search, phone }: StartPage): StartAnswers {
  const home = target === (phone ? PATHS.mobileHome : PATHS.desktopLanding);
  const figures = home ? homeAnswers(new URLSearchParams(search), phone) : { now: [], afterPaint: [] };
  return { now: [...frameAnswers(), ...figures.now], afterPaint: figures.afterPaint };
}

/** The signed-in page a start opens (router.tsx firstRoute): its path after the guard, its query, the tree. */
export interface StartPage {
  target: string;
  search: string;
  phone: boolean;
}

/**
 * Asks for a signed-in start's answers (main.tsx, as soon as the entry runs: this module is part of
 * the entry, ~1 KB, so the request does not wait a round trip for a chunk of its own). Resolves with
 * what puts the first render's answers that arrived into `client`; the second batch goes out once
 * the first render has painted and fills `client` when it answers, before the part below the fold
 * renders (lib/after-first-paint.ts; a query that starts meanwhile waits for it instead of asking on
 * its own).
 */
export async function askStartAnswers(page: StartPage, client: QueryClient): Promise<() => void> {
  const { now, afterPaint } = startAnswers(page);
  // The part below the fold renders once these are in the cache (or after a second): once, with its figures.
  if (afterPaint.length > 0) afterFirstPaint(() => requestStartAnswers(afterPaint).then((arrived) => seedStartAnswers(client, arrived)));
  const arrived = await requestStartAnswers(now);
  return () => seedStartAnswers(client, arrived);
}

/**
 * Asks for a login page's answers as the entry runs (main.tsx): the public settings, which its
 * heading and its customer-service link show. Asked for after the first render, their answer came a
 * round trip after the page's code, and the page changed once more when it did. Resolves with what
 * puts them into `client` when they arrived.
 */
export async function askLoginAnswers(client: QueryClient): Promise<() => void> {
  const arrived = await requestPublicAnswers([publicConfigAnswer()]);
  return () => seedStartAnswers(client, arrived);
}
