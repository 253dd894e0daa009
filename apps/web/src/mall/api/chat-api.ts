import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuyerConversation, ChatMessage, ChatMessagePage, ChatUnread } from '@shopdesk/shared/chat/schemas';
import type { Paged } from '@shopdesk/shared/envelope';
import type { StreamTicket } from '@shopdesk/shared/notifications/schemas';
import { API_BASE } from '../../lib/http.ts';
import { mergeMessages } from '../logic/chat.ts';
import { buyerSessionStore, mallHttp } from './buyer-session.ts';
import { mallKeys, useSignedIn } from './mall-api.ts';

/** The buyer's chat calls (docs/decisions.md, "Chat"): /api/buyer/chat/*. */

export type { BuyerConversation, ChatMessage };

/** The thread as the page keeps it: every message loaded so far, oldest first. */
export interface ChatThread {
  list: ChatMessage[];
  hasMore: boolean;
}

export const CHAT_PAGE = 50;
const CONVERSATIONS_PAGE = 20;

export function useChatConversations() {
  return useInfiniteQuery({
    queryKey: mallKeys.chatList(),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => mallHttp.post<Paged<BuyerConversation>>('/buyer/chat/conversations', { page: pageParam, pageSize: CONVERSATIONS_PAGE }, { signal, offlineRead: true }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: useSignedIn(),
  });
}

export function useChatUnread() {
  return useQuery({ queryKey: mallKeys.chatUnread(), queryFn: ({ signal }) => mallHttp.get<ChatUnread>('/buyer/chat/unread', undefined, { signal }), enabled: useSignedIn(), staleTime: 30_000 });
}

/** The conversation with a shop: made on first use (it shows in the lists once a message is in it). */
export function useConversationWith(shopId: number) {
  return useQuery({
    queryKey: mallKeys.chatWith(shopId),
    queryFn: async ({ signal }) => (await mallHttp.post<{ conversation: BuyerConversation }>('/buyer/chat/start', { shopId }, { signal })).conversation,
    enabled: useSignedIn() && shopId > 0,
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * The newest page of a conversation, merged into what is loaded already (earlier pages and
 * messages that came live), unless a gap lies between them: then the newest page alone.
 */
export function useChatMessages(conversationId: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: mallKeys.chatMessages(conversationId),
    queryFn: async ({ signal }): Promise<ChatThread> => {
      const page = await mallHttp.get<ChatMessagePage>('/buyer/chat/messages', { conversationId, limit: CHAT_PAGE }, { signal });
      const known = client.getQueryData<ChatThread>(mallKeys.chatMessages(conversationId));
      const knownNewest = known?.list.at(-1)?.id ?? 0;
      const gap = page.hasMore && (page.list[0]?.id ?? 0) > knownNewest;
      if (!known || gap) return page;
      return { list: mergeMessages(known.list, page.list), hasMore: known.hasMore };
    },
    enabled: conversationId > 0,
  });
}

export const fetchEarlier = (conversationId: number, beforeId: number) => mallHttp.get<ChatMessagePage>('/buyer/chat/messages', { conversationId, beforeId, limit: CHAT_PAGE });

export interface ChatSendInput {
  conversationId: number;
  text?: string;
  productId?: number;
  orderId?: string;
}

export const sendChat = (input: ChatSendInput) => mallHttp.post<ChatMessage[]>('/buyer/chat/send', input);

export function sendChatImage(conversationId: number, file: File): Promise<ChatMessage[]> {
  const form = new FormData();
  form.append('conversationId', String(conversationId));
  form.append('image', file, file.name || 'photo');
  return mallHttp.upload<ChatMessage[]>('/buyer/chat/sendImage', form);
}

export const markChat = (input: { conversationId: number; upToId: number; state: 'delivered' | 'read' }) =>
  mallHttp.post<{ deliveredUpToId: number; readUpToId: number }>('/buyer/chat/read', input, { silent: true });

export const fetchChatTicket = async () => (await mallHttp.post<StreamTicket>('/buyer/chat/ticket', {}, { silent: true })).ticket;

/**
 * A chat picture's bytes as an object URL: the picture is the buyer's own (fetched with the buyer
 * token, which an <img src> cannot send). The caller revokes the URL.
 */
export async function fetchChatImage(imageUrl: string, signal: AbortSignal): Promise<string> {
  const token = buyerSessionStore.get()?.buyerToken ?? '';
  const path = imageUrl.startsWith(`${API_BASE}/`) ? imageUrl : `${API_BASE}${imageUrl}`;
  const response = await fetch(path, { headers: { buyerToken: token }, signal });
  if (!response.ok) throw new Error(String(response.status));
  return URL.createObjectURL(await response.blob());
}
