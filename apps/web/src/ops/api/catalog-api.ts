import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@shopdesk/shared/envelope';
import type {
  ImportReport,
  MoneyOverview,
  OpsWarehouseRow,
  WarehouseProductBody,
  WarehouseProductPatch,
} from '@shopdesk/shared/ops/catalog';
import type { z } from 'zod';
import type { reconcileReport } from '@shopdesk/shared/wallet/schemas';
import type { WarehouseVariantsAnswer, WarehouseVariantsBody } from '@shopdesk/shared/products/variants';
import { UI } from '@shopdesk/shared/constants';
import { OpsApiError, opsHeaders, opsRequest, opsUrl, type OpsQuery } from './client.ts';

/** Query keys of the console's catalog half, all under ['ops'] (sign-out drops them). */
export const catalogKeys = {
  warehouse: (q: OpsQuery) => ['ops', 'warehouse', q] as const,
  variants: (id: number) => ['ops', 'warehouse', 'variants', id] as const,
  money: ['ops', 'money'] as const,
};

export function useWarehouse(q: OpsQuery) {
  return useQuery({ queryKey: catalogKeys.warehouse(q), queryFn: ({ signal }) => opsRequest<Paged<OpsWarehouseRow>>('/ops/warehouse', { query: q, signal }), placeholderData: keepPreviousData });
}

/** A warehouse product's option axes (with their texts in other languages) and variants. */
export function useWarehouseVariants(id: number) {
  return useQuery({ queryKey: catalogKeys.variants(id), queryFn: ({ signal }) => opsRequest<WarehouseVariantsAnswer>(`/ops/warehouse/${id}/variants`, { signal }) });
}

/** Saves a product's whole set of axes, option texts and variants; the list's stock and price follow. */
export function useSaveWarehouseVariants(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WarehouseVariantsBody) => opsRequest<WarehouseVariantsAnswer>(`/ops/warehouse/${id}/variants`, { body }),
    onSuccess: (answer) => client.setQueryData(catalogKeys.variants(id), answer),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'warehouse'] }),
  });
}

/** A multipart upload with its progress (0–100), answered like opsRequest. */
export function opsUpload<T>(path: string, form: FormData, options: { query?: OpsQuery; onProgress?: (percent: number) => void } = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', opsUrl(path, options.query));
    for (const [name, value] of Object.entries(opsHeaders())) xhr.setRequestHeader(name, value);
    xhr.timeout = UI.API_TIMEOUT_MS * 6;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      type Answer = { code?: number; data?: T; msg?: string; error?: string };
      let parsed: Answer | null;
      try {
        parsed = JSON.parse(xhr.responseText) as Answer;
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && parsed?.code === 0) resolve(parsed.data as T);
      else reject(new OpsApiError(parsed?.msg || xhr.statusText || 'error', { status: xhr.status, code: parsed?.code ?? xhr.status, errorKey: parsed?.error ?? null }));
    };
    xhr.onerror = () => reject(new OpsApiError('network', { status: 0, code: -1, errorKey: 'NETWORK' }));
    xhr.ontimeout = () => reject(new OpsApiError('timeout', { status: 0, code: -1, errorKey: 'TIMEOUT' }));
    xhr.send(form);
  });
}

/** Saves a product (new or changed) and then its photo, if one was chosen. */
export function useSaveWarehouseProduct() {
  const client = useQueryClient();
  return useMutation({
    // onSaved hears the product's id before the photo goes: a refused photo then leaves the dialog
    // editing the product just added, and saving again does not add it twice.
    mutationFn: async ({ id, values, photo, onSaved }: { id: number | null; values: WarehouseProductBody | WarehouseProductPatch; photo: File | null; onSaved: (id: number) => void }) => {
      const saved = id === null ? await opsRequest<OpsWarehouseRow>('/ops/warehouse', { body: values }) : await opsRequest<OpsWarehouseRow>(`/ops/warehouse/${id}`, { body: values });
      onSaved(saved.id);
      if (!photo) return saved;
      const form = new FormData();
      form.append('photo', photo);
      return opsUpload<OpsWarehouseRow>(`/ops/warehouse/${saved.id}/photo`, form);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'warehouse'] }),
  });
}

/** Adds a picture to a product's gallery; answers the product with its new gallery. */
export function useAddGalleryImage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (photo: File) => {
      const form = new FormData();
      form.append('photo', photo);
      return opsUpload<OpsWarehouseRow>(`/ops/warehouse/${id}/gallery`, form);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'warehouse'] }),
  });
}

/** Puts a product's gallery in a new order; a picture left out is removed. */
export function useArrangeGallery(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (images: string[]) => opsRequest<OpsWarehouseRow>(`/ops/warehouse/${id}/gallery/arrange`, { body: { images } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'warehouse'] }),
  });
}

export function importSheet(file: File, dryRun: boolean, onProgress: (percent: number) => void): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file);
  return opsUpload<ImportReport>('/ops/warehouse/import', form, { query: { dryRun }, onProgress });
}

export function useMoneyOverview() {
  return useQuery({ queryKey: catalogKeys.money, queryFn: ({ signal }) => opsRequest<MoneyOverview>('/ops/money/overview', { signal }) });
}

/** Runs the ledger's reconcile now (the same check as `npm run reconcile`). */
export function useReconcile() {
  return useMutation({ mutationFn: () => opsRequest<z.infer<typeof reconcileReport>>('/ops/reconcile') });
}
