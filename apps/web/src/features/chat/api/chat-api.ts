import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatMessage,
  ChatMessagePage,
  ChatUnread,
  OrderCard,
  QuickReply,
  ResponseRate,
  SellerConversationPage,
} from '@shopdesk/shared/chat/schemas';
import { API_BASE, http, requestFile } from '../../../lib/http.ts';
import { usePermissions } from '../../users/api/permissions.ts';
import { chatKeys, type ConversationListInput } from './chat-keys.ts';

/** The seller's side of chat with buyers (/api/chat/*, docs/decisions.md "Chat"). */

export { chatKeys, type ConversationListInput };

/** How many conversations the inbox asks for at once (the API's page size at most). */
export const CONVERSATIONS_PAGE = 50;


export const chatUnreadQuery = queryOptions({
  queryKey: chatKeys.unread(),
  queryFn: ({ signal }) => http.get<ChatUnread>('/chat/unread', undefined, { signal, silent: true }),
  refetchOnWindowFocus: true,
});

/** The shop's unread buyer messages (the sidebar's and the shop home's badge); nothing for a role without chat. */
export function useChatUnreadCount(): number {
  const { can } = usePermissions();
  return useQuery({ ...chatUnreadQuery, enabled: can('chat:view'), select: (data) => data.messages }).data ?? 0;
}

export function fetchConversations(input: ConversationListInput & { pageSize?: number; cursor?: string }, signal?: AbortSignal, silent = false): Promise<SellerConversationPage> {
  const body = { page: 1, pageSize: input.pageSize ?? CONVERSATIONS_PAGE, filter: input.filter, q: input.q || undefined, orderId: input.orderId || undefined, cursor: input.cursor };
  return http.post<SellerConversationPage>('/chat/conversations', body, { signal, offlineRead: true, silent });
}

export function useConversations(input: ConversationListInput) {
  return useQuery({
    queryKey: chatKeys.conversationList(input),
    queryFn: ({ signal }) => fetchConversations(input, signal),
    placeholderData: keepPreviousData,
  });
}

/** Messages a conversation loads at once: the newest when it opens, then older ones on demand. */
export const MESSAGES_PAGE = 100;

export function fetchMessages(conversationId: number, beforeId: number | undefined, signal?: AbortSignal): Promise<ChatMessagePage> {
  return http.get<ChatMessagePage>('/chat/messages', { conversationId, limit: MESSAGES_PAGE, ...(beforeId ? { beforeId } : {}) }, { signal });
}

/**
 * A conversation's messages, oldest first: the newest page, with the older pages the seller loaded
 * kept across a refetch (refetchedPage) so reading back is not lost when the stream or focus refreshes.
 */
export function useMessages(conversationId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.messages(conversationId ?? 0),
    queryFn: async ({ signal }) => {
      const fresh = await fetchMessages(conversationId ?? 0, undefined, signal);
      return refetchedPage(queryClient.getQueryData<ChatMessagePage>(chatKeys.messages(conversationId ?? 0)), fresh);
    },
    enabled: conversationId !== null,
  });
}

/**
 * The cached page after a refetch of the newest messages: the fresh ones, and the older ones held
 * before when the two meet (the fresh page reaches back to a held message); else the fresh page alone.
 */
export function refetchedPage(held: ChatMessagePage | undefined, fresh: ChatMessagePage): ChatMessagePage {
  if (!held || held.list.length === 0 || !fresh.hasMore) return fresh;
  const oldestFresh = fresh.list[0]?.id;
  const heldIds = new Set(held.list.map((m) => m.id));
  if (oldestFresh === undefined || !heldIds.has(oldestFresh)) return fresh;
  const older = held.list.filter((m) => m.id < oldestFresh);
  return { list: [...older, ...fresh.list], hasMore: held.hasMore };
}

/** Puts a page of older messages before a conversation's cached ones. */
export function prependOlder(page: ChatMessagePage | undefined, older: ChatMessagePage): ChatMessagePage | undefined {
  if (!page) return page;
  const oldest = page.list[0]?.id ?? Infinity;
  return { list: [...older.list.filter((m) => m.id < oldest), ...page.list], hasMore: older.hasMore };
}

