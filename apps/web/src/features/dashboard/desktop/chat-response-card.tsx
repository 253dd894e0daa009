import { lazy, Suspense } from 'react';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { useResponseRateCard } from '../hooks/use-chat-response.ts';

// The list of missed conversations (antd's Table) loads on the shop health page only, never with the dashboard.
const MissedTable = lazy(() => import('./chat-response-missed.tsx').then((m) => ({ default: m.MissedTable })));

function MissedConversations(props: Parameters<typeof MissedTable>[0]) {
  return (
    <Suspense fallback={null}>
      <MissedTable {...props} />
    </Suspense>
  );
}

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
            {t('rate.details')} ›
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
              {detailed && <MissedConversations card={card} missed={r.missed} />}
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}
