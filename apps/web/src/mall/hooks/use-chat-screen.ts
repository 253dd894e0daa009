import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { ChatStreamItem } from '@shopdesk/shared/chat/schemas';
import { usePageHidden } from '../../lib/use-page-hidden.ts';
import { errorText } from '../../lib/http.ts';
import { buyerSessionStore } from '../api/buyer-session.ts';
import {
  fetchChatTicket,
  fetchEarlier,
  markChat,
  sendChat,
  sendChatImage,
  useChatConversations,
  useChatMessages,
  useConversationWith,
  type ChatMessage,
  type ChatThread,
} from '../api/chat-api.ts';
import { mallKeys, useOrder, useProduct } from '../api/mall-api.ts';
import { chatImageIssue } from '@shopdesk/shared/chat/message-text';
import { applyMark, CHAT_IMAGE_ACCEPT, CHAT_IMAGE_MAX_MB, composerText, mergeMessages, newestFromShop, pendingCardOf } from '../logic/chat.ts';
import { startChatStream } from '../logic/chat-stream.ts';
import { useMallFormat } from '../components/ui.tsx';

const updateThread = (data: ChatThread | undefined, change: (list: ChatMessage[]) => ChatMessage[]): ChatThread | undefined => (data ? { ...data, list: change(data.list) } : data);

/**
 * The buyer's chat screen (/mall/chat and /mall/chat/:shopId): the conversations, the open one's
 * messages, the composer with a pending product or order card, and the live stream that brings the
 * shop's replies and read marks while the page is open.
 */
export function useChatScreen() {
  const f = useMallFormat();
  const client = useQueryClient();
  const hidden = usePageHidden();
  const rawShop = Number(useParams().shopId);
  const shopId = Number.isInteger(rawShop) && rawShop > 0 ? rawShop : 0;
  const [params, setParams] = useSearchParams();
  const pending = pendingCardOf(params);

  const conversations = useChatConversations();
  const conversation = useConversationWith(shopId);
  const conversationId = conversation.data?.id ?? 0;
  const messages = useChatMessages(conversationId);
  const product = useProduct(pending?.kind === 'product' ? pending.productId : 0);
  const order = useOrder(pending?.kind === 'order' ? pending.orderId : '');

  const [text, setText] = useState('');
  const [count, setCount] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);

  const openId = useRef(0);
  openId.current = conversationId;
  const hiddenRef = useRef(hidden);
  hiddenRef.current = hidden;

  // The live stream, while a chat page is open.
  useEffect(() => {
    if (!buyerSessionStore.get()) return undefined;
    const refresh = () => {
      void client.invalidateQueries({ queryKey: mallKeys.chatList() });
      void client.invalidateQueries({ queryKey: mallKeys.chatUnread() });
    };
    const onItems = (items: ChatStreamItem[]) => {
      const received = new Map<number, number>();
      for (const item of items) {
        const key = mallKeys.chatMessages(item.conversationId);
        if (item.type === 'message') {
          client.setQueryData<ChatThread>(key, (data) => updateThread(data, (list) => mergeMessages(list, [item.message])));
          if (item.message.sender === 'seller') received.set(item.conversationId, Math.max(received.get(item.conversationId) ?? 0, item.message.id));
        } else if (item.side === 'seller') {
          const state = item.type;
          client.setQueryData<ChatThread>(key, (data) => updateThread(data, (list) => applyMark(list, { state, upToId: item.upToId })));
        }
      }
      // The shop's messages reached this device (the open conversation's in view are marked read below).
      for (const [id, upToId] of received) {
        if (id === openId.current && !hiddenRef.current) continue;
        void markChat({ conversationId: id, upToId, state: 'delivered' }).catch(() => undefined);
      }
      refresh();
    };
    return startChatStream({
      fetchTicket: fetchChatTicket,
      onItems,
      onOpen: () => {
        // What came between the page's load and this opening is asked again.
        refresh();
        void client.invalidateQueries({ queryKey: [...mallKeys.chat(), 'messages'] });
      },
      onUnauthorized: () => undefined,
    });
  }, [client]);

  // The shop's messages on screen are read (once per newest id), and the counts follow.
  const list = messages.data?.list;
  const newest = list ? newestFromShop(list) : 0;
  const marked = useRef(0);
  useEffect(() => {
    marked.current = 0;
  }, [conversationId]);
  useEffect(() => {
    if (!conversationId || hidden || newest <= marked.current) return;
    marked.current = newest;
    void markChat({ conversationId, upToId: newest, state: 'read' })
      .then(() => Promise.all([client.invalidateQueries({ queryKey: mallKeys.chatUnread() }), client.invalidateQueries({ queryKey: mallKeys.chatList() })]))
      .catch(() => undefined);
  }, [conversationId, newest, hidden, client]);

  const addSent = useCallback(
    (sent: ChatMessage[]) => {
      client.setQueryData<ChatThread>(mallKeys.chatMessages(conversationId), (data) => updateThread(data, (l) => mergeMessages(l, sent)) ?? { list: sent, hasMore: false });
      void client.invalidateQueries({ queryKey: mallKeys.chatList() });
    },
    [client, conversationId],
  );

  const dropPending = () =>
    setParams(
      (p) => {
        p.delete('product');
        p.delete('order');
        return p;
      },
      { replace: true },
    );

  const send = async () => {
    const body = text.trim();
    if (!conversationId || sending || (!body && !pending)) return;
    setSending(true);
    setError(null);
    try {
      const sent = await sendChat({
        conversationId,
        ...(body ? { text: body } : {}),
        ...(pending?.kind === 'product' ? { productId: pending.productId } : {}),
        ...(pending?.kind === 'order' ? { orderId: pending.orderId } : {}),
      });
      addSent(sent);
      setText('');
      setCount(0);
      if (pending) dropPending();
    } catch (e) {
      setError(errorText(e, f.t('state.error')));
    } finally {
      setSending(false);
    }
  };

  const sendImage = async (file: File | undefined) => {
    if (!file || !conversationId) return;
    const issue = chatImageIssue(file);
    if (issue) {
      setError(f.t(`chat.imageErrors.${issue}`, { max: CHAT_IMAGE_MAX_MB }));
      return;
    }
    setSending(true);
    setError(null);
    try {
      addSent(await sendChatImage(conversationId, file));
    } catch (e) {
      setError(errorText(e, f.t('state.error')));
    } finally {
      setSending(false);
    }
  };

  const loadEarlier = async () => {
    const first = list?.[0];
    if (!first || loadingEarlier) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchEarlier(conversationId, first.id);
      client.setQueryData<ChatThread>(mallKeys.chatMessages(conversationId), (data) => (data ? { list: mergeMessages(data.list, page.list), hasMore: page.hasMore } : data));
    } catch (e) {
      setError(errorText(e, f.t('state.error')));
    } finally {
      setLoadingEarlier(false);
    }
  };

  return {
    shopId,
    conversations,
    conversation,
    messages,
    pending,
    pendingProduct: pending?.kind === 'product' ? product : null,
    pendingOrder: pending?.kind === 'order' ? order : null,
    dropPending,
    text,
    count,
    setText: (value: string) => {
      const next = composerText(value);
      setText(next.text);
      setCount(next.count);
    },
    canSend: conversationId > 0 && !sending && (text.trim().length > 0 || pending !== null),
    sending,
    send,
    imageAccept: CHAT_IMAGE_ACCEPT,
    sendImage,
    error,
    clearError: () => setError(null),
    loadEarlier,
    loadingEarlier,
  };
}

export type ChatScreen = ReturnType<typeof useChatScreen>;
