import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ActivePackageView, BuyPackageAnswer, PackageOffer, PackagesAnswer } from '@shopdesk/shared/marketing/packages-schemas';
import type { PackageType } from '@shopdesk/shared/products/packages';
import { useMoneyAction, type MoneyFailure, type MoneyResult } from '../../../lib/money-action.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { orderKeys } from '../../orders/api/orders-api.ts';
import { productKeys } from '../../products/api/products-api.ts';
import { usePermissions } from '../../users/api/permissions.ts';
import { walletKeys } from '../../wallet/api/wallet-api.ts';
import { buyPackage, type BuyPackageInput } from '../api/packages-buy.ts';
import { packageKeys } from '../api/packages-keys.ts';

/**
 * The package the seller chose, with the active package and the balance as they were when the
 * dialog opened (the dialog keeps showing them after the purchase refreshed the page).
 */
export interface PackageChoice {
  offer: PackageOffer;
  active: ActivePackageView | null;
  availableCents: number;
}

/** The choice of `type` from the packages answer. */
export function choiceOf(data: PackagesAnswer, type: PackageType): PackageChoice | null {
  const offer = data.packages.find((p) => p.type === type);
  return offer ? { offer, active: data.active, availableCents: data.availableCents } : null;
}

/**
 * Who may buy a package: the server refuses `buyPackage` without marketing edit (403 naming the
 * permission). `canBuy` is false while the role is still loading; `adminOnly` (the reason, `denied`,
 * is shown) only once it is known the role does not allow it.
 */
export function usePackageBuyer(): { canBuy: boolean; adminOnly: boolean; denied: string } {
  const permissions = usePermissions();
  const canBuy = permissions.can('marketing:edit');
  return { canBuy, adminOnly: !permissions.isPending && !canBuy, denied: permissions.reason('marketing:edit') };
}

/**
 * Buying a promotion package with the fund password, for the desktop dialog and the phone sheet
 * alike: the price against the available balance (`short` warns and blocks before paying), the
 * rule of buying now (new, extend, upgrade, refused) from the offer, one Idempotency-Key per
 * request, the refusals mapped, and the packages, wallet and recommendation queries refreshed.
 */
export function usePackagePurchase(choice: PackageChoice | null) {
  const offer = choice?.offer ?? null;
  const availableCents = choice?.availableCents ?? null;
  const { t } = useFormat('packages');
  const { canBuy, denied } = usePackageBuyer();
  const queryClient = useQueryClient();
  const settled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: packageKeys.all }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: orderKeys.balance() }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
    ]);
  const action = useMoneyAction<BuyPackageInput, BuyPackageAnswer>({ send: buyPackage, settled, fallbackText: t('common:http.requestFailed') });
  const [failure, setFailure] = useState<MoneyFailure | null>(null);
  const [answer, setAnswer] = useState<BuyPackageAnswer | null>(null);
  const priceCents = offer?.priceCents ?? 0;
  const allowed = offer?.plan.allowed ?? false;

  /** Pays with `fundPassword`; answers null when a purchase is already in flight. */
  const submit = async (fundPassword: string): Promise<MoneyResult<BuyPackageAnswer> | null> => {
    if (!offer || !canBuy) return null;
    setFailure(null);
    const result = await action.run({ type: offer.type, fundPassword });
    if (!result) return null;
    if (result.ok) setAnswer(result.answer);
    else setFailure(result.failure);
    return result;
  };

  /** The dialog or sheet closed: the next purchase is a new request. */
  const reset = () => {
    action.reset();
    setFailure(null);
    setAnswer(null);
  };

  return {
    offer,
    priceCents,
    availableCents,
    /** The balance after paying (null until the balance is known). */
    afterCents: availableCents === null ? null : availableCents - priceCents,
    /** The balance does not cover the price: warn, link to the deposit, do not pay. */
    short: availableCents !== null && availableCents < priceCents,
    /** Whether this package may be bought now (not a lower tier while a higher one runs). */
    allowed,
    /** An ordinary user: the server would refuse (403), so nothing is asked for and nothing sent. */
    adminOnly: !canBuy,
    denied,
    ready: canBuy && availableCents !== null && allowed && availableCents >= priceCents,
    pending: action.pending,
    failure,
    answer,
    submit,
    reset,
  };
}

/** The texts every package card and dialog shows: names, what a package gives, the rule of buying now. */
export function usePackageTexts() {
  const f = useFormat('packages');
  return useMemo(() => packageTexts(f), [f]);
}

function packageTexts(f: ReturnType<typeof useFormat>) {
  const { t } = f;
  return {
    f,
    name: (type: string) => t(`names.${type}`),
    gives: (offer: Pick<PackageOffer, 'maxRecommended' | 'guaranteedExposure'>) => t('packages.gives', { products: offer.maxRecommended, exposure: offer.guaranteedExposure.toLocaleString(f.locale) }),
    /** The label of a card's button: buy, extend, upgrade, or not available now. */
    action: (offer: PackageOffer) => {
      if (!offer.plan.allowed) return t('packages.unavailable');
      return t(offer.plan.mode === 'extend' ? 'packages.extend' : offer.plan.mode === 'upgrade' ? 'packages.upgrade' : 'packages.buy');
    },
    /** What buying this package now does (SPEC §2 dialog; docs/decisions.md, "Buying a package while one runs"). */
    rule: (offer: PackageOffer, active: ActivePackageView | null) => {
      const { plan } = offer;
      const expiry = f.date(plan.expiresAt);
      if (plan.mode === 'new') return t('packages.rule.new', { days: offer.validityDays, expiry });
      if (plan.mode === 'extend') return t('packages.rule.extend', { days: offer.validityDays, expiry });
      if (plan.mode === 'upgrade') return t('packages.rule.upgrade', { from: active ? t(`names.${active.type}`) : '', credited: plan.creditedDays, expiry });
      return t('packages.rule.downgrade', { active: active ? t(`names.${active.type}`) : '', until: f.date(active?.expiresAt) });
    },
  };
}
