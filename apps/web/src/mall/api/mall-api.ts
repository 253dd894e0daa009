import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import { buyerSessionStore, mallRequest } from './client.ts';
import type {
  AddressInput,
  BuyerAddress,
  BuyerLoginAnswer,
  BuyerMe,
  BuyerOrder,
  BuyerOrderDetail,
  Cart,
  CheckoutAnswer,
  CouponClaim,
  MallCoupon,
  MallHome,
  MallReview,
  MallShop,
  OrderTab,
  ProductDetail,
  ProductPage,
  Sort,
} from './types.ts';
import type { Paged } from '@shopdesk/shared/envelope';
import type { RefundReason } from '@shopdesk/shared/orders/lifecycle';

/** One query-key factory for the mall (DESIGN §6 rule 4). Buyer keys carry the buyer id. */
export const mallKeys = {
  all: ['mall'] as const,
  home: () => ['mall', 'home'] as const,
  search: (filters: SearchFilters) => ['mall', 'search', filters] as const,
  product: (id: number) => ['mall', 'product', id] as const,
  reviews: (id: number) => ['mall', 'reviews', id] as const,
  shop: (id: number) => ['mall', 'shop', id] as const,
  shopProducts: (id: number, sort: Sort) => ['mall', 'shop-products', id, sort] as const,
  coupons: () => ['mall', 'coupons'] as const,
  buyer: () => ['mall', 'buyer'] as const,
  me: () => ['mall', 'buyer', 'me'] as const,
  cart: () => ['mall', 'buyer', 'cart'] as const,
  addresses: () => ['mall', 'buyer', 'addresses'] as const,
  myCoupons: () => ['mall', 'buyer', 'my-coupons'] as const,
  orders: (tab: OrderTab) => ['mall', 'buyer', 'orders', tab] as const,
  order: (id: string) => ['mall', 'buyer', 'order', id] as const,
};

export interface SearchFilters {
  keyword?: string;
  category?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  minRating?: number;
  sort: Sort;
}

export const SEARCH_PAGE_SIZE = 20;

/** Whether a buyer is signed in; re-renders when the session changes. */
export const useSignedIn = () => buyerSessionStore.use() !== null;

// Browsing ------------------------------------------------------------------------------------

let warmHome: Promise<MallHome> | null = null;

/** Asks for the home page's answer as soon as the mall's chunk runs, beside its catalog (one round trip less before the first paint). */
export function warmMallHome(pathname: string): void {
  if (/^\/mall\/?$/.test(pathname)) warmHome = mallRequest<MallHome>('/mall/home');
}

export function useMallHome() {
  return useQuery({
    queryKey: mallKeys.home(),
    queryFn: ({ signal }) => {
      const warm = warmHome;
      warmHome = null;
      return warm ? warm.catch(() => mallRequest<MallHome>('/mall/home', { signal })) : mallRequest<MallHome>('/mall/home', { signal });
    },
  });
}

export function useSearch(filters: SearchFilters) {
  return useInfiniteQuery({
    queryKey: mallKeys.search(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => mallRequest<ProductPage>('/mall/products', { signal, query: { ...filters, page: pageParam, pageSize: SEARCH_PAGE_SIZE } }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number) {
  // Each opening counts a view on the server (deduped per viewer): no refetch on focus.
  return useQuery({ queryKey: mallKeys.product(id), queryFn: ({ signal }) => mallRequest<ProductDetail>(`/buyer/products/${id}`, { signal }), refetchOnWindowFocus: false, enabled: id > 0 });
}

export function useReviews(productId: number) {
  return useInfiniteQuery({
    queryKey: mallKeys.reviews(productId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => mallRequest<Paged<MallReview>>(`/mall/products/${productId}/reviews`, { signal, query: { page: pageParam, pageSize: 5 } }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: productId > 0,
  });
}

export function useShop(id: number) {
  return useQuery({ queryKey: mallKeys.shop(id), queryFn: ({ signal }) => mallRequest<MallShop>(`/mall/shops/${id}`, { signal }), enabled: id > 0 });
}

export function useShopProducts(id: number, sort: Sort, pageSize = SEARCH_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...mallKeys.shopProducts(id, sort), pageSize],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => mallRequest<ProductPage>(`/mall/shops/${id}/products`, { signal, query: { sort, page: pageParam, pageSize } }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: id > 0,
  });
}

export function useCoupons() {
  return useQuery({ queryKey: [...mallKeys.coupons(), useSignedIn()], queryFn: ({ signal }) => mallRequest<MallCoupon[]>('/mall/coupons', { signal }) });
}

// The buyer -------------------------------------------------------------------------------------

export function useBuyerAuth(mode: 'login' | 'register') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; password: string; nickname?: string }) =>
      mallRequest<BuyerLoginAnswer>(`/buyer/${mode}`, { body: { username: input.username, password: encodePassword(input.password), ...(mode === 'register' && input.nickname ? { nickname: input.nickname } : {}) } }),
    onSuccess: (answer) => {
      buyerSessionStore.set({ buyerToken: answer.buyerToken, buyerId: answer.buyerId, nickname: answer.nickname, expiresAt: answer.expiresAt });
      client.removeQueries({ queryKey: mallKeys.buyer() });
      void client.invalidateQueries({ queryKey: mallKeys.coupons() });
    },
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => mallRequest<null>('/buyer/logout', { method: 'POST' }).catch(() => null),
    onSettled: () => {
      buyerSessionStore.set(null);
      client.removeQueries({ queryKey: mallKeys.buyer() });
    },
  });
}