export function useBuyerOrders(conversationId: number | null) {
  return useQuery({
    queryKey: chatKeys.buyerOrders(conversationId ?? 0),
    queryFn: ({ signal }) => http.get<OrderCard[]>('/chat/buyerOrders', { conversationId: conversationId ?? 0 }, { signal }),
    enabled: conversationId !== null,
  });
}

/** The shop's chat response over 30 days (the dashboard's and the shop health page's card); nothing for a role without chat. */
export function useResponseRate(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.responseRate(),
    queryFn: ({ signal }) => http.get<ResponseRate>('/chat/responseRate', undefined, { signal }),
    enabled,
  });
}

export function useQuickReplies(enabled = true) {
  return useQuery({
    queryKey: chatKeys.quickReplies(),
    queryFn: ({ signal }) => http.get<QuickReply[]>('/chat/quickReplies', undefined, { signal }),
    enabled,
  });
}

/** A chat picture, fetched with the seller's token, as an object URL (kept while cached). */
export function useChatImage(url: string | null) {
  return useQuery({
    queryKey: chatKeys.image(url ?? ''),
    queryFn: async ({ signal }) => {
      const path = (url ?? '').startsWith(API_BASE) ? (url ?? '').slice(API_BASE.length) : (url ?? '');
      const { blob } = await requestFile(path, { method: 'GET', signal, silent: true });
      return URL.createObjectURL(blob);
    },
    enabled: url !== null,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
}

/** Puts sent or arrived messages into a conversation's cached page (by id, oldest first). */
export function mergeIntoPage(page: ChatMessagePage | undefined, messages: readonly ChatMessage[]): ChatMessagePage | undefined {
  if (!page) return page;
  const byId = new Map(page.list.map((m) => [m.id, m]));
  for (const m of messages) byId.set(m.id, { ...byId.get(m.id), ...m });
  return { ...page, list: [...byId.values()].sort((a, b) => a.id - b.id) };
}

export function useChatMutations() {
  const queryClient = useQueryClient();
  const afterSend = (conversationId: number, sent: ChatMessage[]) => {
    queryClient.setQueryData<ChatMessagePage>(chatKeys.messages(conversationId), (page) => mergeIntoPage(page, sent));
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
  };
  const refreshReplies = () => void queryClient.invalidateQueries({ queryKey: chatKeys.quickReplies() });
  return {
    send: useMutation({
      mutationFn: (input: { conversationId: number; text?: string; voucherId?: number }) => http.post<ChatMessage[]>('/chat/send', input),
      onSuccess: (sent, input) => afterSend(input.conversationId, sent),
    }),
    sendImage: useMutation({
      mutationFn: (input: { conversationId: number; file: File }) => {
        const form = new FormData();
        form.append('conversationId', String(input.conversationId));
        form.append('image', input.file);
        return http.upload<ChatMessage[]>('/chat/sendImage', form);
      },
      onSuccess: (sent, input) => afterSend(input.conversationId, sent),
    }),
    markRead: useMutation({
      mutationFn: (input: { conversationId: number; upToId: number }) =>
        http.post<{ readUpToId: number }>('/chat/read', { ...input, state: 'read' }, { silent: true }),
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
      },
    }),
    block: useMutation({
      mutationFn: (input: { conversationId: number; blocked: boolean }) =>
        http.post<{ blocked: boolean }>(input.blocked ? '/chat/block' : '/chat/unblock', { conversationId: input.conversationId }),
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() }),
    }),
    createReply: useMutation({ mutationFn: (text: string) => http.post<QuickReply>('/chat/quickReplies/create', { text }), onSuccess: refreshReplies }),
    updateReply: useMutation({ mutationFn: (input: { id: number; text: string }) => http.post<QuickReply>('/chat/quickReplies/update', input), onSuccess: refreshReplies }),
    deleteReply: useMutation({ mutationFn: (id: number) => http.post<null>('/chat/quickReplies/delete', { id }), onSuccess: refreshReplies }),
  };
}
