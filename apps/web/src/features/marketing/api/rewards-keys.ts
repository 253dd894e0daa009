/** The one query-key factory of the reward activities; a claim or a couple answer invalidates them all. */
export const rewardKeys = {
  all: ['rewards'] as const,
  activities: () => [...rewardKeys.all, 'activities'] as const,
};

/** The header's VIP tag query (features/dashboard/api/user-level.ts), refreshed when a level may have moved. */
export const userLevelKeyPrefix = ['shop', 'userLevel'] as const;
export const userLevelKey = (shopId: string | null) => [...userLevelKeyPrefix, shopId] as const;
