import { describe, expect, inject, it } from 'vitest';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { DEMO_FUND_PASSWORD } from './support/wallet.ts';
import { availableCents, orderDetail, placeOrder, sellerSession } from './support/orders.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

describe('staff roles: a packer who purchases orders without the wallet', () => {
  it('the owner creates a "packer" role and a member with it; on the phone the packer purchases an order and finds no wallet', async () => {
    const suffix = Date.now().toString(36).slice(-5);
    const roleName = `Packer ${suffix}`;
    const username = `packer${suffix}`;

    // The owner, on the desktop: the roles tab, a new role that edits orders and sees nothing else.
    const owner = await open('desktop');
    await loginDesktop(owner, baseUrl, DEMO);
    await expectPath(owner, '/dashboard');
    await owner.goto(`${baseUrl}/users?tab=roles`);
    await owner.getByTestId('roles-table').waitFor();
    await owner.getByTestId('role-add').click();
    await owner.getByTestId('role-name-input').fill(roleName);
    await owner.getByTestId('role-orders-edit').click();
    await owner.getByTestId('role-dialog-save').click();
    await owner.getByText(`Role ${roleName} created`).waitFor();
    const roleRow = owner.getByTestId('roles-table').locator('tbody tr', { hasText: roleName });
    await expect.poll(() => roleRow.textContent()).toContain('Orders and purchasing: View and edit');
    expect(await roleRow.textContent()).not.toContain('Wallet');

    // A member with that role, added from the members tab.
    await owner.getByTestId('users-tab-members').click();
    await owner.getByTestId('users-table').waitFor();
    await owner.getByTestId('user-add').click();
    await owner.getByTestId('user-username-input').fill(username);
    await owner.getByTestId('user-password-input').fill('crate-tape-64');
    await owner.getByTestId('user-name-input').fill('Night Packer');
    await owner.getByTestId('user-form').getByText(roleName).click();
    await owner.getByTestId('user-dialog-save').click();
    await owner.getByText(`User ${username} added`).waitFor();
    const memberRow = owner.getByTestId('users-table').locator('tbody tr', { hasText: username });
    await expect.poll(() => memberRow.getByTestId('user-role').textContent()).toBe(roleName);

    // An order waiting for purchase.
    const seller = await sellerSession(baseUrl);
    const { orderId, purchaseAmountCents } = await placeOrder(baseUrl, seller, 'buyer8');
    const before = await availableCents(baseUrl, seller.token);

    // The packer, on the phone (the owner's browser closes): the orders tab is there, the products tab is not.
    const page = await open('phone');
    await loginPhone(page, baseUrl, { username, password: 'crate-tape-64' });
    await expectPath(page, '/m/shop');
    await page.getByTestId('m-tab-orders').waitFor();
    expect(await page.getByTestId('m-tab-products').count()).toBe(0);
    // The home shows the to-do strip, and no wallet, finance or marketing shortcut nor the wallet card.
    await page.getByTestId('m-dashboard-todo').waitFor();
    for (const key of ['withdraw', 'transactions', 'paymentHistory', 'finance', 'shopExpress']) expect(await page.getByTestId(`m-shortcut-${key}`).count(), key).toBe(0);
    await page.getByTestId('m-shortcut-userInfo').waitFor();
    expect(await page.getByText('Wallet', { exact: true }).count()).toBe(0);

    // The purchase with the shop's fund password.
    await page.goto(`${baseUrl}/m/order-detail?orderId=${orderId}`);
    await page.getByTestId('m-order-detail').waitFor();
    await page.getByTestId('m-detail-purchase').click();
    await page.getByTestId('m-purchase-popup').waitFor();
    await page.getByTestId('m-purchase-passcode').click();
    await page.keyboard.type(DEMO_FUND_PASSWORD);
    await page.getByTestId('m-purchase-popup').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('m-detail-purchase-status').textContent()).toBe('Purchased');
    expect(await availableCents(baseUrl, seller.token)).toBe(before - purchaseAmountCents);
    expect((await orderDetail(baseUrl, seller.token, orderId)).purchaseStatus).toBe('purchased');

    // No wallet entry on the profile; the withdrawal page, reached by its address, says why.
    await page.goto(`${baseUrl}/m/profile`);
    await page.getByTestId('m-change-password').waitFor();
    for (const label of ['Withdraw', 'Transactions', 'Payment history', 'Finance']) expect(await page.getByText(label, { exact: true }).count(), label).toBe(0);
    expect(await page.getByTestId('m-change-fund-password').count()).toBe(0);
    expect(await page.getByTestId('m-profile-users').count()).toBe(0);
    await page.goto(`${baseUrl}/m/withdraw`);
    await page.getByTestId('m-page-denied').getByText('it needs “View” for Wallet and withdrawals').waitFor();

    // The owner's activity log names the packer for the purchase, and filters by them (one browser at a time: the owner logs in again).
    const desk = await open('desktop');
    await loginDesktop(desk, baseUrl, DEMO);
    await expectPath(desk, '/dashboard');
    await desk.goto(`${baseUrl}/dashboard/activity`);
    await desk.getByTestId('activity-log-table').waitFor();
    await desk.getByTestId('activity-filter-user').click();
    await desk.keyboard.type(username);
    await desk.locator('.ant-select-dropdown:visible').getByText(`${username} (Night Packer)`).click();
    await expect.poll(() => desk.url()).toContain('userId=');
    const lines = desk.getByTestId('activity-log-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain(username);
    expect(await lines.first().textContent()).toContain(orderId);
  });
});
