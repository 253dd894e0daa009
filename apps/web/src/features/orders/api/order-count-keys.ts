/** The pending-orders count's query key prefix (GET /api/order/getPurchaseOrderCount, pending-count.ts), free of the query hooks so the start's batch can name it. */
export const pendingCountKey = ['orders', 'pendingCount'] as const;
