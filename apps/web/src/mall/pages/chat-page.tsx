import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { fetchChatImage, type BuyerConversation, type ChatMessage } from '../api/chat-api.ts';
import { useChatScreen, type ChatScreen } from '../hooks/use-chat-screen.ts';
import { CHAT_TEXT_MAX, messageTextParts } from '@shopdesk/shared/chat/message-text';
import { badgeText } from '../logic/chat.ts';
import { Dialog } from '../components/dialog.tsx';
import { Empty, ErrorState, Img, Loading, PageHead, shopLogo, useMallFormat } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { useClaimVoucher } from '../api/mall-api.ts';
import { showError, showToast } from '../components/toast.ts';
import { CouponText } from './coupons-page.tsx';

/** Text as text: web addresses are marked but never followed (a chat message is untrusted). */
function MessageText({ text }: { text: string }) {
  return (
    <p className="mall-chat-text">
      {messageTextParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <span key={i} className="mall-chat-url" translate="no">
            {part.text}
          </span>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** A picture of the conversation: a thumbnail that opens large (its bytes fetched with the buyer's session). */
function ChatImage({ message }: { message: ChatMessage }) {
  const f = useMallFormat();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!message.imageUrl) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    fetchChatImage(message.imageUrl, controller.signal)
      .then((u) => {
        url = u;
        setSrc(u);
      })
      .catch(() => setFailed(!controller.signal.aborted));
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [message.imageUrl]);
  if (failed) return <p className="mall-muted mall-small">{f.t('chat.imageFailed')}</p>;
  return (
    <>
      <button type="button" className="mall-chat-thumb" onClick={() => setOpen(true)} disabled={!src} aria-label={f.t('chat.openImage')} data-testid="chat-image">
        {src ? <img src={src} alt="" width={160} height={160} /> : <span className="mall-skeleton" />}
      </button>
      {open && src && (
        <Dialog title={f.t('chat.image')} onClose={() => setOpen(false)} className="mall-chat-viewer" testId="chat-image-viewer">
          <img src={src} alt={f.t('chat.image')} className="mall-chat-large" />
        </Dialog>
      )}
    </>
  );
}

function ProductCardView({ card }: { card: NonNullable<ChatMessage['product']> }) {
  const f = useMallFormat();
  return (
    <Link to={`/mall/product/${card.productId}`} className="mall-chat-card" data-testid="chat-product-card">
      <Img src={card.cover} alt="" width={56} height={56} />
      <span className="mall-chat-card-body">
        <span className="mall-chat-card-kind">{f.t('chat.product')}</span>
        <span className="mall-chat-card-name">{card.name}</span>
        <strong>{f.usdt(card.priceCents)}</strong>
      </span>
    </Link>
  );
}

function OrderCardView({ card }: { card: NonNullable<ChatMessage['order']> }) {
  const f = useMallFormat();
  return (
    <Link to={`/mall/orders/${encodeURIComponent(card.orderId)}`} className="mall-chat-card" data-testid="chat-order-card">
      <Img src={card.productImage} alt="" width={56} height={56} />
      <span className="mall-chat-card-body">
        <span className="mall-chat-card-kind">{f.t('chat.order', { id: card.orderId })}</span>
        <span className="mall-chat-card-name">{card.productName}</span>
        <strong>
          {f.usdt(card.amountCents)} <span className="mall-muted">×{card.quantity}</span>
        </strong>
      </span>
    </Link>
  );
}

/**
 * A shop voucher the seller sent: a public one is claimed here with the mall's own claim, a code
 * one's code is copied to type at checkout (and stays selectable where copying is not allowed).
 */
function VoucherCardView({ card }: { card: NonNullable<ChatMessage['voucher']> }) {
  const f = useMallFormat();
  const claim = useClaimVoucher();
  const [claimed, setClaimed] = useState(false);
  const onClaim = () =>
    claim.mutate(card.voucherId, {
      onSuccess: () => {
        setClaimed(true);
        showToast(f.t('vouchers.claimedToast'));
      },
      onError: (error) => showError(error, f.t('state.error')),
    });
  const onCopy = () => {
    const code = card.code ?? '';
    const copied = navigator.clipboard?.writeText(code);
    if (!copied) {
      showToast(f.t('chat.copyByHand', { code }), 'error');
      return;
    }
    copied.then(
      () => showToast(f.t('chat.codeCopied', { code })),
      () => showToast(f.t('chat.copyByHand', { code }), 'error'),
    );
  };
  return (
    <div className="mall-chat-card mall-chat-voucher" data-testid="chat-voucher-card" data-visibility={card.visibility}>
      <span className="mall-chat-card-body">
        <span className="mall-chat-card-kind">{f.t('chat.voucher')}</span>
        <span className="mall-chat-card-name">{card.name}</span>
        <CouponText coupon={card} />
        {card.code && (
          <span className="mall-small">
            {f.t('chat.voucherCode')} <strong translate="no" className="mall-chat-voucher-code">{card.code}</strong>
          </span>
        )}
        <span className="mall-muted mall-small">{f.t('chat.voucherEnds', { date: f.date(card.endsAt) })}</span>
      </span>
      {card.visibility === 'public' ? (
        <button
          type="button"
          className="mall-btn mall-btn-small"
          disabled={claimed || claim.isPending}
          onClick={onClaim}
          aria-label={claimed ? undefined : f.t('vouchers.claimNamed', { name: card.name })}
          data-testid="chat-voucher-claim"
        >
          {f.t(claimed ? 'vouchers.claimed' : 'vouchers.claim')}
        </button>
      ) : (
        <button type="button" className="mall-btn mall-btn-small" onClick={onCopy} data-testid="chat-voucher-copy">
          {f.t('chat.copyCode')}
        </button>
      )}
    </div>
  );
}

function MessageItem({ message }: { message: ChatMessage }) {
  const f = useMallFormat();
  const mine = message.sender === 'buyer';
  return (
    <li className={`mall-chat-msg ${mine ? 'mine' : 'theirs'}`} data-testid="chat-message" data-sender={message.sender} data-kind={message.kind}>
      <span className="sr-only">{mine ? f.t('chat.you') : f.t('chat.shop')}: </span>
      <div className="mall-chat-bubble">
        {message.auto && <span className="mall-chat-auto">{f.t('chat.autoReply')}</span>}
        {message.kind === 'text' && <MessageText text={message.text} />}
        {message.kind === 'image' && <ChatImage message={message} />}
        {message.kind === 'product' && message.product && <ProductCardView card={message.product} />}
        {message.kind === 'order' && message.order && <OrderCardView card={message.order} />}
        {message.kind === 'voucher' && message.voucher && <VoucherCardView card={message.voucher} />}
      </div>
      <span className="mall-chat-meta">
        <time dateTime={message.createdAt}>{f.dateTime(message.createdAt)}</time>
        {mine && (
          <span className={`mall-chat-state ${message.state}`} data-testid="chat-state" data-state={message.state}>
            {message.state !== 'sent' && <Icon name="check" size={12} />}
            {f.t(`chat.states.${message.state}`)}
          </span>
        )}
      </span>
    </li>
  );
}

function preview(f: ReturnType<typeof useMallFormat>, message: ChatMessage | null): string {
  if (!message) return '';
  if (message.kind === 'image') return f.t('chat.previews.image');
  if (message.kind === 'product') return f.t('chat.previews.product', { name: message.product?.name ?? '' });
  if (message.kind === 'order') return f.t('chat.previews.order', { id: message.order?.orderId ?? '' });
  if (message.kind === 'voucher') return f.t('chat.previews.voucher', { name: message.voucher?.name ?? '' });
  return message.text;
}

function ConversationItem({ item, current }: { item: BuyerConversation; current: boolean }) {
  const f = useMallFormat();
  return (
    <li>
      <Link to={`/mall/chat/${item.shop.id}`} className="mall-chat-item" aria-current={current ? 'page' : undefined} data-testid="chat-conversation">
        <Img src={shopLogo(item.shop.logo)} alt="" width={44} height={44} className="mall-chat-logo" />
        <span className="mall-chat-item-body">
          <span className="mall-chat-item-top">
            <strong className="mall-chat-item-name">{item.shop.name}</strong>
            <time className="mall-muted mall-small" dateTime={item.lastMessageAt}>
              {f.date(item.lastMessageAt)}
            </time>
          </span>
          <span className="mall-chat-item-last mall-muted">{preview(f, item.lastMessage)}</span>
        </span>
        {item.unread > 0 && (
          <span className="mall-count mall-chat-unread" data-testid="chat-unread">
            <span aria-hidden="true">{badgeText(item.unread)}</span>
            <span className="sr-only">{f.t('chat.unread', { count: item.unread })}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

function ConversationList({ screen }: { screen: ChatScreen }) {
  const f = useMallFormat();
  const { conversations } = screen;
  const list = conversations.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <nav className="mall-chat-list" aria-label={f.t('chat.conversations')} data-testid="chat-list">
      {conversations.isPending && <Loading />}
      {conversations.isError && <ErrorState error={conversations.error} onRetry={() => void conversations.refetch()} />}
      {conversations.isSuccess && list.length === 0 && <Empty icon="box" title={f.t('chat.noConversations')} hint={f.t('chat.noConversationsHint')} />}
      {list.length > 0 && (
        <ul>
          {list.map((item) => (
            <ConversationItem key={item.id} item={item} current={item.shop.id === screen.shopId} />
          ))}
        </ul>
      )}
      {conversations.hasNextPage && (
        <button type="button" className="mall-btn mall-btn-ghost mall-btn-block" disabled={conversations.isFetchingNextPage} onClick={() => void conversations.fetchNextPage()}>
          {f.t('state.loadMore')}
        </button>
      )}
    </nav>
  );
}

function PendingCardView({ screen }: { screen: ChatScreen }) {
  const f = useMallFormat();
  const { pending, pendingProduct, pendingOrder } = screen;
  if (!pending) return null;
  const product = pendingProduct?.data;
  const order = pendingOrder?.data;
  const title = product?.name ?? order?.productName ?? '';
  const image = product?.cover ?? order?.productImage ?? null;
  return (
    <div className="mall-chat-pending" data-testid="chat-pending-card" data-kind={pending.kind}>
      <Img src={image} alt="" width={40} height={40} />
      <span className="mall-chat-card-body">
        <span className="mall-chat-card-kind">{pending.kind === 'product' ? f.t('chat.askingProduct') : f.t('chat.askingOrder', { id: pending.orderId })}</span>
        <span className="mall-chat-card-name">{title}</span>
      </span>
      <button type="button" className="mall-icon-btn" onClick={screen.dropPending} aria-label={f.t('chat.removeCard')}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

function Composer({ screen }: { screen: ChatScreen }) {
  const f = useMallFormat();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void screen.send();
  };
  // Enter sends on a keyboard; Shift+Enter (and a phone's return key, which composes) makes a new line.
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && window.matchMedia('(pointer: fine)').matches) {
      e.preventDefault();
      void screen.send();
    }
  };
  const near = screen.count > CHAT_TEXT_MAX * 0.9;
  return (
    <form className="mall-chat-composer" onSubmit={submit} data-testid="chat-composer">
      <PendingCardView screen={screen} />
      {screen.error && (
        <p className="mall-field-error" role="alert" data-testid="chat-error">
          {screen.error}
        </p>
      )}
      <div className="mall-chat-compose-row">
        <label className="mall-icon-btn mall-chat-attach" title={f.t('chat.sendImage')}>
          <Icon name="image" />
          <span className="sr-only">{f.t('chat.sendImage')}</span>
          <input
            type="file"
            accept={screen.imageAccept}
            className="sr-only"
            disabled={screen.sending}
            onChange={(e) => {
              void screen.sendImage(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="chat-image-input"
          />
        </label>
        <textarea
          value={screen.text}
          onChange={(e) => screen.setText(e.target.value)}
          onKeyDown={onKey}
          rows={2}
          placeholder={f.t('chat.placeholder')}
          aria-label={f.t('chat.message')}
          aria-describedby="chat-counter"
          data-testid="chat-input"
        />
        <button type="submit" className="mall-btn mall-chat-send" disabled={!screen.canSend} aria-label={f.t('chat.send')} data-testid="chat-send">
          <Icon name="send" size={18} />
        </button>
      </div>
      <span id="chat-counter" className={`mall-chat-counter mall-small${near ? ' near' : ''}`} aria-live={near ? 'polite' : 'off'} data-testid="chat-counter">
        <span aria-hidden="true">
          {screen.count} / {CHAT_TEXT_MAX}
        </span>
        <span className="sr-only">{f.t('chat.counter', { count: screen.count, max: CHAT_TEXT_MAX })}</span>
      </span>
    </form>
  );
}

function Thread({ screen }: { screen: ChatScreen }) {
  const f = useMallFormat();
  const { conversation, messages } = screen;
  const list = messages.data?.list ?? [];
  const end = useRef<HTMLDivElement>(null);
  const newestId = list.at(-1)?.id ?? 0;
  // The newest message stays in view as messages come and the composer grows (a card, an error).
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newestId, screen.error, screen.pending?.kind]);
  if (conversation.isPending) return <Loading />;
  if (conversation.isError) return <ErrorState error={conversation.error} onRetry={() => void conversation.refetch()} />;
  const shop = conversation.data.shop;
  return (
    <section className="mall-chat-thread" aria-labelledby="mall-chat-shop" data-testid="chat-thread">
      <div className="mall-chat-head">
        <Img src={shopLogo(shop.logo)} alt="" width={36} height={36} className="mall-chat-logo" />
        <h2 id="mall-chat-shop">{shop.name}</h2>
        <Link to={`/mall/shop/${shop.id}`} className="mall-link mall-small">
          {f.t('chat.visitShop')}
        </Link>
      </div>
      <div className="mall-chat-scroll">
        {messages.data?.hasMore && (
          <div className="mall-center">
            <button type="button" className="mall-btn mall-btn-ghost mall-btn-small" disabled={screen.loadingEarlier} onClick={() => void screen.loadEarlier()}>
              {f.t('chat.earlier')}
            </button>
          </div>
        )}
        {messages.isPending && <Loading />}
        {messages.isError && <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />}
        {messages.isSuccess && list.length === 0 && <p className="mall-chat-hello mall-muted">{f.t('chat.hello', { shop: shop.name })}</p>}
        {list.length > 0 && (
          <ol className="mall-chat-messages" aria-label={f.t('chat.messages')} aria-live="polite" data-testid="chat-messages">
            {list.map((m) => (
              <MessageItem key={m.id} message={m} />
            ))}
          </ol>
        )}
        <div ref={end} />
      </div>
      <Composer screen={screen} />
    </section>
  );
}

/** /mall/chat (the buyer's conversations) and /mall/chat/:shopId (one of them, beside the list on a wide screen). */
export function ChatPage() {
  const f = useMallFormat();
  const screen = useChatScreen();
  const open = screen.shopId > 0;
  return (
    <div className={`mall-page mall-chat${open ? ' mall-chat-open' : ''}`} data-testid="mall-chat">
      <PageHead title={f.t('chat.title')} />
      <div className="mall-chat-layout">
        <ConversationList screen={screen} />
        {open ? (
          <Thread screen={screen} />
        ) : (
          <div className="mall-chat-none">
            <Icon name="chat" size={40} />
            <p className="mall-muted">{f.t('chat.pick')}</p>
          </div>
        )}
      </div>
    </div>
  );
}