export function useMe() {
  return useQuery({ queryKey: mallKeys.me(), queryFn: ({ signal }) => mallRequest<BuyerMe>('/buyer/me', { signal }), enabled: useSignedIn() });
}

export function useTopUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { amountCents: number; idempotencyKey: string }) => mallRequest<BuyerMe>('/buyer/wallet/topup', { body: { amountCents: input.amountCents }, idempotencyKey: input.idempotencyKey }),
    onSuccess: (me) => client.setQueryData(mallKeys.me(), me),
  });
}

export function useAddresses() {
  return useQuery({ queryKey: mallKeys.addresses(), queryFn: ({ signal }) => mallRequest<BuyerAddress[]>('/buyer/addresses', { signal }), enabled: useSignedIn() });
}

export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddressInput & { id?: number; isDefault?: boolean }) => {
      const { id, ...body } = input;
      // The server answers the whole list, the default first.
      return mallRequest<BuyerAddress[]>(id ? `/buyer/addresses/${id}` : '/buyer/addresses', { method: id ? 'PUT' : 'POST', body });
    },
    onSuccess: (list) => client.setQueryData(mallKeys.addresses(), list),
  });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => mallRequest<BuyerAddress[]>(`/buyer/addresses/${id}`, { method: 'DELETE' }),
    onSuccess: (list) => client.setQueryData(mallKeys.addresses(), list),
  });
}

// Cart and checkout --------------------------------------------------------------------------

export function useCart() {
  return useQuery({ queryKey: mallKeys.cart(), queryFn: ({ signal }) => mallRequest<Cart>('/buyer/cart', { signal }), enabled: useSignedIn() });
}

export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: number; quantity: number }) => mallRequest<Cart>('/buyer/cart', { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: mallKeys.cart() }),
  });
}

export function useUpdateCartItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemId: number; quantity: number }) => mallRequest<Cart>(`/buyer/cart/${input.itemId}`, { method: 'PUT', body: { quantity: input.quantity } }),
    onSettled: () => client.invalidateQueries({ queryKey: mallKeys.cart() }),
  });
}

export function useRemoveCartItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => mallRequest<Cart>(`/buyer/cart/${itemId}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: mallKeys.cart() }),
  });
}

export interface CheckoutInput {
  itemIds: number[];
  addressId?: number;
  address?: AddressInput;
  claimId?: number;
  idempotencyKey: string;
}

export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: CheckoutInput) => mallRequest<CheckoutAnswer>('/buyer/cart/checkout', { body, idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: mallKeys.buyer() }),
  });
}

// Coupons ---------------------------------------------------------------------------------------

export function useMyCoupons() {
  return useQuery({ queryKey: mallKeys.myCoupons(), queryFn: ({ signal }) => mallRequest<CouponClaim[]>('/buyer/coupons', { signal }), enabled: useSignedIn() });
}

export function useClaimCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (couponId: number) => mallRequest<unknown>('/buyer/coupons/claim', { body: { couponId } }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: mallKeys.coupons() }), client.invalidateQueries({ queryKey: mallKeys.myCoupons() })]),
  });
}

// Orders ----------------------------------------------------------------------------------------

export function useOrders(tab: OrderTab) {
  return useInfiniteQuery({
    queryKey: mallKeys.orders(tab),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => mallRequest<Paged<BuyerOrder>>('/buyer/orders', { signal, query: { status: tab, page: pageParam, pageSize: 10 } }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: useSignedIn(),
  });
}

export function useOrder(orderId: string) {
  return useQuery({ queryKey: mallKeys.order(orderId), queryFn: ({ signal }) => mallRequest<BuyerOrderDetail>(`/buyer/orders/${encodeURIComponent(orderId)}`, { signal }), enabled: useSignedIn() && orderId !== '' });
}

function useOrderAction<T>(run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: mallKeys.buyer() }) });
}

export function useCancelOrder() {
  return useOrderAction((input: { orderId: string; idempotencyKey: string }) => mallRequest('/buyer/cancel', { body: { orderId: input.orderId }, idempotencyKey: input.idempotencyKey }));
}

/** "Order received": signs a delivered order, which settles it (a retry with the same key answers the same). */
export function useConfirmReceipt() {
  return useOrderAction((input: { orderId: string; idempotencyKey: string }) => mallRequest('/buyer/confirmReceipt', { body: { orderId: input.orderId }, idempotencyKey: input.idempotencyKey }));
}

export function useRefundOrder() {
  return useOrderAction((input: { orderId: string; reason: RefundReason; note: string }) => mallRequest('/buyer/refund', { body: input }));
}

export function useReviewOrder() {
  return useOrderAction((input: { orderId: string; rating: number; content: string; images: string[] }) => mallRequest('/buyer/review', { body: input }));
}
