import { useState } from 'react';
import { Button, Input, List, NoticeBar, ProgressBar } from 'antd-mobile';
import { Dialog } from '../../../components/mobile/imperative.ts';
import type { CoupleActivity, CoupleRequest } from '@shopdesk/shared/marketing/rewards-schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { percentToNext } from '../hooks/rewards-progress.ts';
import { useCoupleActions } from '../hooks/use-couple-actions.ts';

/** Couple linking on the phone: the link (and progress), the request sent, the form, and requests to answer. */
export function MobileCoupleSection({ couple }: { couple: CoupleActivity }) {
  const { t, usdt, date, dateTime } = useFormat('activity');
  const actions = useCoupleActions();
  const [shopId, setShopId] = useState('');
  const { link, outgoing, incoming } = couple;

  const answer = async (request: CoupleRequest, accept: boolean) => {
    const texts = actions.confirmOf(request, accept);
    const ok = await Dialog.confirm({ title: texts.title, content: texts.content, confirmText: texts.okText, cancelText: texts.cancelText });
    if (ok) await actions.respondTo(request, accept);
  };
  const submit = async () => {
    if (await actions.applyTo(shopId)) setShopId('');
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
            <strong>{usdt(couple.progressCents)}</strong>
          </div>
          <ProgressBar percent={percentToNext(couple.progressCents, couple.tiers, couple.next)} style={{ marginTop: 8 }} />
          {couple.next && (
            <div className="m-reward-hero-line">
              <span>{t('couple.tierN', { tier: couple.next.tier })}: {usdt(couple.next.thresholdCents)}</span>
              <strong>{t('vip.toGo', { amount: usdt(couple.next.remainingCents) })}</strong>
            </div>
          )}
        </div>
      ) : outgoing ? (
        <NoticeBar
          color="info"
          wrap
          data-testid="m-couple-awaiting"
          content={`${t('couple.awaiting')} — ${t('couple.awaitingDetail', { name: outgoing.to.shopName, id: outgoing.to.shopId, date: dateTime(outgoing.expiresAt) })}`}
        />
      ) : incoming.length > 0 ? null : (
        <List header={t('couple.applyTitle')}>
          <List.Item>
            <div className="m-reward-apply">
              <Input value={shopId} onChange={setShopId} placeholder={t('couple.shopIdPlaceholder')} aria-label={t('couple.shopIdLabel')} inputMode="numeric" maxLength={9} data-testid="m-couple-shop-id" />
              <Button size="small" color="primary" loading={actions.applying} disabled={!shopId.trim()} onClick={() => void submit()} data-testid="m-couple-apply">
                {t('couple.apply')}
              </Button>
            </div>
          </List.Item>
        </List>
      )}
      {link ? (
        <div className="m-reward-rules">{link.basis === 'combined' ? t('couple.basisCombined') : t('couple.basisOwn')}</div>
      ) : (
        <div className="m-reward-rules" style={{ paddingTop: 8 }}>{t('couple.rules')} {t('couple.notLinkedHint')}</div>
      )}

      {incoming.length > 0 && (
        <List header={t('couple.incomingTitle')} data-testid="m-couple-incoming">
          {incoming.map((r) => (
            <List.Item key={r.requestId} description={dateTime(r.requestedAt)}>
              {t('couple.incomingDetail', { name: r.from.shopName, id: r.from.shopId })}
              <div className="m-reward-actions">
                <Button size="small" color="primary" disabled={actions.responding !== null} onClick={() => void answer(r, true)} data-testid={`m-couple-agree-${r.requestId}`}>
                  {t('couple.agree')}
                </Button>
                <Button size="small" disabled={actions.responding !== null} onClick={() => void answer(r, false)} data-testid={`m-couple-decline-${r.requestId}`}>
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
