import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Input, List, Progress, Space } from 'antd';
import { CheckOutlined, CloseOutlined, LinkOutlined } from '@ant-design/icons';
import type { CoupleActivity, CoupleRequest } from '@shopdesk/shared/marketing/rewards-schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { percentToNext } from '../hooks/rewards-progress.ts';
import type { useClaimReward } from '../hooks/use-claim-reward.ts';
import { useCoupleActions } from '../hooks/use-couple-actions.ts';
import { RewardTierTable } from './reward-tier-table.tsx';

/** Couple linking on the desktop: apply by shop id, the request or link, requests to answer, and the couple tiers. */
export function CouplePanel({ couple, claim }: { couple: CoupleActivity; claim: ReturnType<typeof useClaimReward> }) {
  const { t, usdt, date, dateTime } = useFormat('activity');
  const { modal } = App.useApp();
  const actions = useCoupleActions();
  const [shopId, setShopId] = useState('');
  const { link, outgoing, incoming } = couple;

  const answer = (request: CoupleRequest, accept: boolean) => {
    modal.confirm({ ...actions.confirmOf(request, accept), okButtonProps: { danger: !accept }, onOk: () => actions.respondTo(request, accept) });
  };
  const submit = async () => {
    if (await actions.applyTo(shopId)) setShopId('');
  };

  return (
    <Card type="inner" id="couple" title={<h2 className="reward-section-title">{t('centre.coupleName')}</h2>} data-testid="couple-panel">
      {link ? (
        <div data-testid="couple-linked">
          <Alert type="success" showIcon icon={<LinkOutlined aria-hidden />} title={t('couple.linked')} description={t('couple.linkedDetail', { name: link.partner.shopName, id: link.partner.shopId, date: date(link.linkedAt) })} />
          <Descriptions size="small" column={{ xs: 1, md: 3 }} className="reward-descriptions">
            <Descriptions.Item label={t('couple.partner')}>
              <span data-testid="couple-partner">{link.partner.shopName}</span>
              <span className="reward-muted">&nbsp;(ID {link.partner.shopId})</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('couple.since')}>{dateTime(link.linkedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('couple.progress')}>{usdt(couple.progressCents)}</Descriptions.Item>
          </Descriptions>
          {couple.next && (
            <div className="reward-next-line">
              <span>{t('couple.tierN', { tier: couple.next.tier })}: {usdt(couple.next.thresholdCents)}</span>
              <strong>{t('vip.toGo', { amount: usdt(couple.next.remainingCents) })}</strong>
            </div>
          )}
          <Progress percent={percentToNext(couple.progressCents, couple.tiers, couple.next)} strokeColor="#eb2f96" aria-label={t('couple.progress')} />
          <div className="reward-muted">{link.basis === 'combined' ? t('couple.basisCombined') : t('couple.basisOwn')}</div>
        </div>
      ) : outgoing ? (
        <Alert
          type="info"
          showIcon
          data-testid="couple-awaiting"
          title={t('couple.awaiting')}
          description={t('couple.awaitingDetail', { name: outgoing.to.shopName, id: outgoing.to.shopId, date: dateTime(outgoing.expiresAt) })}
        />
      ) : incoming.length > 0 ? null : (
        <div className="reward-apply">
          <h3 className="reward-subtitle">{t('couple.applyTitle')}</h3>
          <Space.Compact className="reward-apply-row">
            <Input
              value={shopId}
              onChange={(e) => setShopId(e.target.value)}
              onPressEnter={() => void submit()}
              placeholder={t('couple.shopIdPlaceholder')}
              aria-label={t('couple.shopIdLabel')}
              inputMode="numeric"
              maxLength={9}
              data-testid="couple-shop-id"
            />
            <Button type="primary" loading={actions.applying} disabled={!shopId.trim()} onClick={() => void submit()} data-testid="couple-apply">
              {t('couple.apply')}
            </Button>
          </Space.Compact>
          <div className="reward-muted">{t('couple.rules')}</div>
        </div>
      )}

      {incoming.length > 0 && (
        <>
          <h3 className="reward-subtitle">{t('couple.incomingTitle')}</h3>
          <List
            dataSource={incoming}
            data-testid="couple-incoming"
            renderItem={(r) => (
              <List.Item
                key={r.requestId}
                actions={[
                  <Button key="agree" type="primary" icon={<CheckOutlined aria-hidden />} loading={actions.responding?.request.requestId === r.requestId && actions.responding.accept} disabled={actions.responding !== null} onClick={() => answer(r, true)} data-testid={`couple-agree-${r.requestId}`}>
                    {t('couple.agree')}
                  </Button>,
                  <Button key="decline" icon={<CloseOutlined aria-hidden />} loading={actions.responding?.request.requestId === r.requestId && !actions.responding.accept} disabled={actions.responding !== null} onClick={() => answer(r, false)} data-testid={`couple-decline-${r.requestId}`}>
                    {t('couple.decline')}
                  </Button>,
                ]}
              >
                <List.Item.Meta title={t('couple.incomingDetail', { name: r.from.shopName, id: r.from.shopId })} description={dateTime(r.requestedAt)} />
              </List.Item>
            )}
          />
        </>
      )}

      <h3 className="reward-subtitle">{t('couple.tiersTitle')}</h3>
      {!link && <p className="reward-muted reward-hint">{t('couple.notLinkedHint')}</p>}
      <RewardTierTable activity="couple" tiers={couple.tiers} claim={claim} />
    </Card>
  );
}
