import { useState } from 'react';
import type { PackagesAnswer } from '@shopdesk/shared/marketing/packages-schemas';
import type { PackageType } from '@shopdesk/shared/products/packages';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { usePackageOffers } from '../api/packages-offers.ts';
import { choiceOf, usePackageBuyer, usePackageTexts, type PackageChoice } from './use-package-purchase.ts';

const TABS = ['packages', 'history'] as const;
export type PackagesTab = (typeof TABS)[number];

const parseTab = (search: URLSearchParams): PackagesTab => (search.get('tab') === 'history' ? 'history' : 'packages');

/**
 * The packages page on both devices: the packages answer, the package chosen to buy (its dialog or sheet
 * opens), and the phone's tab (packages or purchase history, `?tab=history`; the desktop shows the
 * history on a page of its own).
 */
export function usePackagesScreen() {
  const offers = usePackageOffers();
  const [choice, setChoice] = useState<PackageChoice | null>(null);
  const [tab, update] = useSearchState(parseTab, {});
  return {
    offers,
    choice,
    buy: (data: PackagesAnswer, type: PackageType) => setChoice(choiceOf(data, type)),
    closePurchase: () => setChoice(null),
    tabs: TABS,
    tab,
    setTab: (next: PackagesTab) => update({ tab: next === 'history' ? next : undefined }, { replace: true }),
  };
}

/**
 * What the packages page shows on both devices: the active package with its days left, whether it
 * expires soon, the explanation an ordinary user gets, and each package's card (price, whether it
 * is the active one, the rule of buying it now, the button's label and whether it may be pressed).
 */
export function usePackageCards(data: PackagesAnswer) {
  const texts = usePackageTexts();
  const { f } = texts;
  const { t } = f;
  const buyer = usePackageBuyer();
  const { active } = data;
  return {
    texts,
    /** "Gold · N days left" (the phone), or a dash without a package. */
    current: active ? `${texts.name(active.type)} · ${t('packages.daysLeft', { days: active.daysLeft })}` : '—',
    /** "Gold · active until … · N days left" (the desktop's wider status line). */
    currentLong: active ? `${texts.name(active.type)} · ${t('packages.activeUntil', { date: f.date(active.expiresAt) })} · ${t('packages.daysLeft', { days: active.daysLeft })}` : '—',
    none: !active,
    expiringSoon: Boolean(active && active.daysLeft <= data.reminderDays),
    expiringText: t('packages.expiringSoon', { days: data.reminderDays }),
    adminOnly: buyer.adminOnly,
    denied: buyer.denied,
    cards: data.packages.map((offer) => {
      const own = active?.type === offer.type ? active : null;
      return {
        offer,
        name: texts.name(offer.type),
        price: f.usdt(offer.priceCents),
        active: own !== null,
        activeUntil: own ? t('packages.activeUntil', { date: f.date(own.expiresAt) }) : null,
        activeLine: own ? `${t('packages.activeUntil', { date: f.date(own.expiresAt) })} · ${t('packages.daysLeft', { days: own.daysLeft })}` : null,
        rule: texts.rule(offer, active),
        refused: !offer.plan.allowed,
        action: texts.action(offer),
        canBuy: offer.plan.allowed && buyer.canBuy,
      };
    }),
  };
}
