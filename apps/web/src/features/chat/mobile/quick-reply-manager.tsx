import { Button, List, Popup, TextArea } from 'antd-mobile';
import { Dialog } from '../../../components/mobile/imperative.ts';
import { CHAT } from '@shopdesk/shared/constants';
import type { ChatScreen } from '../hooks/use-chat-screen.ts';

/** The shop's saved replies on the phone: a sheet to add, change and delete them. */
export function MobileQuickReplyManager({ screen }: { screen: ChatScreen }) {
  const { t, replies } = screen;
  const editing = replies.editing;
  return (
    <Popup visible={replies.managerOpen} onMaskClick={() => replies.setManagerOpen(false)} onClose={() => replies.setManagerOpen(false)} bodyClassName="chat-page m-chat-sheet">
      <h2>{t('replies.title')}</h2>
      <p className="chat-muted">{t('replies.hint')}</p>
      {editing ? (
        <>
          <TextArea value={editing.text} onChange={replies.setEditingText} autoSize={{ minRows: 3, maxRows: 8 }} maxLength={CHAT.QUICK_REPLY_MAX} showCount aria-label={t('replies.text')} />
          <Button block color="primary" loading={replies.saving} disabled={editing.text.trim() === ''} onClick={replies.save}>
            {t('replies.save')}
          </Button>
          <Button block fill="none" onClick={replies.cancelEdit}>
            {t('common:actions.cancel')}
          </Button>
        </>
      ) : (
        <>
          <List>
            {(replies.query.data ?? []).map((reply) => (
              <List.Item
                key={reply.id}
                onClick={() => replies.startEdit(reply)}
                extra={
                  <Button
                    size="mini"
                    color="danger"
                    fill="none"
                    onClick={(e) => {
                      e.stopPropagation();
                      void Dialog.confirm({ content: t('replies.deleteConfirm'), confirmText: t('replies.delete'), cancelText: t('common:actions.cancel'), onConfirm: () => replies.remove(reply) });
                    }}
                  >
                    {t('replies.delete')}
                  </Button>
                }
              >
                {reply.text}
              </List.Item>
            ))}
          </List>
          {replies.query.data?.length === 0 && <p className="chat-muted">{t('replies.empty')}</p>}
          <Button block color="primary" fill="outline" disabled={(replies.query.data?.length ?? 0) >= CHAT.QUICK_REPLIES_MAX || !screen.canEdit} onClick={replies.startAdd}>
            {t('replies.add')}
          </Button>
        </>
      )}
    </Popup>
  );
}
