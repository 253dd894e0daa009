import type { PurchaseHistoryFilters } from '@shopdesk/shared/marketing/packages-schemas';

/** The one query-key factory of promotion packages; a purchase invalidates them all. */
export const packageKeys = {
  all: ['packages'] as const,
  offers: () => [...packageKeys.all, 'offers'] as const,
  histories: () => [...packageKeys.all, 'history'] as const,
  history: (q: PurchaseHistoryFilters) => [...packageKeys.histories(), q] as const,
  infiniteHistory: (q: PurchaseHistoryFilters) => [...packageKeys.histories(), 'infinite', q] as const,
};
