import { Alert, Button, Drawer, Empty, Segmented, Skeleton, Space, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { PromotionResultWindow } from '@shopdesk/shared/marketing/promotion-results';
import type { PromotionResultsPanel } from '../../lib/use-promotion-results.ts';
import { QueryState } from './query-state.tsx';
import { PromotionTotals } from '../promotion-totals.tsx';

/**
 * One promotion's results beside its list (vouchers, flash deals): the window, the totals, the days,
 * and the CSV. The test ids start with the panel's kind (`voucher-results…`, `deal-results…`).
 */
export function PromotionResultsDrawer({ panel }: { panel: PromotionResultsPanel }) {
  const id = `${panel.kind}-results`;
  return (
    <Drawer open={panel.open} title={panel.title} onClose={panel.close} width={720} destroyOnHidden data-testid={id}>
      <Space className="vch-results-bar" wrap>
        <Segmented
          value={panel.days}
          onChange={(d) => panel.setDays(d as PromotionResultWindow)}
          options={panel.windows}
          aria-label={panel.windowLabel}
          data-testid={`${id}-window`}
        />
        <Button icon={<DownloadOutlined aria-hidden />} loading={panel.downloading} onClick={() => void panel.download()} data-testid={`${id}-csv`}>
          {panel.downloadText}
        </Button>
      </Space>
      <QueryState query={panel.query} loading={<Skeleton active paragraph={{ rows: 6 }} />} testId={id}>
        {() => (
          <div className={panel.stale ? 'vch-results vch-stale' : 'vch-results'} aria-busy={panel.stale}>
            <PromotionTotals totals={panel.totals} testId={id} />
            <Alert type="info" showIcon message={panel.profitHint} className="vch-alert" />
            {panel.empty ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={panel.emptyText} />
            ) : (
              <>
                <h3 className="vch-results-title">{panel.byDayTitle}</h3>
                <Table
                  size="small"
                  rowKey="date"
                  pagination={false}
                  scroll={{ y: 360 }}
                  dataSource={panel.rows}
                  columns={[{ title: panel.dateLabel, dataIndex: 'date', width: 120 }, ...panel.figureLabels.map((c) => ({ title: c.label, dataIndex: c.key, align: 'right' as const }))]}
                  data-testid={`${id}-days`}
                />
              </>
            )}
          </div>
        )}
      </QueryState>
    </Drawer>
  );
}
