import { Button, NoticeBar, Popup, Selector } from 'antd-mobile';
import type { PromotionResultWindow } from '@shopdesk/shared/marketing/promotion-results';
import type { PromotionResultsPanel } from '../../lib/use-promotion-results.ts';
import { MobileQueryState } from './query-state.tsx';
import { PromotionTotals } from '../promotion-totals.tsx';

/**
 * One promotion's results in a sheet over its list (vouchers, flash deals): the window, the totals,
 * the days, and the CSV. The test ids start with `m-` and the panel's kind (`m-deal-results…`).
 */
export function MPromotionResultsSheet({ panel }: { panel: PromotionResultsPanel }) {
  const id = `m-${panel.kind}-results`;
  return (
    <Popup visible={panel.open} onMaskClick={panel.close} onClose={panel.close} bodyClassName="m-sheet m-vch-sheet" showCloseButton destroyOnClose>
      <h2 className="m-vch-sheet-title">{panel.title}</h2>
      <div className="m-vch-sheet-body" data-testid={id}>
        <div role="group" aria-label={panel.windowLabel} className="m-vch-results-window">
          <Selector columns={2} options={panel.windows} value={[panel.days]} onChange={(v) => v[0] && panel.setDays(v[0] as PromotionResultWindow)} data-testid={`${id}-window`} />
        </div>
        <MobileQueryState query={panel.query} testId={id}>
          {() => (
            <div className={panel.stale ? 'vch-results vch-stale' : 'vch-results'} aria-busy={panel.stale}>
              <PromotionTotals totals={panel.totals} testId={id} className="vch-totals m-vch-totals" />
              <NoticeBar content={panel.profitHint} color="info" wrap />
              {panel.empty ? (
                <p className="m-vch-note m-vch-results-empty">{panel.emptyText}</p>
              ) : (
                <>
                  <h3 className="vch-results-title">{panel.byDayTitle}</h3>
                  <ul className="m-vch-days">
                    {panel.rows.map((d) => (
                      <li key={d.date} className="m-vch-day">
                        <strong>{d.date}</strong>
                        <span>
                          {panel.figureLabels.map((c) => (
                            <span key={c.key} className="m-vch-day-figure">
                              {c.label}: {d[c.key]}
                            </span>
                          ))}
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
        </MobileQueryState>
      </div>
      <div className="m-vch-sheet-foot">
        <Button onClick={panel.close}>{panel.closeText}</Button>
        <Button color="primary" loading={panel.downloading} onClick={() => void panel.download()} data-testid={`${id}-csv`}>
          {panel.downloadText}
        </Button>
      </div>
    </Popup>
  );
}
