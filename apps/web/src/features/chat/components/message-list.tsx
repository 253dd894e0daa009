import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@shopdesk/shared/chat/schemas';
import { Link } from 'react-router';
import { useChatImage } from '../api/chat-api.ts';
import { messageTextParts } from '@shopdesk/shared/chat/message-text';
import type { ChatScreen } from '../hooks/use-chat-screen.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { VoucherCardView } from './voucher-parts.tsx';

/** A message's text: plain text, its links shown (selectable, never followed by a click). */
function MessageText({ text }: { text: string }) {
  return (
    <>
      {messageTextParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <span key={i} className="chat-link" translate="no">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

function MessageImage({ url, screen }: { url: string; screen: ChatScreen }) {
  const image = useChatImage(url);
  if (image.isError) return <span className="chat-muted">{screen.t('message.imageFailed')}</span>;
  if (!image.data) return <span className="chat-muted">{screen.t('message.imageLoading')}</span>;
  return (
    <button type="button" className="chat-thumb" onClick={() => screen.view(image.data)} aria-label={screen.t('message.openImage')} data-testid="chat-image">
      <img src={image.data} alt="" />
    </button>
  );
}

function MessageBody({ message, screen }: { message: ChatMessage; screen: ChatScreen }) {
  const f = useFormat('chat');
  if (message.kind === 'image' && message.imageUrl) return <MessageImage url={message.imageUrl} screen={screen} />;
  if (message.kind === 'product' && message.product) {
    const p = message.product;
    return (
      <div className="chat-card" data-testid="chat-product-card">
        <img src={p.cover} alt="" />
        <span className="chat-muted">{f.t('message.product')}</span>
        <span className="chat-card-name">{p.name}</span>
        <span>{f.usdt(p.priceCents)}</span>
      </div>
    );
  }
  if (message.kind === 'order' && message.order) {
    const o = message.order;
    return (
      <div className="chat-card" data-testid="chat-order-card">
        <img src={o.productImage} alt="" />
        <span className="chat-muted">{f.t('message.order', { orderId: o.orderId })}</span>
        <span className="chat-card-name">{o.productName}</span>
        <Link to={screen.orderPath(o.orderId)}>{f.t('orders.open')}</Link>
      </div>
    );
  }
  if (message.kind === 'voucher' && message.voucher) return <VoucherCardView card={message.voucher} />;
  return (
    <div className="chat-bubble">
      <MessageText text={message.text} />
    </div>
  );
}

/** The open conversation's messages, oldest first, scrolled to the newest (both devices). */
export function MessageList({ screen }: { screen: ChatScreen }) {
  const { t } = screen;
  const list = screen.messages.data?.list ?? [];
  const end = useRef<HTMLLIElement>(null);
  const newest = list.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  const fmt = new Intl.DateTimeFormat(screen.locale, { dateStyle: 'short', timeStyle: 'short' });
  if (list.length === 0) return <p className="chat-empty">{t('thread.empty')}</p>;
  return (
    <ol className="chat-messages" role="log" aria-live="polite" aria-label={t('thread.messages')} data-testid="chat-messages">
      {screen.older && (
        <li className="chat-older">
          <button type="button" className="chat-order-action" disabled={screen.older.loading} onClick={screen.older.load} data-testid="chat-older">
            {t(screen.older.loading ? 'thread.loadingOlder' : 'thread.older')}
          </button>
        </li>
      )}
      {list.map((m) => {
        const own = m.sender === 'seller';
        return (
          <li key={m.id} className={own ? 'chat-message chat-message-own' : 'chat-message'} data-testid="chat-message" data-sender={m.sender}>
            <span className="sr-only">{own ? t('message.fromShop') : t('message.fromBuyer')}</span>
            <MessageBody message={m} screen={screen} />
            <span className="chat-meta">
              {fmt.format(new Date(m.createdAt))}
              {m.auto && ` · ${t(`message.auto.${m.auto}`)}`}
              {own && (
                <span data-testid="chat-message-state" data-state={m.state}>
                  {` · ${t(`message.state.${m.state}`)}`}
                </span>
              )}
            </span>
          </li>
        );
      })}
      <li ref={end} aria-hidden className="chat-end" />
    </ol>
  );
}
