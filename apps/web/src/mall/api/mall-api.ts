import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { encodePassword } from '@shopdesk/shared/auth/password-encoding';
import { getKey, offerAnswer } from '../../lib/http.ts';
import { buyerSessionStore, mallHttp } from './buyer-session.ts';
import type {
  AddressInput,
  BuyerAddress,
  BuyerDeposit,
  BuyerLoginAnswer,
  BuyerMe,
  BuyerOrder,
  BuyerOrderDetail,
  Cart,
  CheckoutAnswer,
  CouponClaim,
  DepositAddress,
  MallCoupon,
  MallHome,
  MallReview,
  MallDeal,
  MallVoucher,
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
  deposits: () => ['mall', 'buyer', 'deposits'] as const,
  depositAddresses: () => ['mall', 'buyer', 'deposit-addresses'] as const,
  myCoupons: () => ['mall', 'buyer', 'my-coupons'] as const,
  /** A shop's or a product's public vouchers (claimed state with a buyer session). */
  vouchers: () => ['mall', 'vouchers'] as const,
  /** A shop's or a product's running flash deals. */
  deals: () => ['mall', 'deals'] as const,
  myVouchers: () => ['mall', 'buyer', 'my-vouchers'] as const,
  orders: (tab: OrderTab) => ['mall', 'buyer', 'orders', tab] as const,
  order: (id: string) => ['mall', 'buyer', 'order', id] as const,
  chat: () => ['mall', 'buyer', 'chat'] as const,
  chatList: () => ['mall', 'buyer', 'chat', 'list'] as const,
  chatUnread: () => ['mall', 'buyer', 'chat', 'unread'] as const,
  chatWith: (shopId: number) => ['mall', 'buyer', 'chat', 'with', shopId] as const,
  chatMessages: (conversationId: number) => ['mall', 'buyer', 'chat', 'messages', conversationId] as const,
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

/**
 * Asks for the home page's answer as soon as the mall's chunk runs, beside its catalog (one round
 * trip less before the first paint); the home page's query takes it (its own request if it failed).
 */
export function warmMallHome(pathname: string): void {
  if (/^\/mall\/?$/.test(pathname)) offerAnswer(getKey('/mall/home'), mallHttp.get<MallHome>('/mall/home'));
}

export function useMallHome() {
  return useQuery({ queryKey: mallKeys.home(), queryFn: ({ signal }) => mallHttp.get<MallHome>('/mall/home', undefined, { signal }) });
}

export function useSearch(filters: SearchFilters) {
  return useInfiniteQuery({
    queryKey: mallKeys.search(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => mallHttp.get<ProductPage>('/mall/products', { ...filters, page: pageParam, pageSize: SEARCH_PAGE_SIZE }, { signal }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number) {
  // Each opening counts a view on the server (deduped per viewer): no refetch on focus.
  return useQuery({ queryKey: mallKeys.product(id), queryFn: ({ signal }) => mallHttp.get<ProductDetail>(`/buyer/products/${id}`, undefined, { signal }), refetchOnWindowFocus: false, enabled: id > 0 });
}

export function useReviews(productId: number) {
  return useInfiniteQuery({
    queryKey: mallKeys.reviews(productId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => mallHttp.get<Paged<MallReview>>(`/mall/products/${productId}/reviews`, { page: pageParam, pageSize: 5 }, { signal }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: productId > 0,
  });
}

export function useShop(id: number) {
  return useQuery({ queryKey: mallKeys.shop(id), queryFn: ({ signal }) => mallHttp.get<MallShop>(`/mall/shops/${id}`, undefined, { signal }), enabled: id > 0 });
}

export function useShopProducts(id: number, sort: Sort, pageSize = SEARCH_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...mallKeys.shopProducts(id, sort), pageSize],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => mallHttp.get<ProductPage>(`/mall/shops/${id}/products`, { sort, page: pageParam, pageSize }, { signal }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: id > 0,
  });
}

export function useCoupons() {
  return useQuery({ queryKey: [...mallKeys.coupons(), useSignedIn()], queryFn: ({ signal }) => mallHttp.get<MallCoupon[]>('/mall/coupons', undefined, { signal }) });
}

// The buyer -------------------------------------------------------------------------------------

export function useBuyerAuth(mode: 'login' | 'register') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; password: string; nickname?: string }) =>
      mallHttp.post<BuyerLoginAnswer>(`/buyer/${mode}`, { username: input.username, password: encodePassword(input.password), ...(mode === 'register' && input.nickname ? { nickname: input.nickname } : {}) }),
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
    mutationFn: () => mallHttp.post<null>('/buyer/logout').catch(() => null),
    onSettled: () => {
      buyerSessionStore.set(null);
      client.removeQueries({ queryKey: mallKeys.buyer() });
    },
  });
}

