import { Empty, Table } from 'antd';
import { Link } from 'react-router';
import type { ResponseRate } from '@shopdesk/shared/chat/schemas';
import type { ChatResponseCardState } from '../hooks/use-chat-response.ts';

type Missed = ResponseRate['missed'][number];

/** The conversations that missed the 12 hours (the shop health page), each opening in /chat. */
export function MissedTable({ card, missed }: { card: ChatResponseCardState; missed: Missed[] }) {
  const { t } = card;
  return (
    <Table<Missed>
      style={{ marginTop: 16 }}
      rowKey="conversationId"
      size="small"
      data-testid="chat-response-missed-list"
      dataSource={missed}
      pagination={missed.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rate.missedNone')} /> }}
      columns={[
        { title: t('rate.buyer'), render: (_v, m) => m.buyer.nickname },
        { title: t('rate.asked'), width: 190, render: (_v, m) => card.dateTime(m.askedAt) },
        {
          title: t('rate.answeredAfter'),
          width: 170,
          render: (_v, m) => (m.repliedAt ? card.replyTime((Date.parse(m.repliedAt) - Date.parse(m.askedAt)) / 1000) : t('rate.notAnswered')),
        },
        {
          title: t('rate.conversation'),
          width: 170,
          render: (_v, m) => (
            <Link to={card.conversationPath(m.conversationId)} data-testid="chat-response-open">
              {t('rate.open')}
            </Link>
          ),
        },
      ]}
    />
  );
}
