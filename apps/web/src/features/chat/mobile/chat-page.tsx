import { useRef } from 'react';
import { Button, Popup, TextArea } from 'antd-mobile';
import { Dialog, ImageViewer } from '../../../components/mobile/imperative.ts';
import { GiftOutline, PictureOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { MobileUrlSearchBar } from '../../../components/mobile/url-search-bar.tsx';
import { CapsuleTabs } from '../../../components/mobile/capsule-tabs.tsx';
import { useChatScreen, type ChatScreen } from '../hooks/use-chat-screen.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { MessageList } from '../components/message-list.tsx';
import { BuyerOrders } from '../components/buyer-orders.tsx';
import { ComposerCounter, ComposerFrame, ImageFileInput, ThreadTitle } from '../components/thread-parts.tsx';
import { VoucherPickList } from '../components/voucher-parts.tsx';
import { MobileQuickReplyManager } from './quick-reply-manager.tsx';
import { MobileAutoReplySettings } from './auto-reply-settings.tsx';
import '../chat.css';

function Inbox({ screen }: { screen: ChatScreen }) {
  const { t } = screen;
  return (
    <>
      <div className="m-chat-tools">
        <MobileUrlSearchBar value={screen.query || undefined} onSearch={(v) => screen.setQuery(v ?? '')} placeholder={t('list.search')} maxLength={100} testId="m-chat-search" />
        <CapsuleTabs
          label={t('filters.label')}
          tabs={screen.filters.map((f) => ({ key: f, title: t(`filters.${f}`), testId: `m-chat-filter-${f}` }))}
          activeKey={screen.filter}
          onChange={(key) => screen.setFilter(key as typeof screen.filter)}
        />
        {screen.orderId && (
          <Button size="mini" fill="outline" onClick={screen.clearOrder} aria-label={`${t('list.order', { orderId: screen.orderId })}, ${t('list.clearOrder')}`}>
            {t('list.order', { orderId: screen.orderId })} ×
          </Button>
        )}
      </div>
      <MobileQueryState
        query={screen.conversations}
        isEmpty={(data) => data.list.length === 0}
        emptyText={t(screen.query || screen.filter !== 'all' || screen.orderId ? 'list.noMatch' : 'list.empty')}
        testId="m-chat-list"
      >
        {() => <ConversationList screen={screen} />}
      </MobileQueryState>
    </>
  );
}

function Composer({ screen }: { screen: ChatScreen }) {
  const { t, composer } = screen;
  const file = useRef<HTMLInputElement>(null);
  return (
    <ComposerFrame screen={screen}>
      <TextArea
        value={composer.text}
        onChange={composer.setText}
        autoSize={{ minRows: 1, maxRows: 4 }}
        placeholder={t('composer.placeholder')}
        aria-label={t('composer.label')}
        disabled={composer.disabled}
        data-testid="m-chat-composer"
      />
      <div className="chat-composer-row">
        <ComposerCounter screen={screen} />
        <span>
          <ImageFileInput screen={screen} inputRef={file} />
          <Button size="small" fill="outline" aria-label={t('composer.image')} disabled={composer.disabled} loading={composer.sendingImage} onClick={() => file.current?.click()}>
            <PictureOutline aria-hidden />
          </Button>{' '}
          {screen.vouchers && (
            <>
              <Button size="small" fill="outline" aria-label={t('voucher.pick')} disabled={composer.disabled} onClick={screen.vouchers.show} data-testid="m-chat-voucher-pick">
                <GiftOutline aria-hidden />
              </Button>{' '}
            </>
          )}
          <Button size="small" color="primary" disabled={composer.disabled || !composer.sendable} loading={composer.sending} onClick={composer.send} data-testid="m-chat-send">
            {t('composer.send')}
          </Button>
        </span>
      </div>
    </ComposerFrame>
  );
}

function Thread({ screen }: { screen: ChatScreen }) {
  const { t, selected } = screen;
  return (
    <div className="m-chat-thread">
      <div className="chat-thread-head">
        <ThreadTitle screen={screen} />
        {selected && screen.canEdit && (
          <Button
            size="small"
            fill="outline"
            color={selected.blocked ? 'default' : 'danger'}
            onClick={() =>
              void Dialog.confirm({
                title: t(selected.blocked ? 'block.unblockTitle' : 'block.blockTitle', { name: selected.buyer.nickname }),
                content: t(selected.blocked ? 'block.unblockText' : 'block.blockText'),
                confirmText: t(selected.blocked ? 'block.unblock' : 'block.block'),
                cancelText: t('common:actions.cancel'),
                onConfirm: screen.block.confirm,
              })
            }
            data-testid="m-chat-block"
          >
            {t(selected.blocked ? 'block.unblock' : 'block.block')}
          </Button>
        )}
      </div>
      <div className="chat-scroll">
        <MobileQueryState query={screen.messages} testId="m-chat-messages-state">
          {() => <MessageList screen={screen} />}
        </MobileQueryState>
      </div>
      {selected?.blocked ? <p className="chat-empty">{t('block.blockedHint')}</p> : <Composer screen={screen} />}
    </div>
  );
}

/** The seller's chat inbox on the phone (/m/chat): the list, or one conversation with its orders in a sheet. */
export function MobileChatPage() {
  const screen = useChatScreen('mobile');
  const { t } = screen;
  const inThread = screen.selectedId !== null;
  return (
    <MobilePageFrame
      titleKey="chat"
      right={
        inThread ? (
          <Button size="mini" fill="none" aria-label={t('orders.title')} onClick={() => screen.setOrdersOpen(true)} data-testid="m-chat-orders">
            <UnorderedListOutline aria-hidden />
          </Button>
        ) : (
          <span className="m-chat-head-actions">
            <Button size="mini" fill="none" onClick={screen.autoReply.show} data-testid="m-chat-auto-manage">
              {t('auto.short')}
            </Button>
            <Button size="mini" fill="none" onClick={() => screen.replies.setManagerOpen(true)} data-testid="m-chat-replies-manage">
              {t('replies.short')}
            </Button>
          </span>
        )
      }
    >
      <div className="chat-page m-chat-page" data-testid="m-chat-page">
        {inThread ? <Thread screen={screen} /> : <Inbox screen={screen} />}
      </div>
      <Popup visible={screen.ordersOpen} onMaskClick={() => screen.setOrdersOpen(false)} onClose={() => screen.setOrdersOpen(false)} bodyClassName="chat-page m-chat-sheet">
        <h2>{t('orders.title')}</h2>
        <BuyerOrders screen={screen} />
      </Popup>
      <MobileQuickReplyManager screen={screen} />
      <MobileAutoReplySettings screen={screen} />
      {screen.vouchers && (
        <Popup visible={screen.vouchers.open} onMaskClick={screen.vouchers.close} onClose={screen.vouchers.close} bodyClassName="chat-page m-chat-sheet">
          <h2>{t('voucher.pick')}</h2>
          <VoucherPickList screen={screen} />
        </Popup>
      )}
      <ImageViewer image={screen.viewing ?? ''} visible={screen.viewing !== null} onClose={() => screen.view(null)} />
    </MobilePageFrame>
  );
}
