import { Alert, App, Button, Card, Descriptions, Input, List, Progress, Space } from 'antd';
import { CheckOutlined, CloseOutlined, LinkOutlined } from '@ant-design/icons';
import type { CoupleActivity, CoupleRequest } from '@shopdesk/shared/marketing/rewards-schemas';
import { useFormat } from '../../../lib/use-format.ts';
import type { useClaimReward } from '../hooks/use-claim-reward.ts';
import { useCoupleSection } from '../hooks/use-activity-screens.ts';
import { RewardTierTable } from './reward-tier-table.tsx';

/** Couple linking on the desktop: apply by shop id, the request or link, requests to answer, and the couple tiers. */
export function CouplePanel({ couple, claim }: { couple: CoupleActivity; claim: ReturnType<typeof useClaimReward> }) {
  const { t, dateTime } = useFormat('activity');
  const { modal } = App.useApp();
  const section = useCoupleSection(couple);
  const { link, outgoing, incoming } = section;

  const apply = () => {
    const texts = section.applyConfirm();
    if (texts) modal.confirm({ ...texts, onOk: () => section.apply() });
  };
  const answer = (request: CoupleRequest, accept: boolean) => {
    modal.confirm({ ...section.confirmOf(request, accept), okButtonProps: { danger: !accept }, onOk: () => section.respond(request, accept) });
  };

  return (
    <Card type="inner" id="couple" title={<h2 className="reward-section-title">{t('centre.coupleName')}</h2>} data-testid="couple-panel">
      {link ? (
        <div data-testid="couple-linked">
          <Alert type="success" showIcon icon={<LinkOutlined aria-hidden />} title={t('couple.linked')} description={section.linkedDetail} />
          <Descriptions size="small" column={{ xs: 1, md: 3 }} className="reward-descriptions">
            <Descriptions.Item label={t('couple.partner')}>
              <span data-testid="couple-partner">{link.partner.shopName}</span>
              <span className="reward-muted">&nbsp;(ID {link.partner.shopId})</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('couple.since')}>{dateTime(link.linkedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('couple.progress')}>{section.progress}</Descriptions.Item>
          </Descriptions>
          {section.next && (
            <div className="reward-next-line">
              <span>{section.next.label}</span>
              <strong>{section.next.toGo}</strong>
            </div>
          )}
          <Progress percent={section.percent} strokeColor="#eb2f96" aria-label={t('couple.progress')} />
          <div className="reward-muted">{section.basis}</div>
        </div>
      ) : outgoing ? (
        <Alert type="info" showIcon data-testid="couple-awaiting" title={t('couple.awaiting')} description={section.awaitingDetail} />
      ) : section.canApply ? (
        <div className="reward-apply">
          <h3 className="reward-subtitle">{t('couple.applyTitle')}</h3>
          <Space.Compact className="reward-apply-row">
            <Input
              value={section.shopId}
              onChange={(e) => section.setShopId(e.target.value)}
              onPressEnter={apply}
              placeholder={t('couple.shopIdPlaceholder')}
              aria-label={t('couple.shopIdLabel')}
              inputMode="numeric"
              maxLength={9}
              data-testid="couple-shop-id"
            />
            <Button type="primary" loading={section.applying} disabled={!section.shopId.trim()} onClick={apply} data-testid="couple-apply">
              {t('couple.apply')}
            </Button>
          </Space.Compact>
          <div className="reward-muted">{t('couple.rules')}</div>
        </div>
      ) : null}

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
                  <Button key="agree" type="primary" icon={<CheckOutlined aria-hidden />} loading={section.responding?.request.requestId === r.requestId && section.responding.accept} disabled={section.responding !== null} onClick={() => answer(r, true)} data-testid={`couple-agree-${r.requestId}`}>
                    {t('couple.agree')}
                  </Button>,
                  <Button key="decline" icon={<CloseOutlined aria-hidden />} loading={section.responding?.request.requestId === r.requestId && !section.responding.accept} disabled={section.responding !== null} onClick={() => answer(r, false)} data-testid={`couple-decline-${r.requestId}`}>
                    {t('couple.decline')}
                  </Button>,
                ]}
              >
                <List.Item.Meta title={section.incomingDetail(r)} description={dateTime(r.requestedAt)} />
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
