import { useState } from 'react';
import type { ActivitiesAnswer, CoupleActivity, CoupleRequest, NextTier, RewardActivity, RewardTier } from '@shopdesk/shared/marketing/rewards-schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { notify } from '../../../lib/notifier.ts';
import { parseShopId, percentToNext, type ClaimableBonus } from './rewards-progress.ts';
import { useActivitiesView } from './use-activities-view.ts';
import { useClaimReward } from './use-claim-reward.ts';
import { useCoupleActions } from './use-couple-actions.ts';

/** The next tier's line: "Tier 3: 42,920.00 USDT", "8,000.00 USDT to go"; null when every tier is reached. */
function nextLine(t: ReturnType<typeof useFormat>['t'], usdt: (cents: number) => string, next: NextTier, label: string) {
  return next ? { label, toGo: t('vip.toGo', { amount: usdt(next.remainingCents) }) } : null;
}

/**
 * The activity centre on both devices (the desktop's activity page, the phone's /m/activity-center):
 * both activities with the shop's state in each and how many bonuses wait in each, and the
 * bonuses to claim with their total.
 */
export function useActivityCentre(data: ActivitiesAnswer, claimable: ClaimableBonus[]) {
  const { t, usdt } = useFormat('activity');
  const { link, outgoing, incoming } = data.couple;
  const coupleState = link
    ? t('centre.linkedWith', { name: link.partner.shopName })
    : outgoing
      ? t('centre.awaitingWith', { name: outgoing.to.shopName })
      : incoming[0]
        ? t('centre.askedBy', { name: incoming[0].from.shopName })
        : t('centre.notLinked');
  const count = (activity: RewardActivity) => claimable.filter((c) => c.activity === activity).length;
  return {
    title: t('centre.title'),
    activities: [
      { key: 'vip', name: t('centre.vipName'), desc: t('centre.vipDesc'), state: t('centre.levelState', { level: data.vip.level }), count: count('vip') },
      { key: 'couple', name: t('centre.coupleName'), desc: t('centre.coupleDesc'), state: coupleState, count: count('couple') },
    ] as const,
    claimableTitle: t('centre.claimableTitle'),
    /** The total of the bonuses waiting, or null when none does. */
    claimableTotal: data.claimableCount > 0 ? usdt(data.claimableCents) : null,
    nothingToClaim: t('centre.nothingToClaim'),
  };
}

/**
 * Couple linking on both devices (SPEC §4): which of its states the shop is in (linked, awaiting
 * the partner, asked by others, free to apply), the shop id typed to apply with, the answer to a
 * request with its confirmation texts, and the progress to the next couple tier.
 */
export function useCoupleSection(couple: CoupleActivity) {
  const { t, usdt, date, dateTime } = useFormat('activity');
  const actions = useCoupleActions();
  const [shopId, setShopId] = useState('');
  const { link, outgoing, incoming } = couple;
  return {
    link,
    outgoing,
    incoming,
    /** Nothing sent, nothing linked, nobody asking: the form to apply shows. */
    canApply: !link && !outgoing && incoming.length === 0,
    shopId,
    setShopId,
    applying: actions.applying,
    /**
     * The confirmation to show before a link request goes out (a link can never be undone), or
     * null when the typed id is not one (the message says so and nothing is asked).
     */
    applyConfirm: () => {
      const id = parseShopId(shopId);
      if (id === null) {
        notify.error(t('couple.shopIdInvalid'));
        return null;
      }
      return { title: t('couple.applyTitle'), content: t('couple.applyConfirm', { id }), okText: t('couple.apply'), cancelText: t('common:actions.cancel') };
    },
    apply: async () => {
      if (await actions.applyTo(shopId)) setShopId('');
    },
    confirmOf: actions.confirmOf,
    respond: (request: CoupleRequest, accept: boolean) => actions.respondTo(request, accept),
    responding: actions.responding,
    linkedDetail: link ? t('couple.linkedDetail', { name: link.partner.shopName, id: link.partner.shopId, date: date(link.linkedAt) }) : '',
    awaitingDetail: outgoing ? t('couple.awaitingDetail', { name: outgoing.to.shopName, id: outgoing.to.shopId, date: dateTime(outgoing.expiresAt) }) : '',
    incomingDetail: (request: CoupleRequest) => t('couple.incomingDetail', { name: request.from.shopName, id: request.from.shopId }),
    progress: usdt(couple.progressCents),
    percent: percentToNext(couple.progressCents, couple.tiers, couple.next),
    next: nextLine(t, usdt, couple.next, couple.next ? `${t('couple.tierN', { tier: couple.next.tier })}: ${usdt(couple.next.thresholdCents)}` : ''),
    basis: link?.basis === 'combined' ? t('couple.basisCombined') : t('couple.basisOwn'),
  };
}

/**
 * The shop upgrade (VIP) activity on both devices: the activities answer, the claim, and for the
 * VIP part the level, the top-up, the progress to the next level and the bonuses waiting.
 */
export function useVipActivity() {
  const { t, usdt } = useFormat('activity');
  const { query } = useActivitiesView();
  const claim = useClaimReward();
  const view = (vip: ActivitiesAnswer['vip']) => ({
    level: t('vip.levelN', { level: vip.level }),
    topUp: usdt(vip.topUpCents),
    percent: percentToNext(vip.topUpCents, vip.tiers, vip.next),
    next: nextLine(t, usdt, vip.next, vip.next ? t('vip.next', { level: vip.next.tier, amount: usdt(vip.next.thresholdCents) }) : ''),
    maxed: t('vip.maxed'),
    claimableCount: vip.tiers.filter((tier) => tier.state === 'claimable').length,
  });
  return { query, claim, view };
}

/** The rows of an activity's tier list on both devices: name, threshold, bonus, exposure (VIP), state. */
export function useRewardTiers(activity: RewardActivity, tiers: RewardTier[]) {
  const { t, usdt, date } = useFormat('activity');
  const vip = activity === 'vip';
  return {
    labels: {
      tier: vip ? t('vip.level') : t('couple.tier'),
      threshold: vip ? t('vip.threshold') : t('couple.threshold'),
      bonus: vip ? t('vip.bonus') : t('couple.bonus'),
      exposure: vip ? t('vip.exposure') : null,
      state: vip ? t('vip.state') : t('couple.state'),
      action: t('claim.action'),
    },
    rows: tiers.map((row) => ({
      row,
      name: vip ? t('vip.levelN', { level: row.tier }) : t('couple.tierN', { tier: row.tier }),
      threshold: usdt(row.thresholdCents),
      bonus: usdt(row.bonusCents),
      exposure: vip ? `+${row.exposurePct}%` : null,
      state: t(`states.${row.state}`),
      receivedOn: row.state === 'received' ? t('claim.receivedOn', { date: date(row.receivedAt) }) : null,
      bonusToClaim: { activity, tier: row.tier, bonusCents: row.bonusCents },
    })),
  };
}
