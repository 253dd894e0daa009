/** Notification title and content codes of SPEC §3. */
export const NOTIFICATION_TITLE = { NEW_ORDER: 0, REFUND_REQUEST: 1, COUPLE_OR_ACTIVITY: 2 } as const;
export const NOTIFICATION_CONTENT = { NEW_ORDER: 0, REFUND_REQUEST: 1, COUPLE_REQUEST: 2 } as const;

export interface NotificationMessage {
  id: number;
  title: number;
  content: number;
  createdAt: string;
  unread: boolean;
  orderId?: string | null;
}
