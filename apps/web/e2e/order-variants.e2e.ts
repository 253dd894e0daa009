import { describe, expect, inject, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, idleButton, loginDesktop, loginPhone } from './support/app.ts';
import { DEMO_FUND_PASSWORD } from './support/wallet.ts';
import { addVariantProduct, api, buyerCheckout, buyerToken, orderDetail, removeVariantProduct, sellerSession } from './support/orders.ts';

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const open = pageOpener();
/** No other browser test orders as this buyer. */
const BUYER = 'buyer27';

/** The variant and SKU lines of the first order line shown in `scope`. */
async function lineOf(scope: Locator): Promise<{ variant: string; sku: string }> {
  await scope.getByTestId('order-variant').first().waitFor();
  return { variant: (await scope.getByTestId('order-variant').first().textContent()) ?? '', sku: (await scope.getByTestId('order-sku').first().textContent()) ?? '' };
}

describe('an order of a product variant on the seller pages', () => {
  it('the order list, detail, purchase dialog, refund page and notifications name "Blue, M" and its SKU (desktop and phone)', async () => {
    const seller = await sellerSession(baseUrl);
    const product = await addVariantProduct(baseUrl, seller, operatorToken);
    const orderIds: string[] = [];
    try {
      const blueM = product.variants.find((v) => v.name === 'Blue, M');
      if (!blueM) throw new Error(`no Blue, M variant: ${JSON.stringify(product.variants)}`);
      const shown = { variant: 'Blue, M', sku: `SKU ${blueM.sku}` };
      const buyer = await buyerToken(baseUrl, BUYER);
      const orderId = await buyerCheckout(baseUrl, buyer, seller.shopId, product.productId, blueM.id);
      orderIds.push(orderId);

      // The desktop: the list's product cell and the drawer name the variant and its SKU.
      const desk = await open('desktop');
      await loginDesktop(desk, baseUrl, DEMO);
      await expectPath(desk, '/dashboard');
      await desk.goto(`${baseUrl}/orders?q=${orderId}`);
      const row = desk.getByTestId('orders-table').locator(`tr[data-row-key="${orderId}"]`);
      await row.waitFor();
      expect(await lineOf(row)).toEqual(shown);
      await row.getByTestId('order-detail').click();
      expect(await lineOf(desk.getByTestId('order-drawer'))).toEqual(shown);

      // The purchase dialog shows what is bought before the password is asked, and buys it.
      await desk.getByTestId('drawer-purchase').click();
      const bought = desk.getByTestId('purchase-dialog').getByTestId('purchase-product');
      expect(await lineOf(bought)).toEqual(shown);
      const beforePassword = await bought.evaluate((el) => {
        const password = document.querySelector('[data-testid="purchase-fund-password"]');
        return password !== null && (el.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      });
      expect(beforePassword).toBe(true);
      await desk.getByTestId('purchase-fund-password').fill(DEMO_FUND_PASSWORD);
      await idleButton(desk, 'purchase-submit').click();
      await desk.getByTestId('purchase-summary').waitFor();
      expect(await lineOf(bought)).toEqual(shown);
      expect((await orderDetail(baseUrl, seller.token, orderId)).purchaseStatus).toBe('purchased');
      await desk.getByTestId('purchase-done').click();

      // A refund request of it: the refund page's row and the decision dialog name the variant.
      await api(baseUrl, 'POST', '/api/buyer/refund', { buyerToken: buyer }, { orderId, reason: 'quality', note: 'Wrong size (e2e)' });
      await desk.goto(`${baseUrl}/products/refunds`);
      const refundRow = desk.getByTestId('refunds-table').locator(`tr[data-row-key="${orderId}"]`);
      await refundRow.waitFor();
      expect(await lineOf(refundRow)).toEqual(shown);
      await refundRow.getByTestId('refund-handle').click();
      expect(await lineOf(desk.getByTestId('refund-dialog'))).toEqual(shown);

      // The notifications of the order and of its refund request name the product with its variant.
      await desk.goto(`${baseUrl}/notifications`);
      const items = desk.getByTestId('notification-item').filter({ hasText: orderId });
      await expect.poll(() => items.count()).toBe(2);
      for (const text of await items.allTextContents()) expect(text).toContain(`${product.name} (Blue, M)`);

      // The phone: the order's detail, and its card on the refunds tab.
      const phone = await open('phone');
      await loginPhone(phone, baseUrl, DEMO);
      await expectPath(phone, '/m/shop');
      await phone.goto(`${baseUrl}/m/order-detail?orderId=${orderId}`);
      expect(await lineOf(phone.getByTestId('m-order-detail'))).toEqual(shown);
      await phone.goto(`${baseUrl}/m/orders?tab=refunds&keyword=${orderId}`);
      expect(await lineOf(phone.getByTestId('m-order').filter({ hasText: orderId }))).toEqual(shown);
    } finally {
      await removeVariantProduct(baseUrl, seller, operatorToken, product, orderIds);
    }
  });
});
