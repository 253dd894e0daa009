import { useTranslation } from 'react-i18next';
import type { BatchAddResult } from '@shopdesk/shared/products/schemas';
import { useBatchProgress } from '../../../lib/use-batch-progress.ts';
import { productCalls, useInvalidateProducts } from '../api/products-api.ts';
import { BATCH_CHUNK } from '../product-helpers.ts';

/** One product of a batch edit, delete or status change, and how it went. */
export interface BatchRowResult {
  id: number;
  name: string;
  ok: boolean;
  msg?: string;
}

export type AddRowResult = BatchAddResult | 'failed';

/** One warehouse product of a batch "add to shop", and how it went. */
export interface AddRow {
  id: number;
  name: string;
  result: AddRowResult;
  msg?: string;
}

interface Named {
  id: number;
  name: string;
}

type NameOf = (id: number) => string;

function namesOf(products: readonly Named[]): NameOf {
  const names = new Map(products.map((p) => [p.id, p.name]));
  return (id: number) => names.get(id) ?? `#${id}`;
}

/** "Add to shop" of warehouse products at one profit ratio, in parts of BATCH_CHUNK with progress. */
export function useBatchAdd() {
  const { t } = useTranslation();
  const invalidate = useInvalidateProducts();
  const batch = useBatchProgress<number, AddRow, { name: NameOf; profitRatio: string }>({
    partSize: BATCH_CHUNK,
    send: async (part, { name, profitRatio }) =>
      (await productCalls.batchAdd(part, profitRatio)).results.map((r) => ({ id: r.warehouseProductId, name: name(r.warehouseProductId), result: r.result })),
    failed: (part, msg, { name }) => part.map((id) => ({ id, name: name(id), result: 'failed' as const, msg })),
    fallbackText: t('common:http.requestFailed'),
    settled: invalidate,
  });
  return { ...batch, run: (products: readonly Named[], profitRatio: string) => batch.run(products.map((p) => p.id), { name: namesOf(products), profitRatio: profitRatio.trim() }) };
}

export type BatchPatch = Parameters<typeof productCalls.batchUpdate>[1];

/** A batch edit (profit ratio, discount, status) of shop products, in parts of BATCH_CHUNK with progress. */
export function useBatchUpdate() {
  const { t } = useTranslation();
  const invalidate = useInvalidateProducts();
  const batch = useBatchProgress<number, BatchRowResult, { name: NameOf; patch: BatchPatch }>({
    partSize: BATCH_CHUNK,
    send: async (part, { name, patch }) => (await productCalls.batchUpdate(part, patch)).results.map((r) => ({ id: r.id, name: name(r.id), ok: r.ok, msg: r.msg })),
    failed: (part, msg, { name }) => part.map((id) => ({ id, name: name(id), ok: false, msg })),
    fallbackText: t('common:http.requestFailed'),
    settled: invalidate,
  });
  return { ...batch, run: (products: readonly Named[], patch: BatchPatch) => batch.run(products.map((p) => p.id), { name: namesOf(products), patch }) };
}

/** Deleting shop products, in parts of BATCH_CHUNK with progress. */
export function useBatchDelete() {
  const { t } = useTranslation();
  const invalidate = useInvalidateProducts();
  const batch = useBatchProgress<number, BatchRowResult, NameOf>({
    partSize: BATCH_CHUNK,
    send: async (part, name) => (await productCalls.batchDelete(part)).results.map((r) => ({ id: r.id, name: name(r.id), ok: r.ok, msg: r.msg })),
    failed: (part, msg, name) => part.map((id) => ({ id, name: name(id), ok: false, msg })),
    fallbackText: t('common:http.requestFailed'),
    settled: invalidate,
  });
  return { ...batch, run: (products: readonly Named[]) => batch.run(products.map((p) => p.id), namesOf(products)) };
}
