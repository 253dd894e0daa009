import type { SellerConversationListBody } from '@shopdesk/shared/chat/schemas';

/** The chat queries' keys, apart from the queries (the start's batch seeds the unread badge by its key). */

export type ConversationListInput = Pick<SellerConversationListBody, 'filter' | 'q' | 'orderId'>;

export const chatKeys = {
  all: ['chat'] as const,
  unread: () => ['chat', 'unread'] as const,
  conversations: () => ['chat', 'conversations'] as const,
  conversationList: (input: ConversationListInput) => ['chat', 'conversations', input] as const,
  messages: (conversationId: number) => ['chat', 'messages', conversationId] as const,
  buyerOrders: (conversationId: number) => ['chat', 'buyerOrders', conversationId] as const,
  quickReplies: () => ['chat', 'quickReplies'] as const,
  image: (url: string) => ['chat', 'image', url] as const,
  responseRate: () => ['chat', 'responseRate'] as const,
  settings: () => ['chat', 'settings'] as const,
};
