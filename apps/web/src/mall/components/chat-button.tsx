import { Link } from 'react-router';
import { useChatUnread } from '../api/chat-api.ts';
import { badgeText, chatPath } from '../logic/chat.ts';
import { useMallFormat } from './ui.tsx';
import { Icon } from './icons.tsx';

/**
 * "Chat with seller": the conversation with the shop, about the product or order when given (signed
 * out, the chat route's guard opens the login page, which comes back here after).
 */
export function ChatWithSeller({ shopId, productId, orderId, className = 'mall-btn mall-btn-ghost' }: { shopId: number; productId?: number; orderId?: string; className?: string }) {
  const f = useMallFormat();
  return (
    <Link to={chatPath(shopId, { productId, orderId })} className={className} data-testid="chat-with-seller">
      <Icon name="chat" size={18} />
      {f.t('chat.withSeller')}
    </Link>
  );
}

/** The buyer's unread chat messages beside "Messages" (the count read with a screen reader too). */
export function ChatBadge() {
  const { t } = useMallFormat();
  const unread = useChatUnread();
  const count = unread.data?.messages ?? 0;
  return count > 0 ? (
    <span className="mall-count" data-testid="chat-count">
      <span aria-hidden="true">{badgeText(count)}</span>
      <span className="sr-only">{t('chat.unread', { count })}</span>
    </span>
  ) : null;
}
