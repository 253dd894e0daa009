import { useRef } from 'react';
import { Button, Empty, Image, Input, Modal, Segmented, type ButtonProps } from 'antd';
import { ClockCircleOutlined, CloseOutlined, GiftOutlined, PictureOutlined, SendOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { UrlSearchInput } from '../../../components/desktop/url-search-input.tsx';
import { useChatScreen, type ChatScreen } from '../hooks/use-chat-screen.ts';
import type { ConversationFilterName } from '../chat-helpers.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { MessageList } from '../components/message-list.tsx';
import { BuyerOrders } from '../components/buyer-orders.tsx';
import { ComposerCounter, ComposerFrame, ImageFileInput, ThreadTitle } from '../components/thread-parts.tsx';
import { VoucherPickList } from '../components/voucher-parts.tsx';
import { QuickReplyManager } from './quick-reply-manager.tsx';
import { AutoReplySettingsDialog } from './auto-reply-settings.tsx';
import { OrderActionDialog } from '../../orders/api/order-action-dialogs.tsx';
import '../chat.css';

function Composer({ screen }: { screen: ChatScreen }) {
  const { t, composer } = screen;
  const file = useRef<HTMLInputElement>(null);
  return (
    <ComposerFrame screen={screen}>
      <Input.TextArea
        value={composer.text}
        onChange={(e) => composer.setText(e.target.value)}
        onKeyDown={composer.onKeyDown}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('composer.placeholder')}
        aria-label={t('composer.label')}
        disabled={composer.disabled}
        status={composer.tooLong ? 'error' : undefined}
        data-testid="chat-composer"
      />
      <div className="chat-composer-row">
        <ComposerCounter screen={screen} />
        <span>
          <ImageFileInput screen={screen} inputRef={file} />
          <Button
            icon={<PictureOutlined aria-hidden />}
            aria-label={t('composer.image')}
            title={t('composer.image')}
            disabled={composer.disabled}
            loading={composer.sendingImage}
            onClick={() => file.current?.click()}
          />{' '}
          {screen.vouchers && (
            <>
              <Button icon={<GiftOutlined aria-hidden />} aria-label={t('voucher.pick')} title={t('voucher.pick')} disabled={composer.disabled} onClick={screen.vouchers.show} data-testid="chat-voucher-pick" />{' '}
            </>
          )}
          <Button type="primary" icon={<SendOutlined aria-hidden />} disabled={composer.disabled || !composer.sendable} loading={composer.sending} onClick={composer.send} data-testid="chat-send">
            {t('composer.send')}
          </Button>
        </span>
      </div>
      <span className="chat-muted">{t('composer.hint')}</span>
    </ComposerFrame>
  );
}

function Thread({ screen }: { screen: ChatScreen }) {
  const { t, selected } = screen;
  if (screen.selectedId === null) return <div className="chat-empty">{t('thread.choose')}</div>;
  return (
    <>
      <div className="chat-thread-head">
        <ThreadTitle screen={screen} />
        {selected && screen.canEdit && (
          <Button danger={!selected.blocked} icon={<StopOutlined aria-hidden />} onClick={screen.block.ask} data-testid="chat-block">
            {t(selected.blocked ? 'block.unblock' : 'block.block')}
          </Button>
        )}
      </div>
      <div className="chat-scroll">
        <QueryState query={screen.messages} testId="chat-messages-state">
          {() => <MessageList screen={screen} />}
        </QueryState>
      </div>
      {selected?.blocked ? <p className="chat-empty">{t('block.blockedHint')}</p> : <Composer screen={screen} />}
    </>
  );
}

/** The seller's chat inbox on the desktop (/chat): conversations, the open one, the buyer's orders. */
export function ChatPage() {
  const screen = useChatScreen('desktop');
  const { t } = screen;
  return (
    <PageFrame
      titleKey="chat"
      extra={
        <>
          <Button icon={<ClockCircleOutlined aria-hidden />} onClick={screen.autoReply.show} data-testid="chat-auto-manage">
            {t('auto.manage')}
          </Button>{' '}
          <Button icon={<ThunderboltOutlined aria-hidden />} onClick={() => screen.replies.setManagerOpen(true)} data-testid="chat-replies-manage">
            {t('replies.manage')}
          </Button>
        </>
      }
    >
      <div className="chat-page chat-inbox" data-testid="chat-page">
        <section className="chat-column" aria-label={t('list.label')}>
          <div className="chat-column-head">
            <UrlSearchInput value={screen.query || undefined} onSearch={(q) => screen.setQuery(q ?? '')} placeholder={t('list.search')} width={308} maxLength={100} testId="chat-search" />
            <Segmented<ConversationFilterName>
              block
              aria-label={t('filters.label')}
              value={screen.filter}
              onChange={screen.setFilter}
              options={screen.filters.map((f) => ({ value: f, label: <span data-testid={`chat-filter-${f}`}>{t(`filters.${f}`)}</span> }))}
            />
            {screen.orderId && (
              <Button size="small" icon={<CloseOutlined aria-hidden />} iconPlacement="end" onClick={screen.clearOrder} aria-label={`${t('list.order', { orderId: screen.orderId })}, ${t('list.clearOrder')}`}>
                {t('list.order', { orderId: screen.orderId })}
              </Button>
            )}
          </div>
          <div className="chat-scroll">
            <QueryState
              query={screen.conversations}
              isEmpty={(data) => data.list.length === 0}
              empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(screen.query || screen.filter !== 'all' || screen.orderId ? 'list.noMatch' : 'list.empty')} />}
              testId="chat-list"
            >
              {() => <ConversationList screen={screen} />}
            </QueryState>
          </div>
        </section>
        <section className="chat-column" aria-label={t('thread.label')}>
          <Thread screen={screen} />
        </section>
        <section className="chat-column chat-orders" aria-labelledby="chat-orders-title">
          <h2 id="chat-orders-title">{t('orders.title')}</h2>
          {screen.selectedId === null ? <p className="chat-muted">{t('orders.choose')}</p> : <BuyerOrders screen={screen} />}
        </section>
      </div>
      <QuickReplyManager screen={screen} />
      <AutoReplySettingsDialog screen={screen} />
      <OrderActionDialog action={screen.orderAction} onClose={screen.closeOrderAction} />
      {screen.vouchers && (
        <Modal open={screen.vouchers.open} title={t('voucher.pick')} footer={null} onCancel={screen.vouchers.close} destroyOnHidden>
          <VoucherPickList screen={screen} />
        </Modal>
      )}
      <Modal
        open={screen.block.open}
        title={t(screen.selected?.blocked ? 'block.unblockTitle' : 'block.blockTitle', { name: screen.selected?.buyer.nickname ?? '' })}
        okText={t(screen.selected?.blocked ? 'block.unblock' : 'block.block')}
        okButtonProps={{ danger: !screen.selected?.blocked, loading: screen.block.pending, 'data-testid': 'chat-block-confirm' } as ButtonProps}
        cancelText={t('common:actions.cancel')}
        onOk={screen.block.confirm}
        onCancel={screen.block.cancel}
      >
        {t(screen.selected?.blocked ? 'block.unblockText' : 'block.blockText')}
      </Modal>
      {screen.viewing && (
        <Image
          style={{ display: 'none' }}
          src={screen.viewing}
          alt={t('message.image')}
          preview={{ open: true, src: screen.viewing, onOpenChange: (open) => !open && screen.view(null) }}
        />
      )}
    </PageFrame>
  );
}
