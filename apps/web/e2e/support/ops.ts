import type { Page } from 'playwright-core';

/** Puts an operator's session in the page's storage before any of its scripts run, as the console's login leaves it. */
export async function withConsoleSession(page: Page, token: string): Promise<Page> {
  await page.addInitScript((t) => sessionStorage.setItem('opsSession', JSON.stringify({ token: t, expiresAt: new Date(Date.now() + 3_600_000).toISOString() })), token);
  return page;
}

/** A warehouse product's option axes and variants as the console reads and writes them. */
export interface WarehouseVariantSet {
  options: { name: string; values: string[] }[];
  variants: { id?: number; sku: string; optionValues: string[]; purchasePriceCents: number; suggestedPriceCents: number; stock: number; image: string | null }[];
}

async function opsCall<T>(baseUrl: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Accept: 'application/json', authToken: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T };
  if (!response.ok || envelope.code !== 0) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** GET /api/ops/warehouse/:id/variants. */
export const warehouseVariants = (baseUrl: string, token: string, warehouseProductId: number) =>
  opsCall<WarehouseVariantSet>(baseUrl, token, 'GET', `/api/ops/warehouse/${warehouseProductId}/variants`);

/** POST /api/ops/warehouse/:id/variants: the product's whole set (a variant left out is removed from it and from the shops). */
export const setWarehouseVariants = (baseUrl: string, token: string, warehouseProductId: number, set: WarehouseVariantSet) =>
  opsCall<WarehouseVariantSet>(baseUrl, token, 'POST', `/api/ops/warehouse/${warehouseProductId}/variants`, set);
