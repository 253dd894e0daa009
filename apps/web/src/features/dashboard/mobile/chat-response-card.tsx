import { Card } from 'antd-mobile';
import { Link } from 'react-router';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { useResponseRateCard } from '../hooks/use-chat-response.ts';

/** The chat response card on the phone's shop home: the figures, and the conversations that missed (the newest five). */
export function MobileChatResponseCard() {
  const card = useResponseRateCard('mobile');
  const { t } = card;
  if (!card.shown) return null;
  return (
    <Card title={t('rate.title')} className="m-dash-section" data-testid="m-chat-response-card">
      <MobileQueryState query={card.query}>
        {(r) => {
          const fig = card.figures(r);
          return (
            <>
              <div className="m-dash-grid">
                <div className="m-dash-cell" data-testid="m-chat-response-rate">
                  <span className={fig.low ? 'm-dash-cell-value m-dash-cell-sub-danger' : 'm-dash-cell-value'}>{fig.rate}</span>
                  <span className="m-dash-cell-label">{t('rate.rate')}</span>
                </div>
                <div className="m-dash-cell">
                  <span className="m-dash-cell-value">{fig.median}</span>
                  <span className="m-dash-cell-label">{t('rate.median')}</span>
                </div>
                <div className="m-dash-cell">
                  <span className={fig.missed > 0 ? 'm-dash-cell-value m-dash-cell-sub-danger' : 'm-dash-cell-value'}>{fig.missed}</span>
                  <span className="m-dash-cell-label">{t('rate.missed')}</span>
                </div>
              </div>
              <p className="m-dash-cell-sub">
                {r.questions === 0 ? t('rate.none', { days: r.days }) : fig.hint}
                {fig.pending && ` · ${fig.pending}`}
              </p>
              {r.missed.slice(0, 5).map((m) => (
                <div key={m.conversationId} className="m-dash-row">
                  <span>{m.buyer.nickname}</span>
                  <Link to={card.conversationPath(m.conversationId)}>{t('rate.open')}</Link>
                </div>
              ))}
            </>
          );
        }}
      </MobileQueryState>
    </Card>
  );
}
