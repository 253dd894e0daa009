import type { ChatScreen } from '../hooks/use-chat-screen.ts';

/** What `/` in the composer offers: the shop's saved replies matching what follows it (both devices). */
export function QuickReplyOptions({ screen }: { screen: ChatScreen }) {
  const { t, composer } = screen;
  if (!composer.matches) return null;
  return (
    <ul className="chat-replies" aria-label={t('replies.title')} data-testid="chat-quick-replies">
      {composer.matches.length === 0 ? (
        <li className="chat-reply-option chat-muted">{t('replies.noMatch')}</li>
      ) : (
        composer.matches.map((reply) => (
          <li key={reply.id}>
            <button type="button" className="chat-reply-option" onClick={() => composer.pickReply(reply)} data-testid="chat-quick-reply" title={reply.text}>
              {reply.text}
            </button>
          </li>
        ))
      )}
    </ul>
  );
}
