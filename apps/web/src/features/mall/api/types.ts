/**
 * The mall API's answers (packages/shared/src/mall/schemas.ts), imported as types only: the
 * schemas themselves (zod) stay out of the mall's chunk, the server validates.
 */
import type {
  AddressView,
  BuyerMe,
  BuyerOrderDetail,
  BuyerOrderStatus,
  CartAnswer,
  CheckoutAnswer,
  CouponView,
  HomeAnswer,
  MallOrderView,
  MallProductView,
  MallReviewView,
  MallSort,
  MyCouponView,
  ProductCard,
  ProductListAnswer,
  ReceiverBody,
  ShopView,
} from '@shopdesk/shared/mall/schemas';
import type { buyerLoginAnswer } from '@shopdesk/shared/orders/schemas';
import type { z } from 'zod';

export type { BuyerMe, BuyerOrderDetail, CheckoutAnswer, ProductCard };
export type MallHome = HomeAnswer;
export type MallBanner = HomeAnswer['banners'][number];
export type ProductPage = ProductListAnswer;
export type ProductDetail = MallProductView;
export type MallReview = MallReviewView;
export type MallShop = ShopView;
export type BuyerLoginAnswer = z.infer<typeof buyerLoginAnswer>;
export type AddressInput = Required<ReceiverBody>;
export type BuyerAddress = AddressView;
export type Cart = CartAnswer;
export type CartShop = CartAnswer['shops'][number];
export type CartItem = CartShop['items'][number];
export type MallCoupon = CouponView;
export type CouponClaim = MyCouponView;
export type BuyerOrder = MallOrderView;
export type OrderTab = BuyerOrderStatus;
export type Sort = MallSort;

/** The order tabs and sorts in display order (the shared enums' values, checked against their types). */
export const ORDER_TABS = ['all', 'unpaid', 'to_ship', 'shipping', 'signed', 'refund'] as const satisfies readonly BuyerOrderStatus[];
export const SORTS = ['recommended', 'sales', 'views', 'rating', 'newest', 'price_asc', 'price_desc'] as const satisfies readonly MallSort[];
