import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ORDERS } from '@shopdesk/shared/constants';
import { buyerSessionStore, mallHttp } from '../api/buyer-session.ts';
import { mallKeys, useAddToCart } from '../api/mall-api.ts';
import type { Cart, ProductDetail } from '../api/types.ts';
import { chosenVariant, hasOptions, initialChoice, matching, offeredOptions, openAxes, pick, priceSpan, sharedImage, stockOf, valueAvailable, type VariantChoice } from '../logic/variants.ts';
import { useMallFormat } from '../components/ui.tsx';
import { showError, showToast } from '../components/toast.ts';

/**
 * The product page's buying state: the variant choice (one value per option axis), what follows it
 * (price or price range, stock, picture), the quantity, and "add to cart" / "buy now". Without a full
 * choice both only say which axes are still open; with one they send its variant.
 */
export function useProductBuy(product: ProductDetail) {
  const f = useMallFormat();
  const navigate = useNavigate();
  const client = useQueryClient();
  const add = useAddToCart();
  const options = useMemo(() => offeredOptions(product), [product]);
  const [choice, setChoice] = useState<VariantChoice>(() => initialChoice({ options }));
  const [quantity, setQuantity] = useState(1);
  // Shown after a press without a full choice (seq tells each press apart); cleared by the next pick.
  const [missing, setMissing] = useState<{ text: string; seq: number } | null>(null);

  const withOptions = hasOptions(product);
  const variant = chosenVariant(product, choice);
  const possible = useMemo(() => (withOptions ? matching(product.variants, choice) : product.variants), [withOptions, product.variants, choice]);
  const span = withOptions && !variant ? priceSpan(possible) : null;
  const stock = variant ? variant.stock : withOptions ? stockOf(possible) : product.stock;
  const soldOut = stock <= 0;
  const max = Math.min(variant ? variant.stock : product.stock, ORDERS.QUANTITY_MAX);
  const image = variant ? variant.image : sharedImage(possible);

  const axes = options.map((axis, index) => ({
    name: axis.name,
    chosen: choice[index] ?? null,
    values: axis.values.map((value) => ({ value, available: valueAvailable(product.variants, choice, index, value) })),
  }));

  const choose = (axis: number, value: string) => {
    setChoice((prev) => pick(prev, axis, value));
    setMissing(null);
    setQuantity(1);
  };

  const buy = async (then: 'stay' | 'checkout') => {
    if (withOptions && !variant) {
      const open = openAxes({ options }, choice);
      const list = new Intl.ListFormat(f.locale, { type: 'conjunction' }).format(open.length > 0 ? open : options.map((a) => a.name));
      setMissing((prev) => ({ text: f.t('product.chooseOptions', { options: list }), seq: (prev?.seq ?? 0) + 1 }));
      return;
    }
    if (!buyerSessionStore.get()) {
      void navigate(`/mall/login?next=${encodeURIComponent(`/mall/product/${product.productId}`)}`);
      return;
    }
    try {
      await add.mutateAsync({ productId: product.productId, quantity, ...(withOptions && variant ? { variantId: variant.id } : {}) });
      if (then === 'stay') {
        showToast(f.t('product.added'));
        return;
      }
      const cart = await client.fetchQuery({ queryKey: mallKeys.cart(), queryFn: () => mallHttp.get<Cart>('/buyer/cart'), staleTime: 0 });
      const line = cart.shops.flatMap((s) => s.items).find((item) => item.productId === product.productId && (!variant || item.variantId === variant.id));
      void navigate(line ? `/mall/checkout?items=${line.itemId}` : '/mall/cart');
    } catch (error) {
      showError(error, f.t('state.error'));
    }
  };

  return { withOptions, axes, choose, variant, span, stock, soldOut, max, image, quantity, setQuantity, missing, pending: add.isPending, buy };
}
