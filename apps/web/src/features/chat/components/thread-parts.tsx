import type { ReactNode, Ref } from 'react';
import { QuickReplyOptions } from './quick-reply-options.tsx';
import type { ChatScreen } from '../hooks/use-chat-screen.ts';

/** The open conversation's buyer and language (both devices). */
export function ThreadTitle({ screen }: { screen: ChatScreen }) {
  const { t, selected } = screen;
  return (
    <div className="chat-thread-title">
      <h2 data-testid="chat-thread-name">{selected?.buyer.nickname ?? t('thread.title')}</h2>
      {selected && <span className="chat-muted">{t('list.language', { language: screen.language(selected) })}</span>}
    </div>
  );
}

/** The composer's character counter, red past the limit (both devices). */
export function ComposerCounter({ screen }: { screen: ChatScreen }) {
  const { t, composer } = screen;
  return (
    <span className={composer.tooLong ? 'chat-muted chat-counter-over' : 'chat-muted'} aria-live="polite" data-testid="chat-counter">
      {t('composer.counter', { used: composer.count, max: composer.max })}
    </span>
  );
}

/** The hidden file input behind a device's picture button: the picked picture goes to the hook. */
export function ImageFileInput({ screen, inputRef }: { screen: ChatScreen; inputRef: Ref<HTMLInputElement> }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept="image/png,image/jpeg,image/gif,image/webp"
      hidden
      onChange={(e) => {
        const picked = e.target.files?.[0];
        e.target.value = '';
        if (picked) screen.composer.sendImage(picked);
      }}
      data-testid="chat-image-input"
    />
  );
}

/** The composer's frame, with the quick replies `/` lists above it (both devices). */
export function ComposerFrame({ screen, children }: { screen: ChatScreen; children: ReactNode }) {
  return (
    <div className="chat-composer">
      <QuickReplyOptions screen={screen} />
      {children}
    </div>
  );
}
