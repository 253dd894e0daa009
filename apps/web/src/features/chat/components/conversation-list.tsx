import type { ChatScreen } from '../hooks/use-chat-screen.ts';

/** The inbox's conversations, newest first, as buttons (both devices; plain elements, themed by chat.css). */
export function ConversationList({ screen }: { screen: ChatScreen }) {
  const { t } = screen;
  const fmt = new Intl.DateTimeFormat(screen.locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <ul className="chat-conversations" data-testid="chat-conversations">
      {screen.list.map((c) => {
        const language = screen.language(c);
        return (
          <li key={c.id}>
            <button
              type="button"
              className="chat-conv"
              aria-current={c.id === screen.selectedId ? 'true' : undefined}
              onClick={() => screen.open(c.id)}
              data-testid="chat-conversation"
              data-id={c.id}
            >
              <span className="chat-conv-name">{c.buyer.nickname}</span>
              <span className="chat-conv-time">{fmt.format(new Date(c.lastMessageAt))}</span>
              <span className="chat-conv-preview">{screen.preview(c)}</span>
              <span className="chat-conv-flags">
                {c.blocked && <span className="chat-flag chat-flag-blocked">{t('list.blocked')}</span>}
                {c.needsReply && !c.blocked && <span className="chat-flag chat-flag-reply">{t('list.needsReply')}</span>}
                {c.unread > 0 && (
                  <span className="chat-unread" data-testid="chat-conversation-unread">
                    <span aria-hidden>{c.unread > 99 ? '99+' : c.unread}</span>
                    <span className="sr-only">{t('list.unread', { unread: c.unread })}</span>
                  </span>
                )}
              </span>
              {language && <span className="chat-conv-lang">{t('list.language', { language })}</span>}
            </button>
          </li>
        );
      })}
      {screen.more && (
        <li className="chat-older">
          <button type="button" className="chat-order-action" disabled={screen.more.loading} onClick={screen.more.load} data-testid="chat-more-conversations">
            {t(screen.more.loading ? 'list.loadingMore' : 'list.more')}
          </button>
        </li>
      )}
    </ul>
  );
}
