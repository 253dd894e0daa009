import { Button, Flex, Input, List, Modal, Popconfirm } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CHAT } from '@shopdesk/shared/constants';
import type { ChatScreen } from '../hooks/use-chat-screen.ts';

/** The shop's saved replies: add, change, delete (a dialog of the desktop inbox). */
export function QuickReplyManager({ screen }: { screen: ChatScreen }) {
  const { t, replies } = screen;
  const editing = replies.editing;
  return (
    <Modal open={replies.managerOpen} title={t('replies.title')} footer={null} onCancel={() => replies.setManagerOpen(false)} destroyOnHidden>
      <p className="chat-muted">{t('replies.hint')}</p>
      {editing ? (
        <Flex vertical gap={8}>
          <Input.TextArea
            value={editing.text}
            onChange={(e) => replies.setEditingText(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={CHAT.QUICK_REPLY_MAX}
            showCount
            aria-label={t('replies.text')}
            data-testid="chat-reply-text"
          />
          <Flex gap={8} justify="end">
            <Button onClick={replies.cancelEdit}>{t('common:actions.cancel')}</Button>
            <Button type="primary" loading={replies.saving} disabled={editing.text.trim() === ''} onClick={replies.save} data-testid="chat-reply-save">
              {t('replies.save')}
            </Button>
          </Flex>
        </Flex>
      ) : (
        <>
          <List
            loading={replies.query.isPending}
            dataSource={replies.query.data ?? []}
            locale={{ emptyText: replies.query.isError ? t('common:states.loadFailed') : t('replies.empty') }}
            renderItem={(reply) => (
              <List.Item
                actions={[
                  <Button key="edit" type="text" icon={<EditOutlined aria-hidden />} aria-label={t('replies.edit')} title={t('replies.edit')} onClick={() => replies.startEdit(reply)} />,
                  <Popconfirm key="delete" title={t('replies.deleteConfirm')} okText={t('replies.delete')} cancelText={t('common:actions.cancel')} onConfirm={() => replies.remove(reply)}>
                    <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('replies.delete')} title={t('replies.delete')} loading={replies.removing} />
                  </Popconfirm>,
                ]}
              >
                <span className="chat-bubble" data-testid="chat-reply-item">
                  {reply.text}
                </span>
              </List.Item>
            )}
          />
          <Button icon={<PlusOutlined aria-hidden />} disabled={(replies.query.data?.length ?? 0) >= CHAT.QUICK_REPLIES_MAX || !screen.canEdit} onClick={replies.startAdd} data-testid="chat-reply-add">
            {t('replies.add')}
          </Button>
        </>
      )}
    </Modal>
  );
}
