/**
 * The mall API's answers (packages/shared/src/mall/schemas.ts), imported as types only: the
 * schemas themselves (zod) stay out of the mall's chunk, the server validates.
 */
import type {
  AddressView,
  BuyerMe,
  buyerDepositRow,
  BuyerOrderDetail,
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
import type { MallDealView } from '@shopdesk/shared/marketing/deals';
import type { MallVoucherView } from '@shopdesk/shared/marketing/vouchers';
import type { BuyerOrderTab } from '@shopdesk/shared/orders/lifecycle';
import type { buyerLoginAnswer } from '@shopdesk/shared/orders/schemas';
import type { DepositAddress } from '@shopdesk/shared/wallet/transactions';
import type { z } from 'zod';

export type { BuyerMe, BuyerOrderDetail, CheckoutAnswer, DepositAddress, ProductCard };
export type MallHome = HomeAnswer;
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
export type MallVoucher = MallVoucherView;
export type MallDeal = MallDealView;
export type BuyerOrder = MallOrderView;
export type OrderTab = BuyerOrderTab;
export type Sort = MallSort;
/** A deposit request as the buyer sees it (its dates arrive as ISO text). */
export type BuyerDeposit = Omit<z.infer<typeof buyerDepositRow>, 'createdAt' | 'decidedAt'> & { createdAt: string; decidedAt: string | null };
export type DepositStatus = BuyerDeposit['status'];

/** The sorts in display order (the shared enum's values, checked against its type). */
export const SORTS = ['recommended', 'sales', 'views', 'rating', 'newest', 'price_asc', 'price_desc'] as const satisfies readonly MallSort[];
