// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import type { CurrentUser } from '@shopdesk/shared/auth/schemas';
import type { PackagesAnswer } from '@shopdesk/shared/marketing/packages-schemas';
import { PACKAGE_TYPES, PROMOTION_PACKAGES } from '@shopdesk/shared/products/packages';
import { DEFAULT_ROLES } from '@shopdesk/shared/users/permission-rules';
import { initI18n } from '../../i18n/i18n.ts';
import { meQuery } from '../auth/api/me.ts';
import { choiceOf } from './hooks/use-package-purchase.ts';
import { PackageCards } from './desktop/package-cards.tsx';
import { PackagePurchaseDialog } from './desktop/package-purchase-dialog.tsx';
import { MobilePackageList } from './mobile/package-list.tsx';
import { MobilePackagePurchasePopup } from './mobile/package-purchase-popup.tsx';

/**
 * The server refuses buyPackage to a role without marketing edit (403 naming it): the package pages
 * of both devices say why and offer no purchase, while an administrator buys as before.
 */
const ADMIN_ONLY = 'it needs “View and edit” for Marketing';

const data: PackagesAnswer = {
  packages: PACKAGE_TYPES.map((type) => ({
    ...PROMOTION_PACKAGES[type],
    plan: { mode: 'new', allowed: true, expiresAt: '2030-01-31T00:00:00.000Z', creditedDays: 0 },
  })),
  active: null,
  availableCents: 5_000_00,
  reminderDays: 3,
};

function wrapper(role: 'admin' | 'user') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // An ordinary member here: operations (orders, products, refunds, reviews; no marketing).
  const key = role === 'admin' ? 'admin' : 'operations';
  const shopRole = { roleId: 1, key, name: key, permissions: DEFAULT_ROLES[key] } as const;
  const me: CurrentUser = { userId: 1, username: 'seller', role: 'seller', shopRole, name: '', fundPasswordSet: true, twoFactorEnabled: false, twoFactorRequired: false, shop: null };
  queryClient.setQueryData(meQuery.queryKey, me);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const buyButtons = (prefix: string) => PACKAGE_TYPES.map((type) => screen.getByTestId(`${prefix}-${type}`) as HTMLButtonElement);

beforeAll(async () => {
  await initI18n('en-US');
  await i18next.loadNamespaces(['packages']);
});
afterEach(cleanup);

describe('package cards and the ordinary user', () => {
  it('desktop: an ordinary user sees why, and every buy button is off', () => {
    render(<PackageCards data={data} onBuy={() => undefined} />, { wrapper: wrapper('user') });
    expect(screen.getByTestId('package-admin-only').textContent).toContain(ADMIN_ONLY);
    expect(buyButtons('package-buy').map((b) => b.disabled)).toEqual([true, true, true]);
  });

  it('desktop: an administrator buys as before, no note', () => {
    render(<PackageCards data={data} onBuy={() => undefined} />, { wrapper: wrapper('admin') });
    expect(screen.queryByTestId('package-admin-only')).toBeNull();
    expect(buyButtons('package-buy').map((b) => b.disabled)).toEqual([false, false, false]);
  });

  it('phone: the same for the package list', () => {
    render(<MobilePackageList data={data} onBuy={() => undefined} />, { wrapper: wrapper('user') });
    expect(screen.getByTestId('m-package-admin-only').textContent).toContain(ADMIN_ONLY);
    expect(buyButtons('m-package-buy').map((b) => b.disabled)).toEqual([true, true, true]);
    cleanup();
    render(<MobilePackageList data={data} onBuy={() => undefined} />, { wrapper: wrapper('admin') });
    expect(screen.queryByTestId('m-package-admin-only')).toBeNull();
    expect(buyButtons('m-package-buy').map((b) => b.disabled)).toEqual([false, false, false]);
  });
});

describe('the purchase dialog and sheet and the ordinary user', () => {
  const choice = choiceOf(data, 'gold');

  it('desktop: the dialog asks an ordinary user for no payment password and cannot be submitted', () => {
    render(<PackagePurchaseDialog choice={choice} onClose={() => undefined} />, { wrapper: wrapper('user') });
    expect(screen.getByTestId('package-dialog-admin-only').textContent).toContain(ADMIN_ONLY);
    expect(screen.queryByTestId('package-fund-password')).toBeNull();
    expect((screen.getByTestId('package-purchase-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('desktop: an administrator is asked for the payment password', () => {
    render(<PackagePurchaseDialog choice={choice} onClose={() => undefined} />, { wrapper: wrapper('admin') });
    expect(screen.queryByTestId('package-dialog-admin-only')).toBeNull();
    expect(screen.getByTestId('package-fund-password')).toBeTruthy();
  });

  it('phone: the sheet shows the note instead of the passcode', () => {
    render(<MobilePackagePurchasePopup choice={choice} onClose={() => undefined} />, { wrapper: wrapper('user') });
    expect(screen.getByTestId('m-package-popup-admin-only').textContent).toContain(ADMIN_ONLY);
    cleanup();
    render(<MobilePackagePurchasePopup choice={choice} onClose={() => undefined} />, { wrapper: wrapper('admin') });
    expect(screen.queryByTestId('m-package-popup-admin-only')).toBeNull();
  });
});
