import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { ChatMessagePage, OrderCard, QuickReply, SellerConversation } from '@shopdesk/shared/chat/schemas';
import { isAwaitingPurchase, isRefundWaiting } from '@shopdesk/shared/orders/lifecycle';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderAction } from '../../orders/api/order-action-dialogs.tsx';
import { notify } from '../../../lib/notifier.ts';
import { usePageHidden } from '../../../lib/use-page-hidden.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { usePermissions } from '../../users/api/permissions.ts';
import { chatKeys, fetchConversations, fetchMessages, prependOlder, useBuyerOrders, useChatMutations, useConversations, useMessages, useQuickReplies } from '../api/chat-api.ts';
import { newestBuyerMessageId } from '../chat-live.ts';
import { chatImageIssue } from '@shopdesk/shared/chat/message-text';
import { checkComposer, CONVERSATION_FILTERS, languageName, parseChatSearch, previewOf, quickReplyMatches, type ConversationFilterName } from '../chat-helpers.ts';
import { setOpenConversation } from '../api/chat-stream-link.ts';
import { useAutoReplySettings } from './use-auto-reply-settings.ts';
import { useVoucherList } from '../../vouchers/api/vouchers-api.ts';

/**
 * The seller's chat inbox on both devices (/chat and /m/chat): the conversations with their filter,
 * search and order in the address (`?filter=&q=&orderId=&c=`), the open conversation and its
 * messages (marked read while it is open), the buyer's recent orders, the composer with its counter
 * and `/` quick replies, pictures, the quick-reply manager and blocking. Live updates come from the
 * stream (chat-stream-link.ts) into the same caches. `desktop/` and `mobile/` only render.
 */
