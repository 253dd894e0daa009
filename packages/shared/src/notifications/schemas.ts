import { z } from 'zod';
import { NOTIFICATIONS } from '../constants.ts';
import { envelope } from '../envelope.ts';
import type { NotificationMessage } from './codes.ts';

/** Request and response schemas of the notification routes (SPEC §4, §7; docs/decisions.md, "Notifications"). */

export const notificationMessage = z.object({
  id: z.number().int(),
  title: z.number().int(),
  content: z.number().int(),
  createdAt: z.string(),
  unread: z.boolean(),
  orderId: z.string().nullable(),
  productName: z.string().optional(),
  variantName: z.string().optional(),
}) satisfies z.ZodType<NotificationMessage>;

/** POST /api/sse/ticket */
export const streamTicket = z.object({ ticket: z.string(), expiresAt: z.string() });
export const streamTicketAnswer = envelope(streamTicket);
export type StreamTicket = z.infer<typeof streamTicket>;

/** GET /api/sse/connect/{userId} */
export const streamConnectParams = z.object({ userId: z.coerce.number().int() });
export const streamConnectQuery = z.object({
  ticket: z.string().max(200).optional(),
  lastEventId: z.coerce.number().int().min(0).optional(),
  /**
   * `1`: a page's first connection, whose lastEventId is the newest notification it shows. The
   * notifications after it replay, while chat starts at the newest chat event (the page loaded its
   * conversations itself); only a reconnection replays chat events.
   */
  first: z.enum(['1']).optional(),
});

/** POST /api/sse/updateMsg, and POST /api/notifications/readAll (the same answer) */
export const markReadBody = z.object({ ids: z.array(z.number().int().positive()).max(NOTIFICATIONS.MARK_READ_MAX) });
export const markReadAnswer = envelope(z.object({ updated: z.number().int() }));

/** GET /api/notifications/unread */
export const unreadNotifications = z.object({ list: z.array(notificationMessage), unreadCount: z.number().int() });
export const unreadNotificationsAnswer = envelope(unreadNotifications);
export type UnreadNotifications = z.infer<typeof unreadNotifications>;

/** GET /api/notifications/list */
export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(NOTIFICATIONS.PAGE_SIZE_MAX).default(NOTIFICATIONS.PAGE_SIZE_DEFAULT),
  status: z.enum(['all', 'unread']).default('all'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;
export const notificationPage = z.object({
  list: z.array(notificationMessage),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  unreadCount: z.number().int(),
});
export const notificationPageAnswer = envelope(notificationPage);
export type NotificationPage = z.infer<typeof notificationPage>;
