import { Card, Col, Empty, Row, Statistic, Table, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ResponseRate } from '@shopdesk/shared/chat/schemas';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { useResponseRateCard } from '../hooks/use-chat-response.ts';

type Missed = ResponseRate['missed'][number];

/**
 * The chat response card (desktop): the rate, the median first reply and the missed count; with
 * `detailed` (the shop health page) also the list of conversations that missed, each opening in /chat.
 */
export function ChatResponseCard({ detailed = false }: { detailed?: boolean }) {
  const card = useResponseRateCard('desktop');
  const { t } = card;
  if (!card.shown) return null;
  return (
    <Card
      title={t('rate.title')}
      variant={detailed ? undefined : 'borderless'}
      className="dashboard-section"
      data-testid="chat-response-card"
      extra={
        detailed ? undefined : (
          <Link to="/dashboard/health" data-testid="chat-response-details">
            {t('rate.details')} <RightOutlined aria-hidden />
          </Link>
        )
      }
    >
      <QueryState query={card.query}>
        {(r) => {
          const fig = card.figures(r);
          return (
            <>
              <Row gutter={[16, 16]}>
                <Col span={8} data-testid="chat-response-rate">
                  <Statistic title={t('rate.rate')} value={fig.rate} styles={{ content: { color: fig.low ? '#fa541c' : undefined } }} />
                </Col>
                <Col span={8} data-testid="chat-response-median">
                  <Statistic title={t('rate.median')} value={fig.median} />
                </Col>
                <Col span={8} data-testid="chat-response-missed">
                  <Statistic title={t('rate.missed')} value={fig.missed} styles={{ content: { color: fig.missed > 0 ? '#fa541c' : undefined } }} />
                </Col>
              </Row>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                {r.questions === 0 ? t('rate.none', { days: r.days }) : fig.hint}
                {fig.pending && ` · ${fig.pending}`}
              </Typography.Paragraph>
              {detailed && (
                <Table<Missed>
                  style={{ marginTop: 16 }}
                  rowKey="conversationId"
                  size="small"
                  data-testid="chat-response-missed-list"
                  dataSource={r.missed}
                  pagination={r.missed.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
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
              )}
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}
