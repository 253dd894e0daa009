import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BatchAddAnswer,
  BatchAnswer,
  Paged,
  ProductStatus,
  ProductUpdateBody,
  RecommendStatus,
  ShopProductView,
  WarehouseProductView,
} from '@shopdesk/shared/catalog/schemas';
import type { ReviewView } from '@shopdesk/shared/orders/schemas';
import { http } from '../../../lib/http.ts';

/** Query keys of the catalog pages; any product change invalidates `all`. */
export const catalogKeys = {
  all: ['catalog'] as const,
  warehouse: (q: object) => [...catalogKeys.all, 'warehouse', q] as const,
  products: (q: object) => [...catalogKeys.all, 'products', q] as const,
  product: (id: number) => [...catalogKeys.all, 'product', id] as const,
  recommendStatus: () => [...catalogKeys.all, 'recommendStatus'] as const,
  reviews: (q: object) => ['reviews', q] as const,
};

type Query = Record<string, string | number | boolean | undefined>;

export function useWarehouse(q: Query) {
  return useQuery({
    queryKey: catalogKeys.warehouse(q),
    queryFn: ({ signal }) => http.get<Paged<WarehouseProductView>>('/product/warehouse', q, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useShopProducts(q: Query) {
  return useQuery({
    queryKey: catalogKeys.products(q),
    queryFn: ({ signal }) => http.get<Paged<ShopProductView>>('/product/list', q, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: catalogKeys.product(id ?? 0),
    queryFn: ({ signal }) => http.get<ShopProductView>('/product/detail', { id: id ?? 0 }, { signal, silent: true }),
    enabled: id !== null,
  });
}

export function useRecommendStatus() {
  return useQuery({
    queryKey: catalogKeys.recommendStatus(),
    queryFn: ({ signal }) => http.get<RecommendStatus>('/product/recommendStatus', undefined, { signal, silent: true }),
  });
}

/** Batch calls answer per-row results; refusals of the whole request are shown by the caller. */
export const catalogCalls = {
  batchAdd: (warehouseProductIds: number[], profitRatio: string) =>
    http.post<BatchAddAnswer>('/product/batchAdd', { warehouseProductIds, profitRatio }, { silent: true }),
  batchUpdate: (ids: number[], patch: { profitRatio?: string; discountRatio?: string; discountStart?: string | null; discountEnd?: string | null; status?: ProductStatus }) =>
    http.post<BatchAnswer>('/product/batchUpdate', { ids, ...patch }, { silent: true }),
  batchDelete: (ids: number[]) => http.post<BatchAnswer>('/product/batchDelete', { ids }, { silent: true }),
  setStatus: (ids: number[], status: ProductStatus) => http.post<BatchAnswer>('/product/setStatus', { ids, status }),
  update: (body: ProductUpdateBody) => http.post<ShopProductView>('/product/update', body, { silent: true }),
  recommend: (id: number, recommended: boolean) => http.post<ShopProductView>('/product/recommend', { id, recommended }, { silent: true }),
};

export function useInvalidateCatalog() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogKeys.all });
}

export function useSetStatus() {
  const invalidate = useInvalidateCatalog();
  return useMutation({ mutationFn: ({ ids, status }: { ids: number[]; status: ProductStatus }) => catalogCalls.setStatus(ids, status), onSuccess: invalidate });
}

export function useRecommend() {
  const invalidate = useInvalidateCatalog();
  return useMutation({ mutationFn: ({ id, recommended }: { id: number; recommended: boolean }) => catalogCalls.recommend(id, recommended), onSettled: invalidate });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateCatalog();
  return useMutation({ mutationFn: catalogCalls.update, onSuccess: invalidate });
}

export interface ReviewsQuery {
  page: number;
  pageSize: number;
  rating: 'all' | number;
  unanswered?: boolean;
}

export function useReviews(q: ReviewsQuery) {
  return useQuery({
    queryKey: catalogKeys.reviews(q),
    queryFn: ({ signal }) => http.post<Paged<ReviewView>>('/review/list', q, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useReplyReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) => http.post<{ id: number; reply: string; replyTime: string }>('/review/reply', { id, reply }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