export function useMe() {
  return useQuery({ queryKey: mallKeys.me(), queryFn: ({ signal }) => mallHttp.get<BuyerMe>('/buyer/me', undefined, { signal }), enabled: useSignedIn() });
}

export function useTopUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { amountCents: number; idempotencyKey: string }) => mallHttp.post<BuyerMe>('/buyer/wallet/topup', { amountCents: input.amountCents }, { idempotencyKey: input.idempotencyKey }),
    onSuccess: (me) => client.setQueryData(mallKeys.me(), me),
  });
}

export function useDepositAddresses() {
  return useQuery({ queryKey: mallKeys.depositAddresses(), queryFn: ({ signal }) => mallHttp.get<DepositAddress[]>('/buyer/wallet/depositAddresses', undefined, { signal }), staleTime: 5 * 60_000, enabled: useSignedIn() });
}

/** How often the buyer's requests are asked again while one waits for the operator. */
const PENDING_DEPOSIT_POLL_MS = 10_000;

export function useBuyerDeposits() {
  return useQuery({
    queryKey: mallKeys.deposits(),
    queryFn: ({ signal }) => mallHttp.get<BuyerDeposit[]>('/buyer/wallet/deposits', undefined, { signal }),
    // The operator decides elsewhere: a waiting request is looked at again until it is decided.
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? PENDING_DEPOSIT_POLL_MS : false),
    enabled: useSignedIn(),
  });
}

export interface DepositInput {
  network: string;
  amount: string;
  fromAddress: string;
  screenshot: File;
}

/** Sends a deposit request (multipart, like the seller's) with the action's Idempotency-Key. */
export function submitBuyerDeposit(input: DepositInput, idempotencyKey: string): Promise<BuyerDeposit> {
  const form = new FormData();
  form.append('network', input.network);
  form.append('amount', input.amount);
  form.append('fromAddress', input.fromAddress);
  form.append('screenshot', input.screenshot, input.screenshot.name);
  return mallHttp.upload<BuyerDeposit>('/buyer/wallet/deposit', form, { idempotencyKey });
}

export function useAddresses() {
  return useQuery({ queryKey: mallKeys.addresses(), queryFn: ({ signal }) => mallHttp.get<BuyerAddress[]>('/buyer/addresses', undefined, { signal }), enabled: useSignedIn() });
}

export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddressInput & { id?: number; isDefault?: boolean }) => {
      const { id, ...body } = input;
      // The server answers the whole list, the default first.
      return id ? mallHttp.put<BuyerAddress[]>(`/buyer/addresses/${id}`, body) : mallHttp.post<BuyerAddress[]>('/buyer/addresses', body);
    },
    onSuccess: (list) => client.setQueryData(mallKeys.addresses(), list),
  });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => mallHttp.delete<BuyerAddress[]>(`/buyer/addresses/${id}`),
    onSuccess: (list) => client.setQueryData(mallKeys.addresses(), list),
  });
}

// Cart and checkout --------------------------------------------------------------------------

export function useCart() {
  return useQuery({ queryKey: mallKeys.cart(), queryFn: ({ signal }) => mallHttp.get<Cart>('/buyer/cart', undefined, { signal }), enabled: useSignedIn() });
}

export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: number; variantId?: number; quantity: number }) => mallHttp.post<Cart>('/buyer/cart', input),
    onSuccess: () => client.invalidateQueries({ queryKey: mallKeys.cart() }),
  });
}

export function useUpdateCartItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemId: number; quantity: number }) => mallHttp.put<Cart>(`/buyer/cart/${input.itemId}`, { quantity: input.quantity }),
    onSettled: () => client.invalidateQueries({ queryKey: mallKeys.cart() }),
  });
}

export function useRemoveCartItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => mallHttp.delete<Cart>(`/buyer/cart/${itemId}`),
    onSettled: () => client.invalidateQueries({ queryKey: mallKeys.cart() }),
  });
}

export interface CheckoutInput {
  itemIds: number[];
  addressId?: number;
  address?: AddressInput;
  claimId?: number;
  /** Claimed shop vouchers, at most one per shop. */
  voucherIds?: number[];
  idempotencyKey: string;
}

export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: CheckoutInput) => mallHttp.post<CheckoutAnswer>('/buyer/cart/checkout', body, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: mallKeys.buyer() }),
  });
}

