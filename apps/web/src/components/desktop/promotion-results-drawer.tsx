import { Alert, Button, Drawer, Empty, Segmented, Skeleton, Space, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { PromotionResultWindow } from '@shopdesk/shared/marketing/promotion-results';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import type { VoucherResultsPanel } from '../hooks/use-voucher-results.ts';

/** One voucher's results beside the list: the window, the totals, the days, and the CSV. */
export function VoucherResultsDrawer({ panel }: { panel: VoucherResultsPanel }) {
  return (
    <Drawer open={panel.open} title={panel.title} onClose={panel.close} width={720} destroyOnHidden data-testid="voucher-results">
      <Space className="vch-results-bar" wrap>
        <Segmented
          value={panel.days}
          onChange={(d) => panel.setDays(d as PromotionResultWindow)}
          options={panel.windows}
          aria-label={panel.windowLabel}
          data-testid="voucher-results-window"
        />
        <Button icon={<DownloadOutlined aria-hidden />} loading={panel.downloading} onClick={() => void panel.download()} data-testid="voucher-results-csv">
          {panel.downloadText}
        </Button>
      </Space>
      <QueryState query={panel.query} loading={<Skeleton active paragraph={{ rows: 6 }} />} testId="voucher-results">
        {() => (
          <div className={panel.stale ? 'vch-results vch-stale' : 'vch-results'} aria-busy={panel.stale}>
            <dl className="vch-totals" data-testid="voucher-results-totals">
              {panel.totals.map((item) => (
                <div key={item.key} className="vch-total" data-testid={`voucher-results-${item.key}`}>
                  <dt>{item.label}</dt>
                  <dd>{item.value}</dd>
                </div>
              ))}
            </dl>
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
                  data-testid="voucher-results-days"
                />
              </>
            )}
          </div>
        )}
      </QueryState>
    </Drawer>
  );
}
