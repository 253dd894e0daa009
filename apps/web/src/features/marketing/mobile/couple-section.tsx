import { Button, Input, List, NoticeBar, ProgressBar } from 'antd-mobile';
import { Dialog } from '../../../components/mobile/imperative.ts';
import type { CoupleActivity, CoupleRequest } from '@shopdesk/shared/marketing/rewards-schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { useCoupleSection } from '../hooks/use-activity-screens.ts';

/** Couple linking on the phone: the link (and progress), the request sent, the form, and requests to answer. */
export function MobileCoupleSection({ couple }: { couple: CoupleActivity }) {
  const { t, date, dateTime } = useFormat('activity');
  const section = useCoupleSection(couple);
  const { link, outgoing, incoming } = section;

  const apply = async () => {
    const texts = section.applyConfirm();
    if (!texts) return;
    const ok = await Dialog.confirm({ title: texts.title, content: texts.content, confirmText: texts.okText, cancelText: texts.cancelText });
    if (ok) await section.apply();
  };
  const answer = async (request: CoupleRequest, accept: boolean) => {
    const texts = section.confirmOf(request, accept);
    const ok = await Dialog.confirm({ title: texts.title, content: texts.content, confirmText: texts.okText, cancelText: texts.cancelText });
    if (ok) await section.respond(request, accept);
  };

  return (
    <div data-testid="m-couple">
      {link ? (
        <div className="m-reward-hero couple" data-testid="m-couple-linked">
          <div className="m-reward-tier-meta" style={{ color: 'inherit' }}>{t('couple.linked')}</div>
          <div className="m-reward-hero-level" data-testid="m-couple-partner">{link.partner.shopName}</div>
          <div className="m-reward-hero-line">
            <span>ID {link.partner.shopId}</span>
            <span>{t('couple.since')}: {date(link.linkedAt)}</span>
          </div>
          <div className="m-reward-hero-line">
            <span>{t('couple.progress')}</span>
            <strong>{section.progress}</strong>
          </div>
          <ProgressBar percent={section.percent} style={{ marginTop: 8 }} />
          {section.next && (
            <div className="m-reward-hero-line">
              <span>{section.next.label}</span>
              <strong>{section.next.toGo}</strong>
            </div>
          )}
        </div>
      ) : outgoing ? (
        <NoticeBar color="info" wrap data-testid="m-couple-awaiting" content={`${t('couple.awaiting')} — ${section.awaitingDetail}`} />
      ) : section.canApply ? (
        <List header={t('couple.applyTitle')}>
          <List.Item>
            <div className="m-reward-apply">
              <Input value={section.shopId} onChange={section.setShopId} placeholder={t('couple.shopIdPlaceholder')} aria-label={t('couple.shopIdLabel')} inputMode="numeric" maxLength={9} data-testid="m-couple-shop-id" />
              <Button size="small" color="primary" loading={section.applying} disabled={!section.shopId.trim()} onClick={() => void apply()} data-testid="m-couple-apply">
                {t('couple.apply')}
              </Button>
            </div>
          </List.Item>
        </List>
      ) : null}
      {link ? (
        <div className="m-reward-rules">{section.basis}</div>
      ) : (
        <div className="m-reward-rules" style={{ paddingTop: 8 }}>{t('couple.rules')} {t('couple.notLinkedHint')}</div>
      )}

      {incoming.length > 0 && (
        <List header={t('couple.incomingTitle')} data-testid="m-couple-incoming">
          {incoming.map((r) => (
            <List.Item key={r.requestId} description={dateTime(r.requestedAt)}>
              {section.incomingDetail(r)}
              <div className="m-reward-actions">
                <Button size="small" color="primary" disabled={section.responding !== null} onClick={() => void answer(r, true)} data-testid={`m-couple-agree-${r.requestId}`}>
                  {t('couple.agree')}
                </Button>
                <Button size="small" disabled={section.responding !== null} onClick={() => void answer(r, false)} data-testid={`m-couple-decline-${r.requestId}`}>
                  {t('couple.decline')}
                </Button>
              </div>
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