export function useChatScreen(device: 'desktop' | 'mobile') {
  const { t, locale } = useFormat('chat');
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseChatSearch(search), [search]);
  const { can } = usePermissions();
  const canEdit = can('chat:edit');

  const update = (patch: Partial<Record<'filter' | 'q' | 'orderId' | 'c', string | null>>, replace = false) => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '' || (key === 'filter' && value === 'all')) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  };

  const listInput = { filter: state.filter, q: state.q || undefined, orderId: state.orderId || undefined };
  const conversations = useConversations(listInput);
  // Conversations past the first page, loaded by the server's cursor with "more", kept for these
  // filters (the live first page may meanwhile hold some of them: it wins).
  const listKey = JSON.stringify(listInput);
  const [more, setMore] = useState<{ key: string; list: SellerConversation[]; cursor: string | null }>({ key: '', list: [], cursor: null });
  const extra = more.key === listKey ? more : null;
  const nextCursor = extra ? extra.cursor : (conversations.data?.nextCursor ?? null);
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = () => {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    fetchConversations({ ...listInput, cursor: nextCursor })
      .then((page) => setMore({ key: listKey, list: [...(extra?.list ?? []), ...page.list], cursor: page.nextCursor }))
      .catch(() => undefined)
      .finally(() => setLoadingMore(false));
  };
  const list = useMemo(() => {
    const first = conversations.data?.list ?? [];
    const shown = new Set(first.map((c) => c.id));
    return [...first, ...(extra?.list ?? []).filter((c) => !shown.has(c.id))];
  }, [conversations.data, extra]);
  // The open conversation stays known when a filter leaves it out of the list (answered, read).
  const lastSelected = useRef<SellerConversation | null>(null);
  const listed = list.find((c) => c.id === state.conversationId) ?? null;
  if (listed) lastSelected.current = listed;
  const selected = state.conversationId === null ? null : listed ?? (lastSelected.current?.id === state.conversationId ? lastSelected.current : null);
  const selectedId = state.conversationId;

  // An order's page opens the conversation of its buyer straight away.
  useEffect(() => {
    if (state.orderId && selectedId === null && conversations.data?.list.length === 1) update({ c: String(conversations.data.list[0]!.id) }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.orderId, selectedId, conversations.data]);

  const messages = useMessages(selectedId);
  const queryClient = useQueryClient();
  // Older messages, a page at a time, before the cached ones (the list keeps its place: message-list.tsx).
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = () => {
    const oldest = messages.data?.list[0]?.id;
    if (selectedId === null || !messages.data?.hasMore || oldest === undefined || loadingOlder) return;
    const id = selectedId;
    setLoadingOlder(true);
    fetchMessages(id, oldest)
      .then((older) => queryClient.setQueryData<ChatMessagePage>(chatKeys.messages(id), (page) => prependOlder(page, older)))
      .catch(() => undefined)
      .finally(() => setLoadingOlder(false));
  };
  const orders = useBuyerOrders(selectedId);
  const replies = useQuickReplies();
  const mutations = useChatMutations();

  // Opened (and each buyer message arriving while open) marks read up to the newest buyer message,
  // once the tab is in front: a message that came while the seller looked elsewhere stays unread.
  const marked = useRef(new Map<number, number>());
  const newestBuyer = newestBuyerMessageId(messages.data);
  const hidden = usePageHidden();
  // The stream's arrivals in this conversation do not raise the badge while it is open in front.
  useEffect(() => {
    setOpenConversation(hidden ? null : selectedId);
    return () => setOpenConversation(null);
  }, [selectedId, hidden]);
  useEffect(() => {
    if (selectedId === null || newestBuyer === null || hidden) return;
    if ((marked.current.get(selectedId) ?? 0) >= newestBuyer) return;
    marked.current.set(selectedId, newestBuyer);
    mutations.markRead.mutate({ conversationId: selectedId, upToId: newestBuyer });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId, newestBuyer, hidden]);

  // A draft belongs to its conversation: switching keeps each one where it was written.
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const text = selectedId === null ? '' : (drafts[selectedId] ?? '');
  const setText = (value: string | ((now: string) => string), id = selectedId) => {
    if (id === null) return;
    setDrafts((all) => ({ ...all, [id]: typeof value === 'function' ? value(all[id] ?? '') : value }));
  };
  const composer = checkComposer(text);
  const matches = replies.data ? quickReplyMatches(text, replies.data) : null;

  const send = () => {
    if (selectedId === null || !composer.sendable || mutations.send.isPending || !canEdit) return;
    const body = text;
    const id = selectedId;
    mutations.send.mutate({ conversationId: id, text: body }, { onSuccess: () => setText((now) => (now === body ? '' : now), id) });
  };

  const sendImage = (file: File) => {
    if (selectedId === null) return;
    const problem = chatImageIssue(file);
    if (problem) {
      // An empty file is no picture of the four types either.
      notify.error(t(problem === 'size' ? 'composer.imageSize' : 'composer.imageType'));
      return;
    }
    mutations.sendImage.mutate({ conversationId: selectedId, file });
  };

  const pickReply = (reply: QuickReply) => setText(reply.text);

  // The shop's running vouchers with uses left, to send one as a card (a member who may see them).
  const canSendVoucher = canEdit && can('marketing:view');
  const [voucherPickerOpen, setVoucherPickerOpen] = useState(false);
  const runningVouchers = useVoucherList('running', false, canSendVoucher && voucherPickerOpen);
  const sendVoucher = (voucherId: number) => {
    if (selectedId === null || mutations.send.isPending) return;
    mutations.send.mutate({ conversationId: selectedId, voucherId }, { onSuccess: () => setVoucherPickerOpen(false) });
  };

  /** Desktop: Enter sends, Shift+Enter starts a new line (an IME's composing Enter does neither). */
  const onComposerKeyDown = (event: KeyboardEvent) => {
    if (device !== 'desktop' || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (matches && matches.length > 0) pickReply(matches[0]!);
    else send();
  };

  // Quick-reply manager: the list, and the reply being edited (`new` for an added one).
  const [managerOpen, setManagerOpen] = useState(false);
  const [editing, setEditing] = useState<{ id: number | 'new'; text: string } | null>(null);
  const saveReply = () => {
    if (!editing || editing.text.trim() === '') return;
    const done = { onSuccess: () => setEditing(null) };
    if (editing.id === 'new') mutations.createReply.mutate(editing.text.trim(), done);
    else mutations.updateReply.mutate({ id: editing.id, text: editing.text.trim() }, done);
  };

  const [blockOpen, setBlockOpen] = useState(false);
  const confirmBlock = () => {
    if (!selected) return;
    mutations.block.mutate(
      { conversationId: selected.id, blocked: !selected.blocked },
      {
        onSuccess: (answer) => {
          setBlockOpen(false);
          lastSelected.current = { ...selected, blocked: answer.blocked };
          notify.success(t(answer.blocked ? 'block.done' : 'block.undone'));
        },
      },
    );
  };

  const autoReply = useAutoReplySettings(t, canEdit);

  // Purchasing a buyer's order or deciding its refund, in the orders' own dialogs (desktop), or on
  // the order's page (phone); the list beside the conversation is read again after either.
  const [orderAction, setOrderAction] = useState<OrderAction | null>(null);
  const canPurchase = can('orders:edit');
  const canDecideRefund = can('refunds:edit');
  const closeOrderAction = useCallback(() => {
    setOrderAction(null);
    if (selectedId !== null) void queryClient.invalidateQueries({ queryKey: chatKeys.buyerOrders(selectedId) });
  }, [queryClient, selectedId]);

  const [ordersOpen, setOrdersOpen] = useState(false);
  /** The picture shown large (an object URL), or null. */
  const [viewing, setViewing] = useState<string | null>(null);

  return {
    t,
    locale,
    device,
    canEdit,
    filters: CONVERSATION_FILTERS,
    filter: state.filter,
    setFilter: (filter: ConversationFilterName) => update({ filter }),
    query: state.q,
    setQuery: (q: string) => update({ q: q.trim() || null, c: null }),
    orderId: state.orderId,
    clearOrder: () => update({ orderId: null }),
    conversations,
    list,
    /** More conversations past those shown (the server's cursor), or null at the end. */
    more: nextCursor ? { load: loadMore, loading: loadingMore } : null,
    preview: (c: SellerConversation) => {
      const p = previewOf(c.lastMessage);
      return 'text' in p ? p.text : t(p.key);
    },
    language: (c: SellerConversation) => languageName(c.buyer.language, locale),
    selectedId,
    selected,
    open: (id: number) => update({ c: String(id) }),
    close: () => update({ c: null }),
    messages,
    /** Older messages of the open conversation, or null when it shows the first one. */
    older: messages.data?.hasMore ? { load: loadOlder, loading: loadingOlder } : null,
    orders,
    /** Where an order of the buyer opens on this device. */
    orderPath: (orderId: string) => (device === 'desktop' ? `/orders?q=${encodeURIComponent(orderId)}` : `/m/order-detail?orderId=${encodeURIComponent(orderId)}`),
    /** What the seller may do with an order shown beside the conversation now. */
    orderActions: (o: OrderCard) => ({ purchase: canPurchase && isAwaitingPurchase(o), refund: canDecideRefund && isRefundWaiting(o) }),
    orderAction,
    startOrderAction: (kind: OrderAction['kind'], orderId: string) => setOrderAction({ kind, orderId }),
    closeOrderAction,
    ordersOpen,
    setOrdersOpen,
    viewing,
    view: setViewing,
    composer: {
      text,
      setText: (value: string) => setText(value),
      ...composer,
      send,
      sending: mutations.send.isPending,
      sendImage,
      sendingImage: mutations.sendImage.isPending,
      onKeyDown: onComposerKeyDown,
      /** The quick replies `/` asks for, or null while the text does not start with it. */
      matches,
      pickReply,
      disabled: !canEdit || selected?.blocked === true,
    },
    replies: {
      query: replies,
      managerOpen,
      setManagerOpen,
      editing,
      startAdd: () => setEditing({ id: 'new', text: '' }),
      startEdit: (reply: QuickReply) => setEditing({ id: reply.id, text: reply.text }),
      setEditingText: (value: string) => setEditing((e) => (e ? { ...e, text: value } : e)),
      cancelEdit: () => setEditing(null),
      save: saveReply,
      saving: mutations.createReply.isPending || mutations.updateReply.isPending,
      remove: (reply: QuickReply) => mutations.deleteReply.mutate(reply.id),
      removing: mutations.deleteReply.isPending,
    },
    autoReply,
    vouchers: canSendVoucher
      ? {
          open: voucherPickerOpen,
          show: () => setVoucherPickerOpen(true),
          close: () => setVoucherPickerOpen(false),
          query: runningVouchers,
          /** Only those with uses left: the server refuses a used-up one. */
          list: (runningVouchers.data?.list ?? []).filter((v) => v.usedCount < v.totalQuantity),
          send: sendVoucher,
          sending: mutations.send.isPending,
        }
      : null,
    block: {
      open: blockOpen,
      ask: () => setBlockOpen(true),
      cancel: () => setBlockOpen(false),
      confirm: confirmBlock,
      pending: mutations.block.isPending,
    },
  };
}

export type ChatScreen = ReturnType<typeof useChatScreen>;
