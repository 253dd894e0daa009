import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BatchAddAnswer,
  BatchAnswer,
  Paged,
  ProductStatus,
  ProductUpdateBody,
  RecommendStatus,
  ShopProductView,
  ShopVariantView,
  WarehouseProductView,
} from '@shopdesk/shared/products/schemas';
import type { ShopVariantsPatchBody } from '@shopdesk/shared/products/variants';
import type { ReviewReplyAnswer, ReviewView } from '@shopdesk/shared/orders/schemas';
import { http } from '../../../lib/http.ts';
import { nextPageOf, SCROLL_PAGE_SIZE } from '../../wallet/api/wallet-api.ts';

/** Query keys of the product pages; any product change invalidates `all`. */
export const productKeys = {
  all: ['products'] as const,
  warehouse: (q: object) => [...productKeys.all, 'warehouse', q] as const,
  products: (q: object) => [...productKeys.all, 'products', q] as const,
  product: (id: number) => [...productKeys.all, 'product', id] as const,
  recommendStatus: () => [...productKeys.all, 'recommendStatus'] as const,
  reviews: (q: object) => ['reviews', q] as const,
};

type Query = Record<string, string | number | boolean | undefined>;

export function useWarehouse(q: Query, enabled = true) {
  return useQuery({
    queryKey: productKeys.warehouse(q),
    queryFn: ({ signal }) => http.get<Paged<WarehouseProductView>>('/product/warehouse', q, { signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useShopProducts(q: Query, enabled = true) {
  return useQuery({
    queryKey: productKeys.products(q),
    queryFn: ({ signal }) => http.get<Paged<ShopProductView>>('/product/list', q, { signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The phone's shop products (status, name, category filters), a page at a time as the seller scrolls. */
export function useInfiniteShopProducts(filters: { status?: ProductStatus; name?: string; category?: string }, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...productKeys.products({ ...filters, mobile: true })],
    queryFn: ({ pageParam, signal }) => http.get<Paged<ShopProductView>>('/product/list', { ...filters, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/** The phone's product warehouse (name, category filters), a page at a time as the seller scrolls. */
export function useInfiniteWarehouse(filters: { name?: string; category?: string; inShop?: '0' | '1' }, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...productKeys.warehouse({ ...filters, mobile: true })],
    queryFn: ({ pageParam, signal }) => http.get<Paged<WarehouseProductView>>('/product/warehouse', { ...filters, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productKeys.product(id ?? 0),
    queryFn: ({ signal }) => http.get<ShopProductView>('/product/detail', { id: id ?? 0 }, { signal, silent: true }),
    enabled: id !== null,
  });
}

export function useRecommendStatus() {
  return useQuery({
    queryKey: productKeys.recommendStatus(),
    queryFn: ({ signal }) => http.get<RecommendStatus>('/product/recommendStatus', undefined, { signal, silent: true }),
  });
}

/** Batch calls answer per-row results; refusals of the whole request are shown by the caller. */
export const productCalls = {
  batchAdd: (warehouseProductIds: number[], profitRatio: string) =>
    http.post<BatchAddAnswer>('/product/batchAdd', { warehouseProductIds, profitRatio }, { silent: true }),
  batchUpdate: (ids: number[], patch: { profitRatio?: string; discountRatio?: string; discountStart?: string | null; discountEnd?: string | null; status?: ProductStatus }) =>
    http.post<BatchAnswer>('/product/batchUpdate', { ids, ...patch }, { silent: true }),
  batchDelete: (ids: number[]) => http.post<BatchAnswer>('/product/batchDelete', { ids }, { silent: true }),
  setStatus: (ids: number[], status: ProductStatus) => http.post<BatchAnswer>('/product/setStatus', { ids, status }),
  update: (body: ProductUpdateBody) => http.post<ShopProductView>('/product/update', body, { silent: true }),
  recommend: (id: number, recommended: boolean) => http.post<ShopProductView>('/product/recommend', { id, recommended }, { silent: true }),
  /** Switches single variants of one product on or off and sets their stock; refusals (the last enabled one) are shown by the caller. */
  patchVariants: (body: ShopVariantsPatchBody) => http.post<ShopVariantView[]>('/product/variants', body, { silent: true }),
};

export function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.all });
}

export function useSetStatus() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: ({ ids, status }: { ids: number[]; status: ProductStatus }) => productCalls.setStatus(ids, status), onSuccess: invalidate });
}

export function useRecommend() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: ({ id, recommended }: { id: number; recommended: boolean }) => productCalls.recommend(id, recommended), onSettled: invalidate });
}

export function usePatchVariants() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: productCalls.patchVariants, onSuccess: invalidate });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: productCalls.update, onSuccess: invalidate });
}

export interface ReviewsQuery {
  page: number;
  pageSize: number;
  rating: 'all' | number;
  unanswered?: boolean;
}

export function useReviews(q: ReviewsQuery, enabled = true) {
  return useQuery({
    queryKey: productKeys.reviews(q),
    queryFn: ({ signal }) => http.post<Paged<ReviewView>>('/review/list', q, { signal, silent: true, offlineRead: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The phone's reviews (rating, unanswered filters), a page at a time as the seller scrolls. */
export function useInfiniteReviews(filters: Pick<ReviewsQuery, 'rating' | 'unanswered'>, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: productKeys.reviews({ ...filters, mobile: true }),
    queryFn: ({ pageParam, signal }) => http.post<Paged<ReviewView>>('/review/list', { ...filters, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, { signal, silent: true, offlineRead: true }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useReplyReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) => http.post<ReviewReplyAnswer>('/review/reply', { id, reply }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