// Coupons ---------------------------------------------------------------------------------------

export function useMyCoupons() {
  return useQuery({ queryKey: mallKeys.myCoupons(), queryFn: ({ signal }) => mallHttp.get<CouponClaim[]>('/buyer/coupons', undefined, { signal }), enabled: useSignedIn() });
}

export function useClaimCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (couponId: number) => mallHttp.post<unknown>('/buyer/coupons/claim', { couponId }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: mallKeys.coupons() }), client.invalidateQueries({ queryKey: mallKeys.myCoupons() })]),
  });
}

// Flash deals -----------------------------------------------------------------------------------

/** A shop's running flash deals (`shop`), or a product's (`product`); asked again every 30 s (units left, an early end). */
export function useMallDeals(of: 'shop' | 'product', id: number) {
  return useQuery({
    queryKey: [...mallKeys.deals(), of, id],
    queryFn: ({ signal }) => mallHttp.get<MallDeal[]>(`/mall/${of === 'shop' ? 'shops' : 'products'}/${id}/deals`, undefined, { signal }),
    enabled: id > 0,
    refetchInterval: 30_000,
  });
}

// Shop vouchers ---------------------------------------------------------------------------------

/** A shop's public vouchers running now (`shop`), or those that apply to a product (`product`). */
export function useMallVouchers(of: 'shop' | 'product', id: number) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: [...mallKeys.vouchers(), of, id, signedIn],
    queryFn: ({ signal }) => mallHttp.get<MallVoucher[]>(`/mall/${of === 'shop' ? 'shops' : 'products'}/${id}/vouchers`, undefined, { signal }),
    enabled: id > 0,
  });
}

/** The buyer's claimed vouchers still running (checkout picks from them). */
export function useMyVouchers() {
  return useQuery({ queryKey: mallKeys.myVouchers(), queryFn: ({ signal }) => mallHttp.get<MallVoucher[]>('/buyer/vouchers', undefined, { signal }), enabled: useSignedIn() });
}

function useVoucherClaimed() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: mallKeys.vouchers() }), client.invalidateQueries({ queryKey: mallKeys.myVouchers() })]);
}

export function useClaimVoucher() {
  const claimed = useVoucherClaimed();
  return useMutation({ mutationFn: (voucherId: number) => mallHttp.post<MallVoucher>('/buyer/vouchers/claim', { voucherId }, { silent: true }), onSuccess: claimed });
}

/** A code typed at checkout claims its voucher; the caller shows a refusal beside the field. */
export function useRedeemVoucher() {
  const claimed = useVoucherClaimed();
  return useMutation({ mutationFn: (body: { shopId: number; code: string }) => mallHttp.post<MallVoucher>('/buyer/vouchers/redeem', body, { silent: true }), onSuccess: claimed });
}

// Orders ----------------------------------------------------------------------------------------

export function useOrders(tab: OrderTab) {
  return useInfiniteQuery({
    queryKey: mallKeys.orders(tab),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => mallHttp.get<Paged<BuyerOrder>>('/buyer/orders', { status: tab, page: pageParam, pageSize: 10 }, { signal }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: useSignedIn(),
  });
}

export function useOrder(orderId: string) {
  return useQuery({ queryKey: mallKeys.order(orderId), queryFn: ({ signal }) => mallHttp.get<BuyerOrderDetail>(`/buyer/orders/${encodeURIComponent(orderId)}`, undefined, { signal }), enabled: useSignedIn() && orderId !== '' });
}

function useOrderAction<T>(run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: mallKeys.buyer() }) });
}

export function useCancelOrder() {
  return useOrderAction((input: { orderId: string; idempotencyKey: string }) => mallHttp.post('/buyer/cancel', { orderId: input.orderId }, { idempotencyKey: input.idempotencyKey }));
}

/** "Order received": signs a delivered order, which settles it (a retry with the same key answers the same). */
export function useConfirmReceipt() {
  return useOrderAction((input: { orderId: string; idempotencyKey: string }) => mallHttp.post('/buyer/confirmReceipt', { orderId: input.orderId }, { idempotencyKey: input.idempotencyKey }));
}

export function useRefundOrder() {
  return useOrderAction((input: { orderId: string; reason: RefundReason; note: string }) => mallHttp.post('/buyer/refund', input));
}

export function useReviewOrder() {
  return useOrderAction((input: { orderId: string; rating: number; content: string; images: string[] }) => mallHttp.post('/buyer/review', input));
}
