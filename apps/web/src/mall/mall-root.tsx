import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Navigate, useLocation, useNavigate, useRoutes } from 'react-router';
import { LANGUAGES, type LanguageCode } from '@shopdesk/shared/languages';
import { changeLanguage, languageFromTag } from '../i18n/language.ts';
import { createPreferenceStore } from '../lib/preference-store.ts';
import { buyerSessionStore, configureMallHttp } from './api/buyer-session.ts';
import { useQueryClient } from '@tanstack/react-query';
import { mallKeys, useCart, warmMallHome } from './api/mall-api.ts';
import { ChatBadge } from './components/chat-button.tsx';
import { cartCount } from './logic/cart.ts';
import { Icon, type IconName } from './components/icons.tsx';
import { Loading, Toast } from './components/ui.tsx';
import { useToast } from './components/toast.ts';
import { HomePage } from './pages/home-page.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { relinkManifest } from '../lib/web-manifest.ts';
import './mall.css';

const SearchPage = lazy(() => import('./pages/search-page.tsx').then((m) => ({ default: m.SearchPage })));
const ProductPage = lazy(() => import('./pages/product-page.tsx').then((m) => ({ default: m.ProductPage })));
const ShopPage = lazy(() => import('./pages/shop-page.tsx').then((m) => ({ default: m.ShopPage })));
const AuthPage = lazy(() => import('./pages/auth-page.tsx').then((m) => ({ default: m.AuthPage })));
const CartPage = lazy(() => import('./pages/cart-page.tsx').then((m) => ({ default: m.CartPage })));
const CheckoutPage = lazy(() => import('./pages/checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })));
const CouponsPage = lazy(() => import('./pages/coupons-page.tsx').then((m) => ({ default: m.CouponsPage })));
const MePage = lazy(() => import('./pages/me-page.tsx').then((m) => ({ default: m.MePage })));
const OrdersPage = lazy(() => import('./pages/orders-page.tsx').then((m) => ({ default: m.OrdersPage })));
const OrderDetailPage = lazy(() => import('./pages/order-detail-page.tsx').then((m) => ({ default: m.OrderDetailPage })));
const ChatPage = lazy(() => import('./pages/chat-page.tsx').then((m) => ({ default: m.ChatPage })));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

warmMallHome(window.location.pathname);

export type MallTheme = 'system' | 'light' | 'dark';

/** The mall's theme: the system's (prefers-color-scheme) until the buyer picks one; remembered. */
export const mallThemeStore = createPreferenceStore<MallTheme>('mallTheme', (raw) => (raw === 'light' || raw === 'dark' ? raw : 'system'), (v) => v);

const NEXT_THEME: Record<MallTheme, MallTheme> = { system: 'light', light: 'dark', dark: 'system' };
const THEME_ICON: Record<MallTheme, IconName> = { system: 'auto', light: 'sun', dark: 'moon' };

/** Pages that need a buyer: without a session they open the login page, which comes back after. */
function RequireBuyer({ children }: { children: React.ReactNode }) {
  const session = buyerSessionStore.use();
  const location = useLocation();
  if (!session) return <Navigate to={`/mall/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}

function MallRoutes() {
  return useRoutes([
    { index: true, element: <HomePage /> },
    { path: 'search', element: <SearchPage /> },
    { path: 'product/:id', element: <ProductPage /> },
    { path: 'shop/:id', element: <ShopPage /> },
    { path: 'login', element: <AuthPage mode="login" /> },
    { path: 'register', element: <AuthPage mode="register" /> },
    { path: 'coupons', element: <CouponsPage /> },
    { path: 'cart', element: <RequireBuyer><CartPage /></RequireBuyer> },
    { path: 'checkout', element: <RequireBuyer><CheckoutPage /></RequireBuyer> },
    { path: 'me', element: <RequireBuyer><MePage /></RequireBuyer> },
    { path: 'orders', element: <RequireBuyer><OrdersPage /></RequireBuyer> },
    { path: 'orders/:orderId', element: <RequireBuyer><OrderDetailPage /></RequireBuyer> },
    { path: 'chat', element: <RequireBuyer><ChatPage /></RequireBuyer> },
    { path: 'chat/:shopId', element: <RequireBuyer><ChatPage /></RequireBuyer> },
    { path: '*', element: <NotFoundPage /> },
  ]);
}

function ThemeButton() {
  const { t } = useTranslation('mall');
  const theme = mallThemeStore.use();
  return (
    <button type="button" className="mall-icon-btn" onClick={() => mallThemeStore.set(NEXT_THEME[theme])} aria-label={t('theme.toggle', { theme: t(`theme.${theme}`) })} title={t(`theme.${theme}`)} data-testid="mall-theme">
      <Icon name={THEME_ICON[theme]} />
    </button>
  );
}

function LanguageSelect() {
  const { t, i18n } = useTranslation('mall');
  const current = languageFromTag(i18n.resolvedLanguage ?? i18n.language) ?? 'en-US';
  const client = useQueryClient();
  // Product names and descriptions come in the reader's language: the lists are asked again.
  const choose = (language: LanguageCode) => void changeLanguage(language).then(() => client.invalidateQueries({ queryKey: mallKeys.all }));
  return (
    <label className="mall-lang">
      <Icon name="globe" size={18} />
      <span className="sr-only">{t('nav.language')}</span>
      <select value={current} onChange={(e) => choose(e.target.value as LanguageCode)} data-testid="mall-language">
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function HeaderSearch() {
  const { t } = useTranslation('mall');
  const navigate = useNavigate();
  const location = useLocation();
  const [keyword, setKeyword] = useState(() => new URLSearchParams(location.search).get('keyword') ?? '');
  useEffect(() => {
    if (location.pathname === '/mall/search') setKeyword(new URLSearchParams(location.search).get('keyword') ?? '');
  }, [location.pathname, location.search]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const params = new URLSearchParams(location.pathname === '/mall/search' ? location.search : '');
    params.delete('page');
    if (keyword.trim()) params.set('keyword', keyword.trim());
    else params.delete('keyword');
    void navigate(`/mall/search?${params.toString()}`);
  };
  return (
    <form role="search" className="mall-header-search" onSubmit={submit}>
      <Icon name="search" size={18} />
      <input type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t('search.placeholder')} aria-label={t('search.keyword')} enterKeyHint="search" data-testid="mall-search-input" />
    </form>
  );
}

function CartBadge() {
  const cart = useCart();
  const count = cartCount(cart.data);
  return count > 0 ? (
    <span className="mall-count" data-testid="cart-count">
      {count > 99 ? '99+' : count}
    </span>
  ) : null;
}

function Header() {
  const { t } = useTranslation('mall');
  const session = buyerSessionStore.use();
  return (
    <header className="mall-header">
      <div className="mall-header-inner">
        <Link to="/mall" className="mall-logo" aria-label={t('nav.brand')}>
          <span className="mall-logo-mark" aria-hidden="true">
            <Icon name="store" size={20} />
          </span>
          <span className="mall-logo-text">{t('nav.brand')}</span>
        </Link>
        <HeaderSearch />
        <nav className="mall-header-nav" aria-label={t('nav.main')}>
          <NavLink to="/mall/coupons">{t('nav.coupons')}</NavLink>
          <NavLink to="/mall/orders">{t('nav.orders')}</NavLink>
          {session && (
            <NavLink to="/mall/chat" data-testid="nav-messages">
              {t('nav.messages')}
              <ChatBadge />
            </NavLink>
          )}
          <NavLink to="/mall/cart" className="mall-header-cart">
            {t('nav.cart')}
            {session && <CartBadge />}
          </NavLink>
          {session ? <NavLink to="/mall/me">{session.nickname || t('nav.me')}</NavLink> : <NavLink to="/mall/login">{t('nav.login')}</NavLink>}
        </nav>
        <div className="mall-header-tools">
          <LanguageSelect />
          <ThemeButton />
        </div>
      </div>
    </header>
  );
}

function TabBar() {
  const { t } = useTranslation('mall');
  const session = buyerSessionStore.use();
  const tabs: { to: string; icon: IconName; label: string; end?: boolean; badge?: boolean }[] = [
    { to: '/mall', icon: 'home', label: t('nav.home'), end: true },
    { to: '/mall/search', icon: 'search', label: t('nav.search') },
    { to: '/mall/coupons', icon: 'ticket', label: t('nav.coupons') },
    { to: '/mall/cart', icon: 'cart', label: t('nav.cart'), badge: true },
    { to: '/mall/me', icon: 'user', label: t('nav.me') },
  ];
  return (
    <nav className="mall-tabbar" aria-label={t('nav.main')}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className="mall-tab" data-testid={`mall-tab-${tab.icon}`}>
          <span className="mall-tab-icon">
            <Icon name={tab.icon} />
            {tab.badge && session && <CartBadge />}
            {tab.to === '/mall/me' && session && <ChatBadge />}
          </span>
          <span>{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

function ToastHost() {
  const toast = useToast();
  return toast ? <Toast key={toast.id} message={toast.message} tone={toast.tone} /> : null;
}

/**
 * The mall: its own lazy chunk with no UI kit and no seller code, outside the seller's
 * route guard, with its own buyer session, theme and language switcher (the seller's `language` key).
 */
export function MallRoot() {
  const { t, i18n, ready } = useTranslation('mall');
  const theme = mallThemeStore.use();
  const navigate = useNavigate();
  const location = useLocation();
  const language = languageFromTag(i18n.resolvedLanguage ?? i18n.language) ?? 'en-US';

  useEffect(() => {
    configureMallHttp({
      t: (key) => i18n.t(key),
      onSessionEnd: () => void navigate(`/mall/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`, { replace: true }),
    });
  }, [navigate, i18n]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // The mall installs as the mall (its own manifest and start URL), and the seller app as itself again once left.
  useEffect(() => {
    relinkManifest();
    return () => relinkManifest();
  }, []);

  useEffect(() => {
    document.title = ready ? t('nav.brand') : 'ShopDesk';
  }, [ready, t, language]);

  return (
    <div className="mall" data-scheme={theme} data-testid="mall-root">
      {ready ? (
        <>
          <a href="#mall-main" className="mall-skip">
            {t('nav.skip')}
          </a>
          <Header />
          <main id="mall-main" className="mall-main">
            <ErrorBoundary scope="page" resetKey={location.pathname}>
              <Suspense fallback={<Loading />}>
                <MallRoutes />
              </Suspense>
            </ErrorBoundary>
          </main>
          <TabBar />
          <ToastHost />
        </>
      ) : (
        <Loading />
      )}
    </div>
  );
}
